import { readFileSync } from "node:fs";
import type { ItemFile } from "../../contract/schema/item.ts";
import { agreement, unmatchedPairs, type Agreement, type SystemLike } from "../../tools/draft/compare.ts";
import { draftGuide } from "../../tools/draft/draft.ts";
import { prepareCapture, type ReadableCapture } from "../../generator/capture/capture.ts";
import { quotesOccurInCapture } from "../../generator/validate/rules/quotes.ts";
import type { UntranscribedNumber } from "../../generator/capture/untranscribed.ts";
import { CAPTURES, type CaptureFixture } from "../fixtures/draft/captures.ts";
import { BLIND_CAPTURES, type BlindCapture } from "../fixtures/draft/blind/expected.ts";
import type { FreshCapture } from "../fixtures/draft/fresh/expected.ts";
import { DOUBT_CAPTURES } from "../fixtures/draft/doubts/expected.ts";

// How close guide:draft comes to a careful transcription, capture by capture: the example captures of
// test/fixtures/draft/captures/, test/fixtures/draft/blind/ and test/fixtures/draft/doubts/ against their expected
// pairs, and the shipped example guides' captures against their guide files. Shared by the test that requires it and the script that prints it.

const DATASET = new URL("../../dataset/", import.meta.url);
const CAPTURE_FOLDER = new URL("../fixtures/draft/captures/", import.meta.url);
const BLIND_FOLDER = new URL("../fixtures/draft/blind/", import.meta.url);
const FRESH_FOLDER = new URL("../fixtures/draft/fresh/", import.meta.url);
const DOUBT_FOLDER = new URL("../fixtures/draft/doubts/", import.meta.url);

export function itemFile(slug: string): ItemFile {
  return JSON.parse(readFileSync(new URL(`items/${slug}.json`, DATASET), "utf8")) as ItemFile;
}

export function readable(path: string, bytes: Uint8Array): ReadableCapture {
  const { readable } = prepareCapture(path, bytes);
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

interface DraftedSystem {
  label: string;
  item: string;
  paint_indexes: number[] | null;
  levels: { key: string; label: string }[];
  gradings: { seed: number; level: string; quote: string; evidence?: string }[];
}

export interface CaptureFigures {
  name: string;
  agreement: Agreement;
  /**
   * Seeds the transcription lists that the draft grades nowhere (as often as they are missing), and how many of
   * them the draft lists as numbers not transcribed, in `untranscribed` (what `guide:numbers --json` prints) and
   * in its summary.
   */
  missed: { count: number; listed: number };
  /** Gradings of the draft the transcription does not have (a wrong seed or level), and how many of their seeds "check these" names. */
  wrong: { count: number; named: number };
  /** Quotes of the draft not found verbatim in the capture (the placeholder permission_quote aside). */
  quoteMisses: string[];
  drafted: { guide: Record<string, unknown>; systems: DraftedSystem[]; summary: string[]; untranscribed: UntranscribedNumber[] };
}

function draftOf(path: string, bytes: Uint8Array, slugs: string | readonly string[], platformId: string) {
  const capture = readable(path, bytes);
  const items = (typeof slugs === "string" ? [slugs] : slugs).map(itemFile);
  const { guide, summary, untranscribed } = draftGuide({ capture, platformId, items, snapshot: { path, sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
  const quoteMisses = quotesOccurInCapture(guide, capture, path)
    .filter((found) => found.path !== "$.permission_quote")
    .map((found) => `${found.path}: ${found.message}`);
  return { guide, systems: guide.systems as DraftedSystem[], summary, untranscribed, quoteMisses };
}

/** How the draft's own review covers its misses and its mistakes (`missed` and `wrong` of CaptureFigures). */
function safetyNet(expected: readonly SystemLike[], drafted: ReturnType<typeof draftOf>): Pick<CaptureFigures, "missed" | "wrong"> {
  const seedsOf = (systems: readonly SystemLike[]) => systems.flatMap((system) => system.gradings.map((grading) => grading.seed));
  const left = new Map<number, number>();
  for (const seed of seedsOf(drafted.systems)) left.set(seed, (left.get(seed) ?? 0) + 1);
  const missing: number[] = [];
  for (const seed of seedsOf(expected)) {
    if ((left.get(seed) ?? 0) > 0) left.set(seed, left.get(seed)! - 1);
    else missing.push(seed);
  }
  const inSummary = (found: UntranscribedNumber) => drafted.summary.some((line) => line.startsWith(`  line ${found.line}:${found.column}: ${found.value} `));
  const unlisted = drafted.untranscribed.filter(inSummary).map((found) => found.value);
  let listed = 0;
  for (const seed of missing) {
    const at = unlisted.indexOf(seed);
    if (at === -1) continue;
    unlisted.splice(at, 1);
    listed++;
  }
  const wrongSeeds = unmatchedPairs(expected, drafted.systems).map((pair) => Number(pair.slice(pair.lastIndexOf("\u0000") + 1)));
  const from = drafted.summary.indexOf("check these:");
  const checkThese = from === -1 ? [] : drafted.summary.slice(from + 1, drafted.summary.indexOf("", from));
  // A guess names the seeds it decides at its end: `line 12: ... (seeds 661, 151)`.
  const namedSeeds = new Set(checkThese.flatMap((line) => /\(seeds? ([\d, ]+)\)$/.exec(line)?.[1]!.split(", ").map(Number) ?? []));
  const named = wrongSeeds.filter((seed) => namedSeeds.has(seed)).length;
  return { missed: { count: missing.length, listed }, wrong: { count: wrongSeeds.length, named } };
}

/** Expected pairs as systems that `agreement` reads. */
function expectedSystems(fixture: CaptureFixture) {
  return fixture.systems.map((system) => {
    const labels = [...new Set(system.pairs.map((pair) => pair.slice(0, pair.lastIndexOf("|"))))];
    return {
      levels: labels.map((label, index) => ({ key: String(index), label })),
      gradings: system.pairs.map((pair) => ({ level: String(labels.indexOf(pair.slice(0, pair.lastIndexOf("|")))), seed: Number(pair.slice(pair.lastIndexOf("|") + 1)) })),
    };
  });
}

export function captureFigures(fixture: CaptureFixture): CaptureFigures {
  return fixtureFigures(fixture, CAPTURE_FOLDER, fixture.file);
}

/** A page of test/fixtures/draft/doubts/: its draft may take seeds wrongly, as long as "check these" names them. */
export function doubtFigures(fixture: CaptureFixture): CaptureFigures {
  return fixtureFigures(fixture, DOUBT_FOLDER, `doubts ${fixture.file.replace(/\.html$/, "")}`);
}

function fixtureFigures(fixture: CaptureFixture, folder: URL, name: string): CaptureFigures {
  const drafted = draftOf(`test/${fixture.file}`, readFileSync(new URL(fixture.file, folder)), fixture.item, "990000100");
  const expected = expectedSystems(fixture);
  return { name, agreement: agreement(expected, drafted.systems), ...safetyNet(expected, drafted), quoteMisses: drafted.quoteMisses, drafted };
}

/** Expected pairs of a capture transcribed without the drafter's rules at hand, as systems `agreement` reads. */
function blindSystems(capture: Pick<BlindCapture, "systems">) {
  return capture.systems.map((system) => {
    const labels = [...new Set(system.pairs.map(([label]) => label))];
    return {
      levels: labels.map((label, index) => ({ key: String(index), label })),
      gradings: system.pairs.map(([label, seed]) => ({ level: String(labels.indexOf(label)), seed })),
    };
  });
}

export function blindFigures(capture: BlindCapture): CaptureFigures {
  const drafted = draftOf(`test/blind/${capture.file}`, readFileSync(new URL(capture.file, BLIND_FOLDER)), capture.item, "990000200");
  const expected = blindSystems(capture);
  return { name: `blind ${capture.file.replace(/\.html$/, "")}`, agreement: agreement(expected, drafted.systems), ...safetyNet(expected, drafted), quoteMisses: drafted.quoteMisses, drafted };
}

export interface FreshFigures extends CaptureFigures {
  /**
   * Each expected system and the drafted system holding most of its seeds (its `home`): whether that one is on
   * the expected item and narrowed to the expected paints, and how many drafted systems its seeds are spread over.
   */
  placement: { label: string; item: string; home: string | null; rightItem: boolean; rightPaints: boolean; spread: number }[];
  /** Drafted systems, against the transcription's. */
  systems: { expected: number; drafted: number };
  /** Title, authors, posted and updated the draft reads as the transcription has them (of 4). */
  attribution: number;
  /** Expected pairs the draft does not have, and drafted pairs the transcription does not have, as `level: seed`. */
  missedPairs: string[];
  wrongPairs: string[];
}

/** How many seeds two lists share, each seed as often as both list it. */
function sharedSeeds(a: readonly number[], b: readonly number[]): number {
  const left = new Map<number, number>();
  for (const seed of a) left.set(seed, (left.get(seed) ?? 0) + 1);
  return b.filter((seed) => {
    const count = left.get(seed) ?? 0;
    if (count > 0) left.set(seed, count - 1);
    return count > 0;
  }).length;
}

/** The paint labels a drafted system is narrowed to (`null`: the whole item). */
function paintLabels(system: DraftedSystem): string[] | null {
  if (system.paint_indexes === null) return null;
  const paints = itemFile(system.item).paints;
  return system.paint_indexes.map((index) => paints.find((paint) => paint.paint_index === index)?.paint_label ?? `paint ${index}`).sort();
}

/** Where the draft puts the seeds of each expected system (FreshFigures' `placement`). */
function placementOf(capture: FreshCapture, drafted: readonly DraftedSystem[]): FreshFigures["placement"] {
  return capture.systems.map((system) => {
    const item = system.item ?? capture.item;
    const seeds = system.pairs.map(([, seed]) => seed);
    const shares = drafted.map((one) => sharedSeeds(seeds, one.gradings.map((grading) => grading.seed)));
    const best = Math.max(0, ...shares);
    const home = best === 0 ? undefined : drafted[shares.indexOf(best)]!;
    const paints = home === undefined ? undefined : paintLabels(home);
    const rightPaints = home !== undefined && JSON.stringify(paints) === JSON.stringify(system.paints === null ? null : [...system.paints].sort());
    return { label: system.label, item, home: home === undefined ? null : `${home.label} (${home.item}, ${paints === null ? "all paints" : paints!.join(", ")})`, rightItem: home?.item === item, rightPaints, spread: shares.filter((share) => share > 0).length };
  });
}

function attributionOf(capture: FreshCapture, guide: Record<string, unknown>): number {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return [same(guide.title, capture.title), same(guide.authors, capture.authors), same(guide.posted, capture.posted), same(guide.updated, capture.updated)].filter(Boolean).length;
}

const readablePair = (pair: string) => pair.replace("\u0000", ": ");

/**
 * A capture of test/fixtures/draft/fresh/, in a layout the drafter was not built on. The draft is made for the
 * capture's `item` and every other item its systems grade, first the capture's (as `--item` is given once per item).
 */
export function freshFigures(capture: FreshCapture): FreshFigures {
  const items = [...new Set([capture.item, ...capture.systems.flatMap((system) => system.item ?? [])])];
  const drafted = draftOf(`test/fresh/${capture.file}`, readFileSync(new URL(capture.file, FRESH_FOLDER)), items, "990000300");
  const expected = blindSystems(capture);
  return {
    name: `fresh ${capture.file.replace(/\.html$/, "")}`,
    agreement: agreement(expected, drafted.systems),
    ...safetyNet(expected, drafted),
    quoteMisses: drafted.quoteMisses,
    drafted,
    placement: placementOf(capture, drafted.systems),
    systems: { expected: capture.systems.length, drafted: drafted.systems.length },
    attribution: attributionOf(capture, drafted.guide),
    missedPairs: unmatchedPairs(drafted.systems, expected).map(readablePair),
    wrongPairs: unmatchedPairs(expected, drafted.systems).map(readablePair),
  };
}

export const EXAMPLE_GUIDES = ["900000001", "900000002", "900000003", "900000004", "900000005", "900000006", "900000007", "900000008"];

export function exampleFigures(id: string): CaptureFigures {
  const transcribed = JSON.parse(readFileSync(new URL(`guides/${id}.json`, DATASET), "utf8")) as { snapshot: { path: string }; systems: DraftedSystem[] };
  const drafted = draftOf(transcribed.snapshot.path, readFileSync(new URL(`snapshots/${transcribed.snapshot.path}`, DATASET)), (transcribed.systems[0] as unknown as { item: string }).item, id);
  // The draft reads text lists; gradings read off captions or images are the maintainer's to add.
  const textOnly = transcribed.systems.map((system) => ({ ...system, gradings: system.gradings.filter((grading) => grading.evidence === "text") }));
  return { name: `dataset ${id}`, agreement: agreement(textOnly, drafted.systems), ...safetyNet(textOnly, drafted), quoteMisses: drafted.quoteMisses, drafted };
}

export function allFigures(): CaptureFigures[] {
  return [...CAPTURES.map(captureFigures), ...BLIND_CAPTURES.map(blindFigures), ...DOUBT_CAPTURES.map(doubtFigures), ...EXAMPLE_GUIDES.map(exampleFigures)];
}

export function figuresTable(figures: readonly CaptureFigures[]): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(7);
  const share = (part: number, whole: number) => `${part}/${whole}`.padStart(8);
  const rows = figures.map(
    ({ name, agreement: a, missed, wrong, quoteMisses }) =>
      `${name.padEnd(52)} ${String(a.expected).padStart(5)} ${String(a.drafted).padStart(5)} ${String(a.matched).padStart(5)} ${percent(a.recall)} ${percent(a.precision)} ${percent(a.order)} ${String(quoteMisses.length).padStart(6)} ${share(missed.listed, missed.count)} ${share(wrong.named, wrong.count)}`,
  );
  return [
    `${"capture".padEnd(52)} ${"want".padStart(5)} ${"draft".padStart(5)} ${"match".padStart(5)} ${"recall".padStart(7)} ${"precis.".padStart(7)} ${"order".padStart(7)} ${"misses".padStart(6)} ${"unread".padStart(8)} ${"wrong".padStart(8)}`,
    ...rows,
    "",
    "unread: seeds the draft grades nowhere, listed as numbers not transcribed (guide:numbers --json, the summary) / all of them",
    "wrong: gradings the transcription does not have, whose seed \"check these\" names / all of them",
  ].join("\n");
}
