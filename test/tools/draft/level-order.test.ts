import { describe, expect, it } from "vitest";
import type { BodyLine } from "../../../generator/capture/lines.ts";
import { levelKey, orderLevels } from "../../../tools/draft/level-order.ts";

// How a table's level column is put best first: a legend on the page, else the labels' natural order, else
// the order the rows first name the levels. The lines are EXAMPLE CONTENT.

function lines(...texts: string[]): BodyLine[] {
  let start = 0;
  return texts.map((text, index) => {
    const line: BodyLine = { number: index + 1, start, end: start + text.length, text, heading: false, rank: 6, cell: false, row: null, headerCell: false, column: null, caption: false, ordinal: null };
    start += text.length + 1;
    return line;
  });
}

/** The labels best first, and what decided. */
function ordered(labels: string[], page: BodyLine[] = []) {
  const { order, by } = orderLevels(labels, page);
  return { labels: order.map((index) => labels[index]), by: by.kind === "legend" ? `legend, line ${by.line.number}` : by.kind === "natural" ? `natural: ${by.name}` : "appearance" };
}

describe("the natural order of level labels, when no legend is written", () => {
  it("numbered tiers go 1 first, by number (Tier 2 before Tier 10)", () => {
    expect(ordered(["Tier 2", "Tier 10", "Tier 1"])).toEqual({ labels: ["Tier 1", "Tier 2", "Tier 10"], by: "natural: numbered, 1 best" });
  });

  it("letter grades go S before A before B, a plus before the plain grade", () => {
    expect(ordered(["B", "A", "S", "A+", "C-", "C"]).labels).toEqual(["S", "A+", "A", "B", "C", "C-"]);
  });

  it("a grade is read without its level word, before or after it (Tier S, A-Tier, B tier)", () => {
    expect(ordered(["B tier", "Tier S", "A-Tier"]).labels).toEqual(["Tier S", "A-Tier", "B tier"]);
    expect(levelKey("S-Tier")).toBe("s");
    expect(levelKey("Tier 1")).toBe("1");
  });

  it("percentages go highest first: 100% before 99%", () => {
    expect(ordered(["99%", "95%", "100%", "99,5%"]).labels).toEqual(["100%", "99,5%", "99%", "95%"]);
  });

  it("Roman numerals go I first", () => {
    expect(ordered(["Tier III", "Tier I", "Tier II"]).labels).toEqual(["Tier I", "Tier II", "Tier III"]);
  });

  it("labels of no one natural order keep the order the rows first name them", () => {
    expect(ordered(["Gold", "S", "Blue"])).toEqual({ labels: ["Gold", "S", "Blue"], by: "appearance" });
  });
});

describe("a legend on the page decides", () => {
  it("a legend best first, with a lead-in and a tail, orders the levels it names", () => {
    const page = lines("EXAMPLE CONTENT", "Legend: Purple > Blue > Gold (best to worst)");
    expect(ordered(["Gold", "Blue", "Purple"], page)).toEqual({ labels: ["Purple", "Blue", "Gold"], by: "legend, line 2" });
  });

  it("a legend worst first (C < B < A < S) is read backwards", () => {
    expect(ordered(["B", "C", "S", "A"], lines("C < B < A < S"))).toEqual({ labels: ["S", "A", "B", "C"], by: "legend, line 1" });
  });

  it("a legend naming the levels with their level word names the bare labels of the column", () => {
    expect(ordered(["2", "1", "3"], lines("Tier 3 > Tier 1 > Tier 2")).labels).toEqual(["3", "1", "2"]);
  });

  it("levels a legend leaves out follow the ones it names, in their natural order", () => {
    expect(ordered(["C", "B", "A", "S"], lines("Ranking: A > S")).labels).toEqual(["A", "S", "B", "C"]);
  });

  it("a line saying which level is the best turns the natural order round when it must", () => {
    expect(ordered(["Tier 1", "Tier 3", "Tier 2"], lines("Note: Tier 3 is the best one")).labels).toEqual(["Tier 3", "Tier 2", "Tier 1"]);
    expect(ordered(["Tier 1", "Tier 3", "Tier 2"], lines("Tier 1 is the best")).labels).toEqual(["Tier 1", "Tier 2", "Tier 3"]);
  });

  it("a line naming the best of levels with no natural order puts it first, the rest as first named", () => {
    expect(ordered(["Gold", "Blue", "Purple"], lines("Best: Purple"))).toEqual({ labels: ["Purple", "Gold", "Blue"], by: "legend, line 1" });
    expect(ordered(["Gold", "Blue", "Purple"], lines("Gold is the lowest")).labels).toEqual(["Blue", "Purple", "Gold"]);
  });

  it("a line comparing words that are not the column's levels is no legend (Top 3 overall, price > looks)", () => {
    expect(ordered(["Tier 2", "Tier 1", "Tier 3"], lines("Top 3 overall", "price > looks for me"))).toEqual({ labels: ["Tier 1", "Tier 2", "Tier 3"], by: "natural: numbered, 1 best" });
  });
});
