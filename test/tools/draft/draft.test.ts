import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ItemFile } from "../../../contract/schema/item.ts";
import { draftGuide, draftGuideWithin } from "../../../tools/draft/draft.ts";
import { placeholderSites } from "../../../generator/validate/placeholder.ts";
import { prepareCapture, type ReadableCapture } from "../../../generator/capture/capture.ts";
import { quotesOccurInCapture } from "../../../generator/validate/rules/quotes.ts";
import { SHAPES } from "../../fixtures/draft/pages.ts";

const DATASET = new URL("../../../dataset/", import.meta.url);
const item = (slug: string): ItemFile => JSON.parse(readFileSync(new URL(`items/${slug}.json`, DATASET), "utf8")) as ItemFile;

function readable(path: string, bytes: Uint8Array): ReadableCapture {
  const { readable } = prepareCapture(path, bytes);
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

interface DraftedSystem {
  levels: { key: string; label: string }[];
  gradings: { seed: number; level: string; quote: string }[];
  paint_indexes: number[] | null;
}

/** Quote problems other than the placeholder `permission_quote` (which check names as a placeholder instead). */
function quoteMisses(guide: Record<string, unknown>, capture: ReadableCapture, path: string) {
  return quotesOccurInCapture(guide, capture, path).filter((found) => found.path !== "$.permission_quote");
}

function pairs(systems: DraftedSystem[]): string[] {
  return systems.flatMap((system) => system.gradings.map((grading) => `${system.levels.find((level) => level.key === grading.level)!.label}|${grading.seed}`));
}

describe("guide:draft reads each page shape", () => {
  for (const shape of SHAPES) {
    it(`drafts ${shape.name}: every listed seed at its level, in page order, quoted verbatim`, () => {
      const capture = readable("test/page.html", new TextEncoder().encode(shape.html));
      const { guide } = draftGuide({ capture, platformId: "990000001", items: [item(shape.item)], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
      const systems = guide.systems as DraftedSystem[];
      expect(pairs(systems)).toEqual(shape.expected);
      expect(quoteMisses(guide, capture, "snapshots/test/page.html")).toEqual([]);
      if (shape.systems !== undefined) expect(systems).toHaveLength(shape.systems);
      if (shape.callouts !== undefined) expect((guide.callouts as { kind: string }[]).map((callout) => callout.kind)).toEqual(shape.callouts);
      // What a draft cannot know stays a placeholder for `npm run check` to name.
      expect(placeholderSites(guide).map((site) => site.path)).toEqual(expect.arrayContaining(["$.permission_quote", "$.notes"]));
    });
  }

  it("reads Steam's attribution and leaves out the sidebar, view counts, comments and scripts", () => {
    const shape = SHAPES[0]!;
    const capture = readable("test/page.html", new TextEncoder().encode(shape.html));
    const { guide, untranscribed } = draftGuide({ capture, platformId: "990000001", items: [item(shape.item)], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
    expect(guide).toMatchObject({
      title: "Test Guide: AK-47 Blue Gem Tiers",
      authors: ["Test Author One"],
      posted: "2023-11-04T14:05:00",
      updated: "2024-03-01T18:20:00",
      url: "https://example.com/sharedfiles/filedetails/?id=990000001",
    });
    // 1,204 is a count, $120 a price, 0.07 a float, AK-47 a name, 3 months a duration; the callouts' seeds are
    // the callouts' own, where their quotes stand.
    expect(untranscribed).toEqual([]);
  });

  it("lists the numbers of the page's prose that no grading, label or callout accounts for, each with its line and column", () => {
    const shape = SHAPES[1]!;
    const capture = readable("test/page.html", new TextEncoder().encode(shape.html));
    const { untranscribed, summary } = draftGuide({ capture, platformId: "990000001", items: [item(shape.item)], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
    expect(untranscribed.map(({ value, column, context }) => ({ value, column, context }))).toEqual([
      { value: 661, column: 6, context: "Seed 661 is the best AK-47 you can buy; 387 and 442 are mirrored." },
      { value: 387, column: 41, context: "Seed 661 is the best AK-47 you can buy; 387 and 442 are mirrored." },
      { value: 442, column: 49, context: "Seed 661 is the best AK-47 you can buy; 387 and 442 are mirrored." },
    ]);
    expect(summary).toContain("  - 3 numbers of the text not read as seeds (listed below)");
  });

  it("lists a number written in a seed's comment that could be a seed under \"check these\", with its line", () => {
    const html = `<h2>Tier 1</h2><ul><li>661 - better than 151</li><li>321 - 1 gold stripe</li></ul>`;
    const capture = readable("test/page.html", new TextEncoder().encode(html));
    const { summary } = draftGuide({ capture, platformId: "990000001", items: [item("ak-47-case-hardened")], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
    expect(summary).toContain('  - line 5: 151 in the comment "better than 151" read as the comment of 661, not as seeds (seed 151)');
    expect(summary.filter((line) => line.includes("gold stripe"))).toEqual([]);
  });

  it("never reports fewer numbers not transcribed than there are: its summary counts and lists each, with its line and column", () => {
    for (const shape of SHAPES) {
      const capture = readable("test/page.html", new TextEncoder().encode(shape.html));
      const { summary, untranscribed } = draftGuide({ capture, platformId: "990000001", items: [item(shape.item)], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
      expect(summary).toContain(`${untranscribed.length} number${untranscribed.length === 1 ? "" : "s"} of the guide's text not transcribed as seeds${untranscribed.length === 0 ? "" : ":"}`);
      expect(summary.filter((line) => /^ {2}line \d+:\d+: /.test(line))).toHaveLength(untranscribed.length);
    }
  });

  it("drafts a count opening a seed's comment as the comment, not as a seed", () => {
    const html = `<h2>Tier 1</h2><ul><li>661 - 1 gold stripe</li><li>151 – 2 yellow spots</li><li>321 (3 blue dots)</li></ul>`;
    const capture = readable("test/page.html", new TextEncoder().encode(html));
    const { guide, untranscribed } = draftGuide({ capture, platformId: "990000001", items: [item("ak-47-case-hardened")], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
    const gradings = (guide.systems as { gradings: { seed: number; note?: { quote: string } }[] }[]).flatMap((system) => system.gradings);
    expect(gradings.map(({ seed, note }) => ({ seed, note: note?.quote }))).toEqual([
      { seed: 661, note: "1 gold stripe" },
      { seed: 151, note: "2 yellow spots" },
      { seed: 321, note: "3 blue dots" },
    ]);
    expect(untranscribed).toEqual([]);
  });

  it("gives up on a page whose gradings would pass the size a guide file may have, and drafts it within a size it fits", () => {
    const html = `<h2>Tier 1</h2><p>${Array.from({ length: 50 }, (_, index) => index + 1).join(", ")}</p>`;
    const capture = readable("test/page.html", new TextEncoder().encode(html));
    const input = { capture, platformId: "990000001", items: [item("ak-47-case-hardened")], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } };
    // Each of the 50 gradings quotes the 140-character line.
    expect(draftGuideWithin(input, 5_000)).toEqual({ tooLarge: true });
    expect(draftGuideWithin(input, 20_000)).toEqual(draftGuide(input));
  });

  it("keeps a seed listed twice as two gradings and records a duplicate_seed naming both levels", () => {
    const html = `<h2>Tier 1</h2><p>661, 151</p><h2>Tier 2</h2><p>77, 661</p>`;
    const capture = readable("test/page.html", new TextEncoder().encode(html));
    const { guide } = draftGuide({ capture, platformId: "990000001", items: [item("ak-47-case-hardened")], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
    const systemId = (guide.systems as { id: string }[])[0]!.id;
    expect(guide.discrepancies).toEqual([
      { kind: "duplicate_seed", seed: 661, where: [`${systemId}:tier_1`, `${systemId}:tier_2`], note: expect.any(String), quote_a: "661, 151", quote_b: "77, 661" },
    ]);
  });

  it("names a system by the section heading above its levels, and writes a comment after a seed as its note", () => {
    const named = SHAPES.find((candidate) => candidate.name.startsWith("a section heading"))!;
    const commented = SHAPES.find((candidate) => candidate.name.startsWith("one seed per line"))!;
    const draftOf = (html: string) => draftGuide({ capture: readable("test/page.html", new TextEncoder().encode(html)), platformId: "990000001", items: [item("ak-47-case-hardened")], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } }).guide;
    expect((draftOf(named.html).systems as { label: string }[]).map((system) => system.label)).toEqual(["Tiers"]);
    const gradings = (draftOf(commented.html).systems as { gradings: { seed: number; note?: { quote: string } }[] }[])[0]!.gradings;
    expect(gradings.map((grading) => [grading.seed, grading.note?.quote])).toEqual([
      [661, "full blue top"],
      [151, "blue back"],
      [12, "two tone"],
      [13, "mostly blue"],
    ]);
  });

  it("reads a measurement beside a seed, after its comment and a comma, or at the end of its comment, as its value", () => {
    const html = `<h2>Tier 1</h2><ul><li>151 &ndash; 97% blue, tiny gold tip</li><li>661 - full blue top (99,5% blue)</li><li>555 - play side 95.5%</li><li>12, 13 - blue tips (90%)</li></ul>`;
    const { guide } = draftGuide({ capture: readable("test/page.html", new TextEncoder().encode(html)), platformId: "990000001", items: [item("ak-47-case-hardened")], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
    const gradings = (guide.systems as { gradings: { seed: number; value?: { name: string; value: number }; note?: { quote: string } }[] }[])[0]!.gradings;
    expect(gradings.map((grading) => [grading.seed, grading.value, grading.note?.quote])).toEqual([
      [151, { name: "blue_pct", value: 97 }, "tiny gold tip"],
      [661, { name: "blue_pct", value: 99.5 }, "full blue top (99,5% blue)"],
      [555, { name: "fade_pct", value: 95.5 }, "play side 95.5%"],
      // One comment for two seeds: whose measurement it is the page does not say.
      [12, undefined, "blue tips (90%)"],
      [13, undefined, "blue tips (90%)"],
    ]);
  });

  it("narrows a phase's system to that phase's paint", () => {
    const shape = SHAPES.find((candidate) => candidate.item === "karambit-doppler")!;
    const doppler = item("karambit-doppler");
    const capture = readable("test/page.html", new TextEncoder().encode(shape.html));
    const { guide } = draftGuide({ capture, platformId: "990000001", items: [doppler], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
    const paintOf = (label: string) => [doppler.paints.find((paint) => paint.paint_label === label)!.paint_index];
    expect((guide.systems as DraftedSystem[]).map((system) => system.paint_indexes)).toEqual([paintOf("Phase 2"), paintOf("Phase 4")]);
  });
});

describe("guide:draft reads pages written in other languages", () => {
  /** A Steam guide page in the reader's interface language: its attribution labels and dates, then its sections. */
  function steamPage(posted: [string, string], updated: [string, string], sections: readonly [string, string][]): string {
    return `<html><head><title>Steam Community :: Guide :: EXAMPLE CONTENT</title></head><body>
<div class="guideTop"><div class="workshopItemTitle">EXAMPLE CONTENT: Example Guide</div></div>
<div class="creatorsBlock"><div class="friendBlock"><div class="friendBlockContent">Example Author A<br><span class="friendSmallText">Offline</span></div></div></div>
<div class="detailsStatsContainerLeft"><div class="detailsStatLeft">${posted[0]}</div><div class="detailsStatLeft">${updated[0]}</div></div>
<div class="detailsStatsContainerRight"><div class="detailsStatRight">${posted[1]}</div><div class="detailsStatRight">${updated[1]}</div></div>
<div class="guide subSections">${sections.map(([title, body]) => `<div class="subSection detailBox"><div class="subSectionTitle">${title}</div><div class="subSectionDesc">${body}</div></div>`).join("\n")}</div></body></html>`;
  }

  function drafted(html: string) {
    const capture = readable("test/page.html", new TextEncoder().encode(html));
    const result = draftGuide({ capture, platformId: "990000001", items: [item("ak-47-case-hardened")], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
    expect(quoteMisses(result.guide, capture, "snapshots/test/page.html")).toEqual([]);
    return result;
  }

  it("drafts a Russian page: its levels, its dates, no seed in its counts and prices, and its FAQ left ungraded", () => {
    const { guide, untranscribed } = drafted(
      steamPage(
        ["Опубликовано", "4 ноя. 2023 в 20:17"],
        ["Обновлено", "1 мар в 9:05"],
        [
          ["Введение", "EXAMPLE CONTENT. Проверено 12 481 скинов за 3 месяца, цены от 12 000 ₽."],
          ["Уровень 1", "661, 151 и 321"],
          ["Уровень 2", "77 - 1 золотая полоса<br>110"],
          ["Часто задаваемые вопросы", "Почему нет 555? Он не синий."],
        ],
      ),
    );
    expect(guide).toMatchObject({ posted: "2023-11-04T20:17:00", updated: "2024-03-01T09:05:00" });
    expect(pairs(guide.systems as DraftedSystem[])).toEqual(["Уровень 1|661", "Уровень 1|151", "Уровень 1|321", "Уровень 2|77", "Уровень 2|110"]);
    // The FAQ is no level: its seed is left to the review of numbers.
    expect(untranscribed.map((number) => number.value)).toEqual([555]);
  });

  it("drafts a Chinese page: its levels written without spaces, its dates, and its changelog left ungraded", () => {
    const { guide, untranscribed } = drafted(
      steamPage(
        ["发表于", "2023 年 11 月 4 日 下午 8:17"],
        ["更新日期", "3 月 1 日 上午 9:05"],
        [
          ["简介", "EXAMPLE CONTENT。看了 1,204 个皮肤，用了3个月。"],
          ["第一梯队", "661、151和321"],
          ["第二梯队", "77，110"],
          ["更新日志", "加入 555"],
        ],
      ),
    );
    expect(guide).toMatchObject({ posted: "2023-11-04T20:17:00", updated: "2024-03-01T09:05:00" });
    expect(pairs(guide.systems as DraftedSystem[])).toEqual(["第一梯队|661", "第一梯队|151", "第一梯队|321", "第二梯队|77", "第二梯队|110"]);
    expect(untranscribed.map((number) => number.value)).toEqual([555]);
  });
});
