import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ItemFile } from "../../../contract/schema/item.ts";
import { prepareCapture } from "../../../generator/capture/capture.ts";
import { draftGuide } from "../../../tools/draft/draft.ts";
import { DOUBT_CAPTURES } from "../../fixtures/draft/doubts/expected.ts";
import { doubtFigures } from "../../support/draft-agreement.ts";

// The draft's review of its own gradings: whatever the readers made of a page, every grading whose seed is
// written where a careful reader would doubt it is named under "check these", with its line, the reason and
// its seeds. Each page is EXAMPLE CONTENT with invented seeds.

const AK = JSON.parse(readFileSync(new URL("../../../dataset/items/ak-47-case-hardened.json", import.meta.url), "utf8")) as ItemFile;

/** The "check these" block of the draft of a page: its title and EXAMPLE CONTENT line, then `body`. */
function checkThese(body: string): string[] {
  const html = `<h1>Example Guide: AK-47 blue gems</h1><p>EXAMPLE CONTENT</p>${body}`;
  const { readable } = prepareCapture("test/page.html", new TextEncoder().encode(html));
  if ("problem" in readable) throw new Error(readable.problem);
  const { summary } = draftGuide({ capture: readable, platformId: "990000001", items: [AK], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
  const from = summary.indexOf("check these:");
  return from === -1 ? [] : summary.slice(from + 1, summary.indexOf("", from));
}

/** The seeds the block names, as a maintainer reads them off its lines' `(seeds ...)`. */
function namedSeeds(lines: readonly string[]): number[] {
  return lines.flatMap((line) => /\(seeds? ([\d, ]+)\)$/.exec(line)?.[1]!.split(", ").map(Number) ?? []);
}

describe("check these names every grading a careful reader would doubt", () => {
  it("names the struck seeds of a Steam line (bb_strike) by their own digits, not the seeds beside them", () => {
    const lines = checkThese(`<h2>Tier 1</h2><p>661, <span class="bb_strike">151, 32</span>, 955</p>`);
    expect(lines).toContain("  - line 8: seed in struck-through text, the author may have taken it back (seeds 151, 32)");
    expect(namedSeeds(lines)).not.toContain(661);
    expect(namedSeeds(lines)).not.toContain(955);
  });

  it("names a seed struck with <s>", () => {
    expect(checkThese(`<h2>Tier 1</h2><p>661, 151</p><h2>Tier 2</h2><p>12, <s>13</s></p>`)).toContain("  - line 12: seed in struck-through text, the author may have taken it back (seed 13)");
  });

  it("names a seed struck with <del>", () => {
    expect(checkThese(`<h2>Tier 1</h2><p>661, 151</p><p><del>321</del></p>`)).toContain("  - line 10: seed in struck-through text, the author may have taken it back (seed 321)");
  });

  it("names the seeds of a tier list quoted from someone else (Steam's bb_blockquote, 'Originally posted by')", () => {
    const quoted = `<blockquote class="bb_blockquote"><div class="bb_quoteauthor">Originally posted by <b>Example Author Z</b>:</div>Tier 1: 400, 401</blockquote>`;
    expect(checkThese(`<h2>Tier 1</h2><p>661, 151</p>${quoted}`)).toContain("  - line 12: seed in a quoted block, which may be someone else's words (seeds 400, 401)");
  });

  it("names the seeds of a block a plain 'Quote:' line opens", () => {
    expect(checkThese(`<h2>Tier 1</h2><p>661, 151</p><p>Quote:<br>Tier 2: 402, 403</p>`)).toContain("  - line 11: seed in a quoted block, which may be someone else's words (seeds 402, 403)");
  });

  it("names the seeds hidden in a spoiler (bb_spoiler)", () => {
    expect(checkThese(`<h2>Tier 1</h2><p>661, 151</p><h2>Tier 2</h2><p><span class="bb_spoiler">12, 13</span></p>`)).toContain(
      "  - line 12: seed in a spoiler, hidden on the page and often an aside (seeds 12, 13)",
    );
  });

  it("names each seed listed under a 'Close but no' heading, on its own line", () => {
    const lines = checkThese(`<h2>Tier 1</h2><p>661, 151</p><h2>Close but no</h2><ul><li>500</li><li>501</li></ul>`);
    expect(lines).toContain('  - line 13: seed under the heading "Close but no" (line 10), which says it is not graded (seed 500)');
    expect(lines).toContain('  - line 15: seed under the heading "Close but no" (line 10), which says it is not graded (seed 501)');
  });

  it("names the seeds after a 'Sold:' line", () => {
    expect(checkThese(`<h2>Tier 1</h2><p>661, 151</p><p>Sold:</p><p>610, 611</p>`)).toContain('  - line 12: seed after the line "Sold:" (line 10), which says it is not graded (seeds 610, 611)');
  });

  it("names the seeds a lead-in sentence says are not graded, though the list goes on in the tier above", () => {
    expect(checkThese(`<h2>Tier 1</h2><p>661, 151</p><p>These are not blue enough, sadly</p><p>620, 621</p>`)).toContain(
      '  - line 12: seed after the line "These are not blue enough, sadly" (line 10), which says it is not graded (seeds 620, 621)',
    );
  });

  it("names the seeds a line labels as sold before them", () => {
    expect(checkThese(`<h2>Tier 1</h2><p>661, 151</p><h2>Trades</h2><p>Sold: 640, 641</p>`)).toContain('  - line 12: seed after "Sold" on its line, which says it is not graded (seeds 640, 641)');
  });

  it("names the seed of a picture's caption read from a table", () => {
    const table = `<table><tr><th>Tier</th><th>Seeds</th></tr><tr><td>Tier 1</td><td>661, 151</td></tr><tr><td>Picture</td><td>Screenshot: 955</td></tr></table>`;
    expect(checkThese(table)).toContain("  - line 22: seed in a picture's caption, which shows it rather than grades it (seed 955)");
  });

  it("grades nothing of a table row whose level cell says its seeds are sold, and names them", () => {
    const table = `<table><tr><th>Tier</th><th>Seeds</th></tr><tr><td>Tier 1</td><td>661, 151</td></tr><tr><td>Sold</td><td>630, 631</td></tr></table>`;
    expect(checkThese(table)).toContain('  - line 20: row with no level in column 1 ("Sold"): its seeds are not graded (seeds 630, 631)');
  });

  it("names each doubt once, in line order, beside the draft's other guesses, and doubts nothing of a plain tier list", () => {
    const lines = checkThese(`<h2>Tier 1</h2><p>661, <s>151</s></p><p><s>151</s></p><h2>Tier 2</h2><p>12, <s>13</s></p>`);
    const doubts = lines.filter((line) => line.includes("struck-through"));
    expect(doubts).toEqual([
      "  - line 8: seed in struck-through text, the author may have taken it back (seed 151)",
      "  - line 10: seed in struck-through text, the author may have taken it back (seed 151)",
      "  - line 14: seed in struck-through text, the author may have taken it back (seed 13)",
    ]);
    expect(checkThese(`<h2>Tier 1</h2><p>661, 151</p><h2>Tier 2</h2><p>12, 13</p>`).filter((line) => /^ {2}- line /.test(line))).toEqual([]);
  });

  it("does not take a sale mentioned in passing further on in a sentence for a lead-in", () => {
    const lines = checkThese(`<h2>Tier 1</h2><p>The rarest tier; clean ones sold for a lot in 2024.</p><p>661, 151</p>`);
    expect(namedSeeds(lines)).toEqual([]);
  });
});

describe("guide:draft on pages holding seeds a reader does not take as graded", () => {
  for (const fixture of DOUBT_CAPTURES) {
    it(`names under "check these" every seed the draft of ${fixture.file} takes wrongly, and misses none it should take`, () => {
      const { agreement, wrong, quoteMisses } = doubtFigures(fixture);
      expect(wrong.count).toBeGreaterThan(0);
      expect(wrong.named).toBe(wrong.count);
      expect(agreement.recall).toBe(1);
      expect(quoteMisses).toEqual([]);
    });
  }
});
