import { describe, expect, it } from "vitest";
import { canonicalJson, guideHash, guideInputs, guideJson, pairInputs, resolveInputs } from "../../../generator/derive/units.ts";
import { akCaseHardened, guide, system } from "../../../generator/example-data.ts";
import { createHash } from "node:crypto";

const example = guide({ platform_id: "200", systems: [system({ id: "blue" })] });

describe("what each part of a build is derived from", () => {
  it("a guide's JSON is its compact JSON as UTF-8, hashed with SHA-256", () => {
    expect(guideJson(example).toString("utf8")).toBe(JSON.stringify(example));
    expect(guideHash(example)).toBe(createHash("sha256").update(JSON.stringify(example)).digest("hex"));
    expect(guideJson(example)).toBe(guideJson(example));
  });

  it("an item file is read with its keys sorted at every depth, its lists in order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { f: 1, e: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"e":2,"f":1}]},"b":1}');
  });

  it("a part's hash changes with anything it reads, and only with that", () => {
    const item = akCaseHardened();
    const base = pairInputs(item, [], [example]);
    expect(base).toMatch(/^[0-9a-f]{32}$/);
    expect(pairInputs({ ...item }, [], [example])).toBe(base);
    expect(pairInputs({ ...item, finish: "Other" }, [], [example])).not.toBe(base);
    expect(pairInputs(item, ["fade"], [example])).not.toBe(base);
    expect(pairInputs(item, [], [])).not.toBe(base);
    expect(guideInputs(example)).not.toBe(guideInputs({ ...example, title: "Other" }));
    expect(resolveInputs(item)).not.toBe(resolveInputs({ ...item, slug: "other" }));
    // Each kind of part hashes under its own name: the same inputs give another hash.
    expect(resolveInputs(item)).not.toBe(pairInputs(item, [], []));
  });

  it("a part's hash tells its inputs apart however they are cut", () => {
    const [a, b] = [guide({ platform_id: "1", systems: [] }), guide({ platform_id: "12", systems: [] })];
    expect(pairInputs(akCaseHardened(), ["ab", "c"], [a, b])).not.toBe(pairInputs(akCaseHardened(), ["a", "bc"], [a, b]));
  });

  it("a part's hash is the SHA-256 of its kind's name and its inputs, each after its length, cut to 32 hex digits", () => {
    const sha = (...parts: string[]) => createHash("sha256").update(parts.map((part) => `${part.length}:${part}`).join("")).digest("hex").slice(0, 32);
    const item = akCaseHardened();
    expect(pairInputs(item, ["fade"], [example])).toBe(sha("pair", canonicalJson(item), '["fade"]', guideHash(example)));
    expect(guideInputs(example)).toBe(sha("guide", guideHash(example)));
    expect(resolveInputs(item)).toBe(sha("resolve", canonicalJson(item)));
  });
});
