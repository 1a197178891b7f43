// What every endpoint under an item pair's path (`/v1/items/{def_index}/{paint_index}`) shares: its
// two path parameters, read alike, the folder of the pair's files, and the wording of an unknown pair.

import { found, invalid, notFound, type Read } from "../endpoint.ts";

export interface PairFields {
  defIndex: number;
  paintIndex: number;
}

const NUMERIC = /^[0-9]+$/;
/** More digits than any def or paint index has (after leading zeros): simply unknown. */
const KNOWN_DIGITS = /^[0-9]{1,9}$/;

/** Its digits without leading zeros: the number a client asked for, even one too long to be exact. */
const digitsOf = (raw: string) => raw.replace(/^0+(?=[0-9])/, "");

export const pairNotFound = (defIndex: number | string, paintIndex: number | string) => `no item has def_index ${defIndex} and paint_index ${paintIndex}`;

/**
 * A non-numeric def_index or paint_index is 422 (docs/README.md, "Endpoints"); every parameter's syntax
 * is checked before any identity is looked at (docs/serving.md, "Decisions"), so `more` runs before
 * an index too long to name an item is answered 404.
 */
export function readPair<Fields>(values: Readonly<Record<string, string>>, more: (pair: PairFields) => Read<Fields>): Read<Fields> {
  const defRaw = values.def_index!;
  const paintRaw = values.paint_index!;
  for (const [name, raw] of [["def_index", defRaw], ["paint_index", paintRaw]] as const) {
    if (!NUMERIC.test(raw)) return invalid(`${name} must be a non-negative integer, got "${raw}"`);
  }
  const read = more({ defIndex: Number(defRaw), paintIndex: Number(paintRaw) });
  if (!read.ok) return read;
  if (!KNOWN_DIGITS.test(digitsOf(defRaw)) || !KNOWN_DIGITS.test(digitsOf(paintRaw))) return notFound(pairNotFound(digitsOf(defRaw), digitsOf(paintRaw)));
  return found(read.fields);
}

export const pairValues = ({ defIndex, paintIndex }: PairFields) => ({ def_index: defIndex, paint_index: paintIndex });

/** The folder of a pair's files beside its menu, `v1/items/{def}/{paint}.json`. */
export const pairFolder = ({ defIndex, paintIndex }: PairFields) => `v1/items/${defIndex}/${paintIndex}`;
