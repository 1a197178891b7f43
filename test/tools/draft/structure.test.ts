import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ItemFile } from "../../../contract/schema/item.ts";
import { prepareCapture, type ReadableCapture } from "../../../generator/capture/capture.ts";
import { quotesOccurInCapture } from "../../../generator/validate/rules/quotes.ts";
import { draftGuide } from "../../../tools/draft/draft.ts";
import { STRUCTURES } from "../../fixtures/draft/structure.ts";

const DATASET = new URL("../../../dataset/", import.meta.url);
const item = (slug: string): ItemFile => JSON.parse(readFileSync(new URL(`items/${slug}.json`, DATASET), "utf8")) as ItemFile;

function readable(html: string): ReadableCapture {
  const { readable } = prepareCapture("test/page.html", new TextEncoder().encode(html));
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

interface DraftedSystem {
  paint_indexes: number[] | null;
  levels: { key: string; label: string; ordered: unknown }[];
  gradings: { seed: number; level: string; quote: string; rank?: number; rank_scope?: string }[];
}

function draft(fixture: (typeof STRUCTURES)[number]) {
  const capture = readable(fixture.html);
  const drafted = draftGuide({ capture, platformId: "990000002", items: [item(fixture.item)], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
  return { ...drafted, capture, systems: drafted.guide.systems as DraftedSystem[] };
}

/** The items of the summary's "check these" block. */
function checkThese(summary: readonly string[]): string[] {
  const from = summary.indexOf("check these:");
  return from === -1 ? [] : summary.slice(from + 1, summary.indexOf("", from)).map((line) => line.replace(/^ {2}- /, ""));
}

describe("guide:draft reads a page's sections, not only its lines", () => {
  for (const fixture of STRUCTURES) {
    it(`drafts ${fixture.name}`, () => {
      const { guide, systems, capture } = draft(fixture);
      const paints = item(fixture.item).paints;
      const paintIndex = (label: string) => paints.find((paint) => paint.paint_label === label)!.paint_index;
      expect(
        systems.map((system) => ({
          paints: system.paint_indexes,
          levels: system.levels.map((level) => level.label),
          pairs: system.gradings.map((grading) => `${system.levels.find((level) => level.key === grading.level)!.label}|${grading.seed}`),
        })),
      ).toEqual(fixture.systems.map((system) => ({ paints: system.paints?.map(paintIndex) ?? null, levels: system.levels, pairs: system.pairs })));
      if (fixture.callouts !== undefined) expect((guide.callouts as { kind: string }[]).map((callout) => callout.kind)).toEqual(fixture.callouts);
      expect(quotesOccurInCapture(guide, capture, "snapshots/test/page.html").filter((found) => found.path !== "$.permission_quote")).toEqual([]);
    });

    if (fixture.guessed !== undefined) {
      it(`lists what it guessed on ${fixture.name.split(":")[0]} under "check these", each with its line`, () => {
        const items = checkThese(draft(fixture).summary);
        for (const guessed of fixture.guessed!) expect(items.filter((entry) => entry.includes(guessed) && /^line \d+: /.test(entry))).toHaveLength(1);
      });
    }
  }

  it("leaves a caption's seeds to the review of numbers, each with its line, in the draft's summary too", () => {
    const { untranscribed, summary } = draft(STRUCTURES[0]!);
    const captions = untranscribed.filter((found) => found.context.startsWith("Collage"));
    expect(captions.map((found) => found.value)).toEqual([661, 151, 321]);
    for (const found of untranscribed) expect(summary).toContain(`  line ${found.line}:${found.column}: ${found.value}   ${JSON.stringify(found.context)}`);
  });

  it("orders a named level by its table's # column, within the level", () => {
    const { systems } = draft(STRUCTURES[1]!);
    const tricolor = systems[0]!.levels.find((level) => level.label === "Tricolor")!;
    expect(tricolor.ordered).toBe(true);
    expect(systems[0]!.gradings.filter((grading) => grading.level === tricolor.key).map(({ seed, rank, rank_scope }) => ({ seed, rank, rank_scope }))).toEqual([
      { seed: 281, rank: 1, rank_scope: "level" },
      { seed: 75, rank: 2, rank_scope: "level" },
      { seed: 539, rank: 3, rank_scope: "level" },
    ]);
  });
});
