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

/**
 * The item `text` names, when it names one more surely than the others: the words of each item it writes are
 * read (`namedWords`), and an item whose words written are all among another's is the less sure (`Karambit
 * Gamma Doppler` names the Gamma Doppler, not the Doppler); null when it names none, or several alike (`Case
 * Hardened` of two guns, a title naming an AK-47 and a Karambit).
 */
export function itemNamed(text: string, items: readonly ItemFile[]): ItemFile | null {
  const written = words(text);
  const named = items.map((item) => ({ item, words: namedWords(written, item) })).filter((candidate) => candidate.words.size > 0);
  const surest = named.filter((candidate) => !named.some((other) => other !== candidate && other.words.size > candidate.words.size && [...candidate.words].every((word) => other.words.has(word))));
  return surest.length === 1 ? surest[0]!.item : null;
}

/**
 * The words of an item that `written` holds: its weapon's words, when the first of them is written (`AK` of
 * `AK-47`, `Butterfly` of `Butterfly Knife`), and its finish's, when all of them are written in order.
 */
function namedWords(written: readonly string[], item: ItemFile): Set<string> {
  const weapon = words(item.weapon);
  const finish = words(item.finish);
  const found = new Set<string>();
  if (written.includes(weapon[0]!)) for (const word of weapon) if (written.includes(word)) found.add(word);
  if (finish.length > 0 && containsRun(written, finish)) for (const word of finish) found.add(word);
  return found;
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
  /** What "check these" says of the systems no heading put on their item. */
  notes: string[];
}

/** Each system on the item its headings (else the page's title) name, its paints read against that item. */
export function placeOnItems(systems: readonly DraftSystem[], items: readonly ItemFile[], places: ReadonlyMap<BodyLine, Place>, title: string | null): Placement {
  if (items.length === 1) return { systems: [...systems], notes: [] };
  const notes: string[] = [];
  const placed = systems.map((system) => {
    const named = namingItem(system, firstLine(system), items, places, title);
    const item = named ?? items[0]!;
    if (named === null) notes.push(`system ${system.id}: no heading names its item; put on ${item.slug}, change it if wrong`);
    const paints = system.paintsFrom === null ? null : paintsNamed(system.paintsFrom, item);
    return { ...system, document: { ...system.document, item: item.slug, paint_indexes: paints } };
  });
  return { systems: placed, notes };
}

/** Where a system's first seed is written in the page. */
function firstLine(system: DraftSystem): BodyLine {
  const lines = system.levels.flatMap(([block]) => block.listed.map((listed) => listed.line));
  return lines.reduce((first, line) => (line.start < first.start ? line : first));
}

/** The item named by a system's own label, the headings above its first line, or the page's title, the nearest first. */
function namingItem(system: DraftSystem, line: BodyLine, items: readonly ItemFile[], places: ReadonlyMap<BodyLine, Place>, title: string | null): ItemFile | null {
  const texts = [...(system.guessedLabel ? [] : [system.document.label]), ...(places.get(line)?.headings ?? []).map((heading) => heading.text), ...(title === null ? [] : [title])];
  for (const text of texts) {
    const item = itemNamed(text, items);
    if (item !== null) return item;
  }
  return null;
}
