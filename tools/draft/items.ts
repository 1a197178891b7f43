import type { ItemFile, Paint } from "../../contract/schema/item.ts";
import type { BodyLine } from "../../generator/capture/lines.ts";
import { paintsNamed } from "./labels.ts";
import type { Place } from "./places.ts";
import type { DraftSystem } from "./systems.ts";

// A page may rank several items (`--item` given more than once: an AK-47 and a Five-SeveN Case Hardened, a
// Karambit's Doppler and Gamma Doppler). The page is read once, with every item's paints, and each system is
// then put on the item that names it: its own heading, a section heading above it, else the page's title,
// naming the item's weapon and finish words (`AK-47 Case Hardened`, `AK Case Hardened`, `Karambit | Doppler`).
// Its paints are read again against that item. A system nothing names goes on the first item, and the summary
// says so: an assignment is never kept silently.

/** The item a page of several items is read with: the first, with the paints of all of them (one per label). */
export function readingItem(items: readonly ItemFile[]): ItemFile {
  if (items.length === 1) return items[0]!;
  const paints = new Map<string, Paint>();
  for (const item of items) for (const paint of item.paints) if (paint.paint_label !== "" && !paints.has(paint.paint_label.toLowerCase())) paints.set(paint.paint_label.toLowerCase(), paint);
  return paints.size === 0 ? items[0]! : { ...items[0]!, paints: [...paints.values()] };
}

/** The item `text` names, when it names one more surely than the others; null when it names none, or several alike. */
export function itemNamed(text: string, items: readonly ItemFile[]): ItemFile | null {
  const written = words(text);
  let best: ItemFile | null = null;
  let bestScore = 0;
  let tie = false;
  for (const item of items) {
    const score = nameScore(written, item);
    if (score > bestScore) [best, bestScore, tie] = [item, score, false];
    else if (score === bestScore && score > 0) tie = true;
  }
  return tie ? null : best;
}

/**
 * How surely words name an item: each word of its weapon written (the first one at least: `AK` of `AK-47`,
 * `Butterfly` of `Butterfly Knife`), and each word of its finish when all of them are written in order.
 */
function nameScore(written: readonly string[], item: ItemFile): number {
  const weapon = words(item.weapon);
  const finish = words(item.finish);
  const weaponScore = written.includes(weapon[0]!) ? weapon.filter((word) => written.includes(word)).length : 0;
  const finishScore = finish.length > 0 && containsRun(written, finish) ? finish.length : 0;
  return weaponScore + finishScore;
}

function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .split(/[^\p{L}\d]+/u)
    .filter((word) => word !== "");
}

function containsRun(written: readonly string[], run: readonly string[]): boolean {
  for (let at = 0; at + run.length <= written.length; at++) if (run.every((word, index) => written[at + index] === word)) return true;
  return false;
}

export interface Placement {
  systems: DraftSystem[];
  /** What "check these" says of the systems no heading put on their item, or whose levels name several. */
  notes: string[];
}

/** Each system on the item its headings (else the page's title) name, its paints read against that item. */
export function placeOnItems(systems: readonly DraftSystem[], items: readonly ItemFile[], places: ReadonlyMap<BodyLine, Place>, title: string | null): Placement {
  if (items.length === 1) return { systems: [...systems], notes: [] };
  const notes: string[] = [];
  const placed = systems.map((system) => {
    const named = system.levels.map(([block]) => namingItem(system, block.listed[0]!.line, items, places, title));
    const item = named[0] ?? items[0]!;
    if (named[0] === null) notes.push(`system ${system.id}: no heading names its item; put on ${item.slug}, change it if wrong`);
    const others = [...new Set(named.filter((other) => other !== null && other !== item).map((other) => other!.slug))];
    if (others.length > 0) notes.push(`system ${system.id}: some of its levels are under headings naming ${others.join(", ")}; put on ${item.slug}, split it if wrong`);
    const paints = system.paintsFrom === null ? null : paintsNamed(system.paintsFrom, item);
    return { ...system, document: { ...system.document, item: item.slug, paint_indexes: paints } };
  });
  return { systems: placed, notes };
}

/** The item named by a system's own label, the headings above a line of it, or the page's title, the nearest first. */
function namingItem(system: DraftSystem, line: BodyLine, items: readonly ItemFile[], places: ReadonlyMap<BodyLine, Place>, title: string | null): ItemFile | null {
  const texts = [...(system.guessedLabel ? [] : [system.document.label]), ...(places.get(line)?.headings ?? []).map((heading) => heading.text), ...(title === null ? [] : [title])];
  for (const text of texts) {
    const item = itemNamed(text, items);
    if (item !== null) return item;
  }
  return null;
}
