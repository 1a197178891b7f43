// The review page's view of one guide, from literal guide documents and captures (example data): what is
// marked where, in which level's colour, and where each problem and placeholder is shown.

import { describe, expect, it } from "vitest";
import type { Problem } from "../../../generator/dataset.ts";
import { PLACEHOLDER } from "../../../generator/validate/placeholder.ts";
import { prepareCapture } from "../../../generator/capture/capture.ts";
import { reviewView, type ReviewInput } from "../../../tools/review/view.ts";

const TEXT = ["Example tiers", "Tier 1: 661, 555", "Tier 2: 32, 92", "Honourable mentions: 71", "Tier 3: 7 (and 7 again later)", ""].join("\n");

function guide(overrides: Record<string, unknown> = {}) {
  return {
    platform_id: "900000101",
    title: "Example Guide: tiers",
    snapshot: { path: "examples/900000101.txt", retrieved_at: "2024-03-02T09:30:00+01:00", sha256: "0".repeat(64) },
    callouts: [{ kind: "mention", label: "Honourable mentions", quote: "Honourable mentions: 71", system: "tiers" }],
    systems: [
      {
        id: "tiers",
        label: "Tiers",
        scale: { kind: "tier" },
        levels: [
          { key: "t1", label: "Tier 1" },
          { key: "t2", label: "Tier 2", ordered: false },
          { key: "t3", label: "Tier 3" },
        ],
        gradings: [
          { seed: 661, level: "t1", quote: "Tier 1: 661, 555" },
          { seed: 555, level: "t1", quote: "Tier 1: 661, 555" },
          { seed: 32, level: "t2", quote: "Tier 2: 32, 92" },
          { seed: 7, level: "t3", quote: "Tier 3: 7" },
        ],
      },
    ],
    ...overrides,
  };
}

function input(document: unknown, options: { text?: string; path?: string; problems?: Problem[] } = {}): ReviewInput {
  const path = options.path ?? "examples/900000101.txt";
  return {
    platformId: "900000101",
    file: "guides/900000101.json",
    document,
    capture: prepareCapture(path, new TextEncoder().encode(options.text ?? TEXT)),
    problems: options.problems ?? [],
  };
}

const at = (text: string, part: string, from = 0) => text.indexOf(part, from);

describe("the review view of a guide", () => {
  it("marks each grading's quote where it is written, named by its level, with the seeds it takes", () => {
    const view = reviewView(input(guide()));
    const tier1 = view.quotes.find((quote) => quote.start === at(TEXT, "Tier 1: 661"))!;
    expect(tier1.end - tier1.start).toBe("Tier 1: 661, 555".length);
    expect(tier1.levels).toEqual([{ system: "Tiers", level: "Tier 1", colour: 0, seeds: [661, 555] }]);
    const tier2 = view.quotes.find((quote) => quote.start === at(TEXT, "Tier 2: 32"))!;
    expect(tier2.levels).toEqual([{ system: "Tiers", level: "Tier 2", colour: 1, seeds: [32] }]);
    expect(tier1.colour).toBe(0);
    expect(tier2.colour).toBe(1);
  });

  it("marks the other quotes of the guide with the field that quotes them, in no level's colour", () => {
    const view = reviewView(input(guide()));
    const mention = view.quotes.find((quote) => quote.start === at(TEXT, "Honourable"))!;
    expect(mention).toMatchObject({ levels: [], fields: ["callouts[0]"], colour: null });
  });

  it("places every number nothing accounts for where it is written, with its line: not the callout's, nor a label's", () => {
    const view = reviewView(input(guide()));
    expect(view.unassigned.map(({ value, line, start }) => ({ value, line, start }))).toEqual([
      { value: 92, line: 3, start: at(TEXT, "92") },
      { value: 7, line: 5, start: at(TEXT, "7 again") },
    ]);
  });

  it("lists the numbers guide:numbers lists, for a draft whose levels are labelled with digits", () => {
    const text = ["1", "15, 123", "2", "27", "Also 19 and 250", ""].join("\n");
    const document = guide({
      callouts: [],
      systems: [{ id: "tiers", label: "Tiers", levels: [{ key: "a", label: "1", ordered: PLACEHOLDER.ordered }, { key: "b", label: "2" }], gradings: [{ seed: 15, level: "a", quote: "15, 123" }, { seed: 27, level: "b", quote: "27" }] }],
    });
    const view = reviewView(input(document, { text }));
    expect(view.unassigned.map(({ value, line }) => ({ value, line }))).toEqual([
      { value: 123, line: 2 },
      { value: 19, line: 5 },
      { value: 250, line: 5 },
    ]);
    expect(view.pieces.filter((piece) => piece.kind === "text" && piece.number?.kind === "taken").map((piece) => (piece.kind === "text" ? piece.text : ""))).toEqual(["15", "27"]);
  });

  it("shows a taken seed as taken and an untaken number as not taken in the cut text", () => {
    const { pieces } = reviewView(input(guide()));
    const text = (piece: (typeof pieces)[number]) => (piece.kind === "text" ? piece.text : "");
    const seed661 = pieces.find((piece) => text(piece) === "661")!;
    expect(seed661).toMatchObject({ number: { kind: "taken" }, colour: 0 });
    const number92 = pieces.find((piece) => text(piece) === "92")!;
    expect(number92).toMatchObject({ number: { kind: "unassigned", id: 0 }, colour: 1 });
    expect(pieces.map(text).join("")).toBe(TEXT);
  });

  it("lists the levels of each system with their label, seeds and count", () => {
    const view = reviewView(input(guide()));
    expect(view.systems).toHaveLength(1);
    expect(view.systems[0]!.levels.map(({ key, label, seeds, colour }) => ({ key, label, seeds, colour }))).toEqual([
      { key: "t1", label: "Tier 1", seeds: [661, 555], colour: 0 },
      { key: "t2", label: "Tier 2", seeds: [32], colour: 1 },
      { key: "t3", label: "Tier 3", seeds: [7], colour: 2 },
    ]);
    expect(view.gradings).toBe(4);
  });

  it("shows a check problem about a grading at that grading's quote", () => {
    const problem = { file: "guides/900000101.json", path: "$.systems[0].gradings[2].seed", message: "seed 32 is not written in its quote" };
    const view = reviewView(input(guide(), { problems: [problem] }));
    const tier2 = view.quotes.find((quote) => quote.start === at(TEXT, "Tier 2: 32"))!;
    expect(view.notes).toEqual([{ id: 0, kind: "problem", path: problem.path, message: problem.message, expected: null, quote: tier2.id }]);
    expect(tier2.notes).toEqual([0]);
  });

  it("lists a problem about no quoted entry at the top", () => {
    const problem = { file: "guides/900000101.json", path: "$.unassigned_review.count", message: "is 2, but 3 numbers are not graded", expected: "3" };
    const view = reviewView(input(guide(), { problems: [problem] }));
    expect(view.notes).toEqual([{ id: 0, kind: "problem", path: problem.path, message: problem.message, expected: "3", quote: null }]);
  });

  it("shows a placeholder once, in the list and beside the level it belongs to, though check reports it too", () => {
    const document = guide();
    (document.systems[0]!.levels[1] as Record<string, unknown>).ordered = PLACEHOLDER.ordered;
    const path = "$.systems[0].levels[1].ordered";
    const problems = [{ file: "guides/900000101.json", path, message: "is a placeholder left by guide:draft: ..." }];
    const view = reviewView(input(document, { problems }));
    expect(view.notes).toHaveLength(1);
    expect(view.notes[0]).toMatchObject({ kind: "placeholder", path, quote: null });
    expect(view.notes[0]!.message).toContain("ordered_quote");
    expect(view.systems[0]!.levels[1]!.notes).toEqual([0]);
    expect(view.systems[0]!.levels[0]!.notes).toEqual([]);
  });

  it("marks a quote found only in the page's comment thread there, and lists no number of the comments", () => {
    const page = `<html><body><div class="guide"><p>Tier 1: 661</p></div><div class="commentthread_area"><p>Seed 444 is nicer, also 12</p></div></body></html>`;
    const document = guide({
      snapshot: { path: "examples/900000101.html", retrieved_at: "2024-03-02T09:30:00+01:00", sha256: "0".repeat(64) },
      callouts: [],
      systems: [{ id: "tiers", label: "Tiers", levels: [{ key: "t1", label: "Tier 1" }], gradings: [{ seed: 661, level: "t1", quote: "Tier 1: 661" }, { seed: 444, level: "t1", quote: "Seed 444" }] }],
    });
    const view = reviewView(input(document, { text: page, path: "examples/900000101.html" }));
    expect(view.quotes.map(({ region, levels }) => ({ region, seeds: levels[0]!.seeds }))).toEqual([
      { region: null, seeds: [661] },
      { region: "comment thread", seeds: [444] },
    ]);
    expect(view.unassigned).toEqual([]);
    expect(view.pieces.some((piece) => piece.kind === "text" && piece.region === "comment thread" && piece.text.includes("also 12"))).toBe(true);
  });

  it("marks a quote of a number only at its own place, never inside a longer number", () => {
    const text = ["EXAMPLE CONTENT", "Tier 1: 661, 321", "66", "32", ""].join("\n");
    const document = guide({
      callouts: [],
      systems: [{ id: "tiers", label: "Tiers", levels: [{ key: "t1", label: "Tier 1" }], gradings: [{ seed: 66, level: "t1", quote: "66" }, { seed: 32, level: "t1", quote: "32" }] }],
    });
    const view = reviewView(input(document, { text }));
    expect(view.quotes.map(({ start, end, levels }) => [text.slice(start, end), start, levels[0]!.seeds])).toEqual([
      ["66", at(text, "\n66\n") + 1, [66]],
      ["32", at(text, "\n32\n") + 1, [32]],
    ]);
    const marked = view.pieces.filter((piece) => piece.kind === "text" && piece.colour !== null).map((piece) => piece.kind === "text" && piece.text);
    expect(marked).toEqual(["66", "32"]);
  });

  it("shows what it can of a draft without the guide's shape, and nothing of a file that is not JSON", () => {
    const document = guide();
    (document.systems[0]!.gradings[0] as Record<string, unknown>).seed = "661";
    const view = reviewView(input(document));
    expect(view.systems[0]!.levels[0]!.seeds).toEqual([555]);

    const unreadable = reviewView({ ...input(null), capture: null, problems: [{ file: "guides/900000101.json", path: "$", message: "is not valid JSON" }] });
    expect(unreadable).toMatchObject({ title: null, capture: null, systems: [], quotes: [], pieces: [], unassigned: [] });
    expect(unreadable.notes).toMatchObject([{ kind: "problem", path: "$", quote: null }]);
  });
});
