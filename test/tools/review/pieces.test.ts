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
    });
    expect(pieces).toEqual([
      { kind: "quote", quote: 0 },
      { kind: "text", text: "Tier 1: ", start: 0, quotes: [0], colour: 3, number: null, region: null },
      { kind: "text", text: "661", start: 8, quotes: [0], colour: 3, number: { kind: "taken" }, region: null },
      { kind: "text", text: "\n", start: 11, quotes: [], colour: null, number: null, region: null },
      { kind: "text", text: "note ", start: 12, quotes: [], colour: null, number: null, region: null },
      { kind: "text", text: "92", start: 17, quotes: [], colour: null, number: { kind: "unassigned", id: 0 }, region: null },
      { kind: "text", text: " here", start: 19, quotes: [], colour: null, number: null, region: null },
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
    });
    const texts = pieces.filter((piece) => piece.kind === "text");
    expect(texts.map((piece) => [piece.text, piece.colour, piece.quotes, piece.region])).toEqual([
      ["Tier 1 is best: ", "other", [0], null],
      ["661,", 2, [1, 0], null],
      [" 555", 2, [1, 0], "sidebar"],
    ]);
    expect(pieces.filter((piece) => piece.kind === "quote")).toEqual([{ kind: "quote", quote: 0 }, { kind: "quote", quote: 1 }]);
  });
});
