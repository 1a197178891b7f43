import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Guide } from "../../../contract/schema/guide.ts";
import { prepareCapture, type ReadableCapture } from "../../../generator/capture/capture.ts";
import { seedCandidates } from "../../../generator/capture/numbers.ts";
import { untranscribedNumbers, type AccountedGuide } from "../../../generator/capture/untranscribed.ts";
import { seedsOccurInTheirQuotes, sharedQuotesKeepTheirOrder } from "../../../generator/validate/rules/seeds-in-quotes.ts";

// Properties of the review of numbers over generated test pages (a heading per level, its list lines, and
// sentences holding numbers nobody transcribed): each number is accounted for by what stands at its own
// place. Lists are compared as (line, value) pairs: which of two equal numbers of a line is the one left
// over may change with the labels, how many are left over on that line may not.

interface PageLine {
  seeds: number[];
  /** Written after the level's label (`Tier 2: 32, 92`). */
  inline: boolean;
  transcribed: boolean;
}

interface PageLevel {
  label: string;
  lines: PageLine[];
  /** Numbers of a sentence under the level that nobody transcribed. */
  prose: number[];
}

interface Page {
  levels: PageLevel[];
  /** A second system grading the first level's lines again, with the same labels. */
  copied: boolean;
}

interface Built {
  capture: ReadableCapture;
  guide: AccountedGuide;
  /** The 1-based line of each grading quote. */
  lineOf: Map<string, number>;
  /** The lines no grading quotes, and the heading lines. */
  untranscribedLines: Set<number>;
  /** The lines written after their level's label. */
  inlineLines: Set<number>;
  /** The index (in the first system) of the gradings graded again by the copy. */
  twins: Set<number>;
}

const seed = fc.integer({ min: 0, max: 1000 });
const line = fc.record({ seeds: fc.array(seed, { minLength: 1, maxLength: 5 }), inline: fc.boolean(), transcribed: fc.boolean() });
const level = (label: fc.Arbitrary<string>) => fc.record({ label, lines: fc.array(line, { minLength: 1, maxLength: 3 }), prose: fc.array(seed, { maxLength: 4 }) });
const anyLabel = fc.oneof(fc.integer({ min: 1, max: 9 }).map(String), fc.integer({ min: 1, max: 9 }).map((n) => `Tier ${n}`), fc.constantFrom("Max Pink", "Blue Tip", "Gold"));
const digitLabel = fc.integer({ min: 1, max: 9 }).map(String);
const page = (label: fc.Arbitrary<string>) => fc.record({ levels: fc.uniqueArray(level(label), { selector: (entry) => entry.label, minLength: 1, maxLength: 4 }), copied: fc.boolean() });

/** A sentence holding the level's own digits, numbers beginning with them, and the given numbers. */
function sentence(label: string, numbers: readonly number[]): string {
  const digits = label.replace(/\D/g, "");
  const near = digits === "" ? [] : [Number(digits), Number(digits) * 10 + 5, Number(digits) * 100 + 7];
  return `More like ${label} here: ${[...near, ...numbers].join(" and ")}.`;
}

function build(source: Page, labels: readonly string[] = source.levels.map((entry) => entry.label)): Built {
  const lines = ["TEST DATA: a generated page, not a real guide"];
  const written = new Set(lines);
  const levels = source.levels.map((entry, index) => ({ key: `l${index}`, label: labels[index]! }));
  const gradings: AccountedGuide["systems"][number]["gradings"][number][] = [];
  const lineOf = new Map<string, number>();
  const untranscribedLines = new Set<number>();
  const inlineLines = new Set<number>();
  const twins = new Set<number>();
  const headingLines = new Set<number>();
  source.levels.forEach((entry, index) => {
    lines.push(entry.label);
    written.add(entry.label);
    headingLines.add(lines.length);
    for (const listed of entry.lines) {
      const text = `${listed.inline ? `${entry.label}: ` : ""}${listed.seeds.join(", ")}`;
      // One place per quote: a line written twice would be two places of the same quote.
      if (written.has(text)) continue;
      written.add(text);
      lines.push(text);
      if (listed.inline) inlineLines.add(lines.length);
      if (!listed.transcribed) {
        untranscribedLines.add(lines.length);
        continue;
      }
      lineOf.set(text, lines.length);
      for (const value of listed.seeds) {
        if (index === 0 && source.copied) twins.add(gradings.length);
        gradings.push({ seed: value, level: `l${index}`, quote: text });
      }
    }
    if (entry.prose.length > 0 || /\d/.test(entry.label)) {
      lines.push(sentence(entry.label, entry.prose));
      untranscribedLines.add(lines.length);
    }
  });
  const systems: AccountedGuide["systems"][number][] = [{ label: "Tiers", levels, gradings }];
  if (source.copied) systems.push({ label: "Tiers", levels, gradings: gradings.filter((_, index) => twins.has(index)) });
  // Each level's label is a heading, as a guide's page sets it apart: a line of just `4` under another
  // level is a seed there, whatever a level is called.
  const html = lines.map((text, index) => (headingLines.has(index + 1) ? `<h2>${text}</h2>` : `<p>${text}</p>`)).join("\n");
  const readable = prepareCapture("test/page.html", new TextEncoder().encode(`<!DOCTYPE html><html><body>\n${html}\n</body></html>\n`)).readable;
  if ("problem" in readable) throw new Error(readable.problem);
  // The page's readable text sets blocks apart with empty lines: each written line's number there.
  const shown = new Map<number, number>();
  const textLines = readable.text.split("\n");
  let at = 0;
  lines.forEach((text, index) => {
    while (textLines[at] !== text) at++;
    shown.set(index + 1, ++at);
  });
  const renumber = (numbers: Set<number>) => new Set([...numbers].map((number) => shown.get(number)!));
  return {
    capture: readable,
    guide: { systems },
    lineOf: new Map([...lineOf].map(([quote, number]) => [quote, shown.get(number)!])),
    untranscribedLines: renumber(untranscribedLines),
    inlineLines: renumber(inlineLines),
    twins,
  };
}

/** The list as sorted `line:value` pairs. */
function listed(capture: ReadableCapture, guide: AccountedGuide): string[] {
  return untranscribedNumbers(capture, guide, { skip: [] })
    .map((found) => `${found.line}:${found.value}`)
    .sort();
}

function withoutGrading(guide: AccountedGuide, index: number): AccountedGuide {
  const [first, ...rest] = guide.systems;
  return { systems: [{ ...first!, gradings: first!.gradings.filter((_, at) => at !== index) }, ...rest] };
}

/** `after` holds `before` and exactly the `added` pairs besides. */
function expectAdded(before: readonly string[], after: readonly string[], added: readonly string[]): void {
  expect([...after]).toEqual([...before, ...added].sort());
}

describe("the review of numbers accounts for each number at its own place", () => {
  it("lists the seed of any one grading removed, unless another grading still takes it at that place", () => {
    fc.assert(
      fc.property(
        page(anyLabel).filter((generated) => generated.levels.some((entry) => entry.lines.some((listed) => listed.transcribed))),
        fc.nat(),
        (generated, pick) => {
          const built = build(generated);
          const gradings = built.guide.systems[0]!.gradings;
          fc.pre(gradings.length > 0);
          const index = pick % gradings.length;
          const removed = gradings[index]!;
          const before = listed(built.capture, built.guide);
          const after = listed(built.capture, withoutGrading(built.guide, index));
          expectAdded(before, after, built.twins.has(index) ? [] : [`${built.lineOf.get(removed.quote)}:${removed.seed}`]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("lets a label made of digits account for nothing but itself: every number of the sentences, also one beginning with its digits, is listed", () => {
    fc.assert(
      fc.property(page(digitLabel), (generated) => {
        const built = build(generated);
        const text = built.capture.text.split("\n");
        // A list line written after its label keeps the label standing there, transcribed or not.
        const expected = [...built.untranscribedLines].flatMap((number) =>
          seedCandidates(text[number - 1]!)
            .slice(built.inlineLines.has(number) ? 1 : 0)
            .map((token) => `${number}:${token.value}`),
        );
        expect(listed(built.capture, built.guide)).toEqual(expected.sort());
      }),
      { numRuns: 300 },
    );
  });

  it("changes nothing but the numbers of the old labels where they stood, when the levels are renamed", () => {
    fc.assert(
      fc.property(page(anyLabel), (generated) => {
        const built = build(generated);
        const renamed = build(
          generated,
          generated.levels.map((_, index) => `Renamed ${"ABCDEFGHI"[index]}`),
        );
        const before = listed(built.capture, built.guide);
        const after = listed(renamed.capture, renamed.guide);
        const remaining = [...after];
        for (const pair of before) {
          const at = remaining.indexOf(pair);
          expect(at, `${pair} is listed before the renaming and not after`).not.toBe(-1);
          remaining.splice(at, 1);
        }
        const text = built.capture.text.split("\n");
        for (const pair of remaining) {
          const [number, value] = pair.split(":").map(Number) as [number, number];
          const old = generated.levels.find((entry) => text[number - 1]!.startsWith(entry.label));
          expect(old, `${pair} is on a line that writes no old label`).toBeDefined();
          expect(seedCandidates(old!.label).map((token) => token.value)).toContain(value);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("leaves check nothing to refuse in the generated transcription, notes naming levels and counts of spots included", () => {
    const noted = fc.record({ seeds: fc.array(seed, { minLength: 2, maxLength: 4 }), level: fc.integer({ min: 1, max: 9 }), spots: fc.integer({ min: 1, max: 9 }) });
    fc.assert(
      fc.property(noted, ({ seeds, level: named, spots }) => {
        const quote = `${seeds[0]} (almost Tier ${named}) • ${seeds.slice(1).join(" • ")}`;
        const counted = `${seeds[0]} - ${spots} gold spots`;
        const gradings = [
          ...seeds.map((value, position) => ({ seed: value, level: "t2", quote, evidence: "text", position })),
          { seed: seeds[0], level: "t2", quote: counted, evidence: "text", position: seeds.length },
        ];
        const guide = { systems: [{ label: "Tiers", levels: [{ key: "t2", label: `Tier ${named === 9 ? 1 : named + 1}` }], gradings }] } as unknown as Guide;
        expect([...seedsOccurInTheirQuotes(guide), ...sharedQuotesKeepTheirOrder(guide)]).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
