// The edits the workbench page sends (tools/workbench/edit.ts), as the server reads them before applying any:
// what a span must be.

import { describe, expect, it } from "vitest";
import { editSchema, spanSchema } from "../../../tools/workbench/edit.ts";

describe("a span of an edit", () => {
  it("holds at least one character: it ends after it starts", () => {
    expect(spanSchema.safeParse({ start: 12, end: 13 })).toEqual({ success: true, data: { start: 12, end: 13 } });
    for (const span of [{ start: 12, end: 12 }, { start: 12, end: 11 }]) {
      const read = spanSchema.safeParse(span);
      expect(read.success ? null : read.error.issues.map((issue) => issue.message)).toEqual(["a span ends after it starts"]);
    }
  });

  it("refuses an edit whose span holds no character", () => {
    const remark = (span: { start: number; end: number }) => editSchema.safeParse({ kind: "remark", span, note: null, system: null }).success;
    expect([remark({ start: 3, end: 9 }), remark({ start: 9, end: 9 })]).toEqual([true, false]);
  });
});
