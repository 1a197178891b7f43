import { describe, expect, it } from "vitest";
import { cutText } from "../../../tools/review/pieces.ts";

describe("cutting the readable text into pieces", () => {
  it("cuts after each line end and where marks begin and end, keeping every character once and where it starts", () => {
    const text = "Tier 1: 661\nnote 92 here";
    const pieces = cutText(text, {
      quotes: [{ id: 0, start: 0, end: 11, colour: 3 }],
      taken: [{ start: 8, end: 11 }],
      unassigned: [{ id: 0, start: 17, end: 19 }],
      regions: [],
      marks: [],
    });
    expect(pieces).toEqual([
      { kind: "quote", quote: 0 },
      { kind: "text", text: "Tier 1: ", start: 0, quotes: [0], colour: 3, number: null, region: null, marks: [] },
      { kind: "text", text: "661", start: 8, quotes: [0], colour: 3, number: { kind: "taken" }, region: null, marks: [] },
      { kind: "text", text: "\n", start: 11, quotes: [], colour: null, number: null, region: null, marks: [] },
      { kind: "text", text: "note ", start: 12, quotes: [], colour: null, number: null, region: null, marks: [] },
      { kind: "text", text: "92", start: 17, quotes: [], colour: null, number: { kind: "unassigned", id: 0 }, region: null, marks: [] },
      { kind: "text", text: " here", start: 19, quotes: [], colour: null, number: null, region: null, marks: [] },
    ]);
  });

  it("gives overlapping quotes' text the colour of the innermost, and keeps both over it", () => {
    const text = "Tier 1 is best: 661, 555";
    const pieces = cutText(text, {
      quotes: [
        { id: 0, start: 0, end: 24, colour: null },
        { id: 1, start: 16, end: 24, colour: 2 },
      ],
      taken: [],
      unassigned: [],
      regions: [{ region: "sidebar", start: 20, end: 24 }],
      marks: [],
    });
    const texts = pieces.filter((piece) => piece.kind === "text");
    expect(texts.map((piece) => [piece.text, piece.colour, piece.quotes, piece.region])).toEqual([
      ["Tier 1 is best: ", "other", [0], null],
      ["661,", 2, [1, 0], null],
      [" 555", 2, [1, 0], "sidebar"],
    ]);
    expect(pieces.filter((piece) => piece.kind === "quote")).toEqual([{ kind: "quote", quote: 0 }, { kind: "quote", quote: 1 }]);
  });

  it("cuts where the page's marks begin and end, names each before its first text that is not blank, and keeps their kinds over their text", () => {
    const text = "EXAMPLE CONTENT\nTier 1: 661, 321\nOriginally posted by Example Author B:\n555 is best\n";
    const pieces = cutText(text, {
      quotes: [],
      taken: [],
      unassigned: [],
      regions: [],
      marks: [
        { mark: "struck", start: text.indexOf("661"), end: text.indexOf("661") + 3 },
        { mark: "quoted", start: text.indexOf("\nOriginally"), end: text.length - 1 },
      ],
    });
    expect(pieces.map((piece) => (piece.kind === "mark" ? `[${piece.mark}]` : piece.kind === "text" ? [piece.text, piece.marks] : piece))).toEqual([
      ["EXAMPLE CONTENT\n", []],
      ["Tier 1: ", []],
      "[struck]",
      ["661", ["struck"]],
      [", 321", []],
      ["\n", ["quoted"]],
      "[quoted]",
      ["Originally posted by Example Author B:\n", ["quoted"]],
      ["555 is best", ["quoted"]],
      ["\n", []],
    ]);
  });
});
