import { describe, expect, it } from "vitest";
import { checkReport } from "../../../generator/validate/report.ts";
import { sampleGuide, sampleItems } from "../../fixtures/validate/sample-dataset.ts";

describe("checkReport", () => {
  it("prints each problem on its own line, then how many problems in how many files", () => {
    const problems = [
      { file: "guides/1.json", path: "$.title", message: "is missing", expected: "a non-empty string" },
      { file: "guides/1.json", path: "$.url", message: 'is "x"' },
      { file: "items/a.json", path: "$", message: "not valid JSON at line 1, column 2: trailing comma before '}'" },
    ];
    expect(checkReport({ ok: false, problems })).toEqual([
      "guides/1.json: $.title: is missing (expected a non-empty string)",
      'guides/1.json: $.url: is "x"',
      "items/a.json: $: not valid JSON at line 1, column 2: trailing comma before '}'",
      "3 problems in 2 files",
    ]);
  });

  it("summarizes a good dataset by items, pairs, guides and gradings", () => {
    expect(checkReport({ ok: true, value: { items: sampleItems(), guides: [sampleGuide()] } })).toEqual(["dataset OK: 2 items (5 pairs), 1 guide, 7 gradings"]);
  });
});
