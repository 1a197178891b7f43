import { describe, expect, it } from "vitest";
import { prepareCapture, type ReadableCapture } from "../../../generator/capture/capture.ts";
import { accountedParts, accountNumbers, untranscribedNumbers, type AccountedGuide } from "../../../generator/capture/untranscribed.ts";

// The review of numbers on small test pages (test data, not real guides): which numbers are accounted for by
// what the guide transcribed at their own place, and which are listed.

function page(...lines: string[]): ReadableCapture {
  const readable = prepareCapture("test/page.txt", new TextEncoder().encode(`${lines.join("\n")}\n`)).readable;
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

function htmlPage(body: string): ReadableCapture {
  const readable = prepareCapture("test/page.html", new TextEncoder().encode(`<html><body><p>EXAMPLE CONTENT</p>${body}</body></html>`)).readable;
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

/** One system of one level, its gradings quoting the given lines. */
function level(label: string, quotes: Record<string, readonly number[]>, systemLabel = "Tiers"): AccountedGuide {
  const gradings = Object.entries(quotes).flatMap(([quote, seeds]) => seeds.map((seed) => ({ seed, level: "a", quote })));
  return { systems: [{ label: systemLabel, levels: [{ key: "a", label }], gradings }] };
}

const listed = (capture: ReadableCapture, guide: AccountedGuide) => untranscribedNumbers(capture, guide, { skip: [] }).map(({ line, value }) => `${line}:${value}`);

function tiers(gradings: AccountedGuide["systems"][number]["gradings"], labels = ["Tier 1", "Tier 2"]): AccountedGuide {
  return { systems: [{ label: "Tiers", levels: labels.map((label, index) => ({ key: `t${index + 1}`, label })), gradings }] };
}

describe("the review of numbers", () => {
  it("takes a level's label at its heading, with its description, and at its list line; not where prose names it", () => {
    const capture = page("TEST DATA", "Tier 1 (12 seeds):", "661, 151", "Tier 2: 32, 92", "Tier 1 is the best, Tier 2 is close.");
    const guide = tiers([
      { seed: 661, level: "t1", quote: "661, 151" },
      { seed: 151, level: "t1", quote: "661, 151" },
      { seed: 32, level: "t2", quote: "Tier 2: 32, 92" },
      { seed: 92, level: "t2", quote: "Tier 2: 32, 92" },
    ]);
    expect(listed(capture, guide)).toEqual(["5:1", "5:2"]);
  });

  it("takes a callout's, a remark's and a note's numbers where their quotes stand, and lists the same numbers elsewhere", () => {
    const capture = page("TEST DATA", "Tier 1: 661, 151", "Not blue gems: 4, 28", "I will add 7 more later.", "151 and 321 look alike.", "Asked about: 4, 28 and 7; 321 too.");
    const guide: AccountedGuide = {
      callouts: [{ quote: "Not blue gems: 4, 28" }],
      remarks: [{ quote: "I will add 7 more later." }],
      systems: [{ ...tiers([{ seed: 661, level: "t1", quote: "Tier 1: 661, 151" }, { seed: 151, level: "t1", quote: "Tier 1: 661, 151", note: { quote: "151 and 321 look alike." } }]).systems[0]! }],
    };
    expect(listed(capture, guide)).toEqual(["6:4", "6:28", "6:7", "6:321"]);
  });

  it("takes a seed written twice in one quote once per grading, and a rank where the quote writes it", () => {
    const capture = page("TEST DATA", "#1 — 661", "555, 555, 77");
    const guide: AccountedGuide = {
      systems: [
        { label: "Top", levels: [{ key: "p1", label: "#1" }], gradings: [{ seed: 661, level: "p1", quote: "#1 — 661", rank: 1 }] },
        { label: "Tiers", levels: [{ key: "t1", label: "Tier 1" }], gradings: [{ seed: 555, level: "t1", quote: "555, 555, 77" }, { seed: 77, level: "t1", quote: "555, 555, 77" }] },
      ],
    };
    const { taken, untranscribed } = accountNumbers(capture, guide, { skip: [] });
    expect(untranscribed.map(({ line, column, value }) => ({ line, column, value }))).toEqual([{ line: 3, column: 6, value: 555 }]);
    expect(taken.map(({ start, end }) => capture.text.slice(start, end))).toEqual(["1", "661", "555", "77"]);
  });

  it("takes a grading's seed only where the line reads it as a number that could be a seed", () => {
    const capture = page("TEST DATA", "661 - 1 gold stripe");
    const { taken, untranscribed } = accountNumbers(capture, level("Tier 1", { "661 - 1": [661, 1] }), { skip: [] });
    expect(taken.map(({ start, end }) => capture.text.slice(start, end))).toEqual(["661"]);
    expect(untranscribed).toEqual([]);
  });

  it("gives the places taken in text order, whatever the order of the gradings", () => {
    const capture = page("TEST DATA", "151 best", "661 best");
    const { taken } = accountNumbers(capture, level("Tier 1", { "661 best": [661], "151 best": [151] }), { skip: [] });
    expect(taken.map(({ start, end }) => capture.text.slice(start, end))).toEqual(["151", "661"]);
  });

  it("takes a level's label written anywhere in its grading's quote as a whole word", () => {
    expect(listed(page("TEST DATA", "Seed 594 — Tier 1"), level("Tier 1", { "Seed 594 — Tier 1": [594] }))).toEqual([]);
  });

  it("reads labels written with spaces around them as written without", () => {
    expect(listed(page("TEST DATA", "Top 10", "661"), level("Gold", { "661": [661] }, " Top 10 "))).toEqual([]);
    expect(listed(page("TEST DATA", "4", "661, 151"), level(" 4 ", { "661, 151": [661, 151] }))).toEqual([]);
  });

  it("reads a quote written as a whole line there, not inside a longer line holding the same words", () => {
    const capture = page("TEST DATA", "Tier 2", "5", "Tier 5 is empty for now.");
    expect(listed(capture, tiers([{ seed: 5, level: "t2", quote: "5" }]))).toEqual(["4:5"]);
  });

  it("counts a column in characters, an emoji being one", () => {
    const capture = page("TEST DATA", "💎 Also: 661 and 151");
    expect(untranscribedNumbers(capture, { systems: [] }, { skip: [] }).map(({ column }) => column)).toEqual([9, 17]);
  });

  it("counts each line's columns from its own start, its leading spaces included, an emoji of any code being one", () => {
    const capture = page("TEST DATA", "  💎 661 and 151", "7 and 🔥 8", "  5", "🐀 5 🏿 6", "Seeds：661");
    expect(untranscribedNumbers(capture, { systems: [] }, { skip: [] }).map(({ line, column, value }) => `${line}:${column}:${value}`)).toEqual([
      "2:5:661",
      "2:13:151",
      "3:1:7",
      "3:9:8",
      "4:3:5",
      "5:3:5",
      "5:7:6",
      "6:7:661",
    ]);
  });

  it("reads a draft's parts leniently: what is not of the guide's type is left out, the rest still accounts", () => {
    const capture = page("TEST DATA", "Tier 1: 661, 151", "Not blue gems: 4");
    const draft = {
      notes: "DRAFT-TODO: notes",
      callouts: [{ quote: "Not blue gems: 4" }, { quote: 7 }],
      systems: [{ label: "Tiers", levels: [{ key: "t1", label: "Tier 1", ordered: "DRAFT-TODO: ordered" }], gradings: [{ seed: 661, level: "t1", quote: "Tier 1: 661, 151" }, { seed: "151", level: "t1", quote: "Tier 1: 661, 151" }] }],
    };
    expect(listed(capture, accountedParts(draft))).toEqual(["2:151"]);
  });

  it("takes a label of digits alone at a heading or where its level's listing follows, and lists a line of just that number elsewhere", () => {
    const heading = htmlPage("<h3>4</h3><p>661, 151</p><p>4</p><p>4 is empty.</p>");
    expect(listed(heading, level("4", { "661, 151": [661, 151] }))).toEqual(["8:4", "10:4"]);
    expect(listed(page("TEST DATA", "4", "661, 151", "4", "more text"), level("4", { "661, 151": [661, 151] }))).toEqual(["4:4"]);
  });

  it("takes a label holding a letter on its own line wherever it stands, and one of digits alone only set apart", () => {
    const levels = (...labels: string[]): AccountedGuide => ({ systems: [{ label: "Tiers", levels: labels.map((label, index) => ({ key: `k${index}`, label })), gradings: [] }] });
    expect(listed(page("TEST DATA", "Tier 1", "4 Gold", "Nothing here yet."), levels("Tier 1", "4 Gold"))).toEqual([]);
    expect(listed(page("TEST DATA", "12", "Nothing here yet."), levels("12"))).toEqual(["2:12"]);
    expect(listed(page("TEST DATA", "4:", "Nothing here yet."), levels("4"))).toEqual(["2:4"]);
    expect(listed(page("TEST DATA", "4: 661"), levels("4"))).toEqual(["2:661"]);
    expect(listed(page("TEST DATA", "none so far, null: 7"), levels("4"))).toEqual(["2:7"]);
  });

  it("sets a label of digits alone apart by its own level's listing, not another level's", () => {
    const guide: AccountedGuide = { systems: [{ label: "Tiers", levels: [{ key: "k4", label: "4" }, { key: "t1", label: "Tier 1" }], gradings: [661, 151].map((seed) => ({ seed, level: "t1", quote: "661, 151" })) }] };
    expect(listed(page("TEST DATA", "4", "661, 151"), guide)).toEqual(["2:4"]);
  });

  it("takes a label where decorations or bullets stand before it", () => {
    expect(listed(page("TEST DATA 5", "💎 Tier 1 💎", "661"), level("Tier 1", { "661": [661] }))).toEqual(["1:5"]);
    expect(listed(page("TEST DATA 5", "• Tier 2: 32, 92", "32, 92"), level("Tier 2", { "32, 92": [32, 92] }))).toEqual(["1:5", "2:32", "2:92"]);
    expect(listed(page("TEST DATA 5", "• Top 10: 32, 92", "32, 92"), level("Gold", { "32, 92": [32, 92] }, "Top 10"))).toEqual(["1:5", "2:32", "2:92"]);
  });

  it("takes a system's remark where it stands", () => {
    const guide: AccountedGuide = { systems: [{ ...level("Tier 1", { "661": [661] }).systems[0]!, remarks: [{ quote: "I will add 7 later." }] }] };
    expect(listed(page("TEST DATA", "661", "I will add 7 later.", "Maybe 8."), guide)).toEqual(["4:8"]);
  });

  it("takes a label of digits alone in a table's first cell, not in another cell", () => {
    const table = htmlPage("<table><tr><td>4</td><td>best 7</td></tr><tr><td>8</td><td>4</td></tr></table>");
    expect(listed(table, level("4", {}))).toEqual(["8:7", "12:8", "14:4"]);
  });

  it("takes a level's label where a line begins with it, and lists the numbers it labels when nothing grades them there", () => {
    expect(listed(page("TEST DATA", "Tier 2: 32, 92", "32, 92"), level("Tier 2", { "32, 92": [32, 92] }))).toEqual(["2:32", "2:92"]);
  });

  it("takes a heading written as the core of a level's label, and the system's label as a label", () => {
    expect(listed(page("TEST DATA", "Tier 1", "661"), level("Tier 1 (the best)", { "661": [661] }))).toEqual([]);
    expect(listed(page("TEST DATA", "Top 10 of 2024", "661"), level("Gold", { "661": [661] }, "Top 10 of 2024"))).toEqual([]);
    expect(listed(page("TEST DATA", "Tier 1", "661"), level("  ", { "661": [661] }, " "))).toEqual(["2:1"]);
  });

  it("takes a label that is no level's shape on its own line ending in a colon, not in a sentence", () => {
    const guide = level("Gold", { "661": [661] }, "Top 10");
    for (const heading of ["Top 10:", "Top 10 :", "Top 10："]) expect([heading, listed(page("TEST DATA", heading, "661"), guide)]).toEqual([heading, []]);
    expect(listed(page("TEST DATA", "Top 10 of them", "661"), guide)).toEqual(["2:10"]);
  });

  it("takes the numbers of a callout from its first to its last character", () => {
    expect(listed(page("TEST DATA", "4 and 28 are fakes, says 7", "5 and 4"), { callouts: [{ quote: "4 and 28 are fakes" }], systems: [] })).toEqual(["2:7", "3:5", "3:4"]);
  });

  it("takes a note's numbers inside its grading's quote, also where the note's words stand as a line of their own", () => {
    const capture = page("TEST DATA", "661 (like 151)", "like 151");
    const noted = { systems: [{ label: "Tiers", levels: [{ key: "a", label: "Tier 1" }], gradings: [{ seed: 661, level: "a", quote: "661 (like 151)", note: { quote: "like 151" } }] }] };
    expect(listed(capture, noted)).toEqual([]);
    expect(listed(capture, level("Tier 1", { "661 (like 151)": [661] }))).toEqual(["2:151", "3:151"]);
  });

  it("accounts for nothing with a quote that stands only inside a non-guide region", () => {
    const capture = htmlPage(`<p>Rated <span class="rating">5</span> by 661</p>`);
    expect(listed(capture, level("Tier 1", { "5": [5] }))).toEqual(listed(capture, { systems: [] }));
  });

  it("accounts for its numbers with a quote standing partly in the guide's text", () => {
    expect(listed(htmlPage(`<p>Rated <span class="rating">5</span> by 661</p>`), level("Tier 1", { "5 by 661": [661] }))).toEqual(["4:5"]);
  });

  it("accounts for nothing with an empty quote", () => {
    expect(listed(page("TEST DATA", "661 (see 151)", "661"), level("Tier 1", { "": [661] }))).toEqual(["2:661", "2:151", "3:661"]);
  });

  it("reads of a draft only the entries of the guide's shape: whole seeds and ranks, text quotes, keyed levels", () => {
    const draft = {
      callouts: [{ quote: "Not blue gems: 4" }, { quote: 7 }, null],
      remarks: "DRAFT-TODO: remarks",
      systems: [
        null,
        "DRAFT-TODO: system",
        {
          label: 5,
          levels: [{ key: "t1", label: "Tier 1" }, { key: 3 }, { label: "No key" }, "DRAFT-TODO: level", { key: "t2" }],
          gradings: [
            { seed: 661, level: "t1", quote: "Tier 1: 661", rank: 1, note: { quote: "best" } },
            { seed: 1.5, level: "t1", quote: "Tier 1: 661" },
            { seed: 12, level: "t1", quote: 5 },
            { seed: 13, level: 4, quote: "13, 14", rank: 1.5, note: { quote: 3 } },
            { seed: 14, level: "t1", quote: "13, 14", rank: "1", note: "best" },
            null,
          ],
          remarks: [{ quote: "EXAMPLE CONTENT" }],
        },
      ],
    };
    expect(accountedParts(draft)).toEqual({
      callouts: [{ quote: "Not blue gems: 4" }],
      remarks: [],
      systems: [
        {
          label: "",
          levels: [
            { key: "t1", label: "Tier 1" },
            { key: "t2", label: "" },
          ],
          gradings: [
            { seed: 661, level: "t1", quote: "Tier 1: 661", rank: 1, note: { quote: "best" } },
            { seed: 13, level: "", quote: "13, 14" },
            { seed: 14, level: "t1", quote: "13, 14" },
          ],
          remarks: [{ quote: "EXAMPLE CONTENT" }],
        },
      ],
    });
    expect(accountedParts(null)).toEqual({ callouts: [], remarks: [], systems: [] });
  });
});
