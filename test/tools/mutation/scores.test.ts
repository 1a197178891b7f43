import { describe, expect, it } from "vitest";
import { missed, scoreRows, scoreText, tally, type Equivalent, type MutationReport, type ReportedMutant } from "../../../tools/mutation/scores.ts";

// A report of invented files in StrykerJS's JSON form, as `npm run test:mutation` reads it.
const at = (line: number, column: number, mutatorName: string, replacement: string, status: string): ReportedMutant => ({
  mutatorName,
  replacement,
  status,
  location: { start: { line, column }, end: { line, column: column + 1 } },
});
const report: MutationReport = {
  files: {
    "contract/check.ts": {
      source: "export const small = (n: number) => n < 8;\nexport const name = 'check';\n",
      mutants: [at(1, 37, "EqualityOperator", "n <= 8", "Killed"), at(1, 37, "ConditionalExpression", "true", "Timeout"), at(2, 27, "StringLiteral", '""', "Survived"), at(1, 37, "ConditionalExpression", "false", "Killed")],
    },
    "contract/other.ts": { source: "export const a = 1 + 2;\n", mutants: [at(1, 18, "ArithmeticOperator", "1 - 2", "NoCoverage"), at(1, 18, "ArithmeticOperator", "1 - 2", "CompileError"), at(1, 18, "ArithmeticOperator", "1 * 2", "Ignored")] },
    "edge/read.ts": { source: "\n  if (a === b)   go();\n", mutants: [at(2, 7, "EqualityOperator", "a !== b", "Survived"), at(2, 7, "ConditionalExpression", "true", "Killed")] },
  },
};
const equivalent = (fields: Partial<Equivalent>): Equivalent => ({ file: "edge/read.ts", code: "if (a === b) go();", mutator: "EqualityOperator", replacement: "a !== b", reason: "example", ...fields });

describe("the mutation scores", () => {
  it("count timeouts as detected, mutants reached only as a module loads apart, and neither compile errors nor other statuses", () => {
    const { files } = tally(report, []);
    expect(files.get("contract/check.ts")).toEqual({ killed: 3, survived: 1, noCoverage: 0, equivalent: 0, loadOnly: 0 });
    expect(files.get("contract/other.ts")).toEqual({ killed: 0, survived: 0, noCoverage: 1, equivalent: 0, loadOnly: 1 });
  });

  it("give a folder the share detected among its files' mutants, no coverage counted as undetected", () => {
    const rows = scoreRows(tally(report, []).files, [{ scope: "contract/", minimum: 85 }, { scope: "contract/check.ts", minimum: 70 }, { scope: "generator/", minimum: 85 }]);
    expect(rows.map(({ scope, score }) => [scope, score])).toEqual([["contract/", 60], ["contract/check.ts", 75], ["generator/", null]]);
    expect(rows.map(missed)).toEqual([true, false, false]);
  });

  it("leave out a survivor listed as equivalent, matched by its line's code whatever its spacing or line number", () => {
    const { files, stale } = tally(report, [equivalent({})]);
    expect(files.get("edge/read.ts")).toEqual({ killed: 1, survived: 0, noCoverage: 0, equivalent: 1, loadOnly: 0 });
    expect(stale).toEqual([]);
    expect(scoreRows(files, [{ scope: "edge/", minimum: 95 }])[0]!.score).toBe(100);
  });

  it("name a listed equivalent that no longer survives, and ignore entries of files the report does not hold", () => {
    const { stale } = tally(report, [equivalent({ replacement: "a == b" }), equivalent({ file: "edge/elsewhere.ts" })]);
    expect(stale.map((entry) => entry.replacement)).toEqual(["a == b"]);
    expect(scoreText([], stale)).toContain('listed as equivalent but not among the survivors (stryker.equivalent.json): edge/read.ts: EqualityOperator "if (a === b) go();"');
  });

  it("print one line per scope and say which is below its minimum", () => {
    const text = scoreText(scoreRows(tally(report, []).files, [{ scope: "contract/", minimum: 85 }, { scope: "edge/", minimum: 40 }]), []);
    expect(text.split("\n")).toEqual([
      "scope       score  minimum  killed  survived  no coverage  equivalent  load only",
      "contract/  60.0 %     85 %       3         1            1           0          1",
      "edge/      50.0 %     40 %       1         1            0           0          0",
      "below its minimum: contract/ (60.0 %, at least 85 %)",
      "",
    ]);
  });
});
