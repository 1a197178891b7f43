import { describe, expect, it } from "vitest";
import { discrepancySchema, guideSchema } from "../../../contract/schema/guide.ts";
import { guide, system } from "../../../generator/example-data.ts";

const example = guide({ platform_id: "900000001", systems: [system({ id: "blue" })] });
const issues = (value: unknown) => guideSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("a guide document's fields", () => {
  it("are those of the example guide, which reads as a guide", () => {
    expect(issues(example)).toEqual([]);
  });

  it("say what a capture's path and checksum must be", () => {
    expect(issues({ ...example, snapshot: { ...example.snapshot, path: "/absolute.html", sha256: "ABC" } })).toEqual([
      "snapshot.path: a relative path inside dataset/snapshots/",
      "snapshot.sha256: 64 lowercase hex digits",
    ]);
  });

  it("say how a discrepancy names where it is", () => {
    expect(discrepancySchema.safeParse({ kind: "duplicate_seed", seed: 1, where: ["blue"] }).error?.issues.map((issue) => issue.message)).toEqual(["'<system id>:<level key>'"]);
  });
});
