// Incremental derivation: a unit (generator/derive/index.ts, DerivationUnit) whose input hash,
// salted with the derivation code's hash, equals the one recorded in the serving generation's
// index is not derived: its files are taken from the serving generation (hard links). Every other unit is derived, and its hash
// recorded for the next build. The result is byte-identical to deriving everything, since equal
// inputs and equal code give equal files (tested against full builds of randomly edited datasets).

import { createHash } from "node:crypto";
import { bytesOf, type DerivationUnit, type DerivedFile } from "../derive/index.ts";
import type { GenerationIndex, UnitInputs } from "../../contract/file-index.ts";
import { chunkFileOf, packChunksOf } from "../../contract/pack-chunks.ts";

/** The serving generation, as a rebuild may reuse it. */
export interface PreviousGeneration {
  index: GenerationIndex;
}

/** A unit taken from the serving generation: each file with its fingerprint. */
export interface ReusedUnit {
  kind: "reused";
  key: string;
  record: UnitInputs;
  files: [path: string, print: string][];
}

/** Follows the files of a derived unit: what to record for it in the new index. */
export interface DerivedUnit {
  kind: "derived";
  key: string;
  record: UnitInputs;
}

export type EmitEntry = DerivedFile | ReusedUnit | DerivedUnit;

export const isFile = (entry: EmitEntry): entry is DerivedFile => !("kind" in entry);

/** The hash recorded for a unit: its inputs and the code that derives them. */
export const unitHash = (codeHash: string, inputs: string) => createHash("sha256").update(`${codeHash}\n${inputs}`).digest("hex").slice(0, 32);

/**
 * The entries of a build: reused units where `previous` has them with the same hash, the files of
 * every other unit. `previous` is null for a build that derives everything (no serving generation
 * or index, `--verify`).
 */
export function* reuseUnchanged(units: Iterable<DerivationUnit>, codeHash: string, previous: PreviousGeneration | null): Generator<EmitEntry> {
  // The chunks of each pack the serving generation holds, read once from its index's names.
  const chunks = previous === null ? new Map<string, number[]>() : packChunksOf(previous.index.files.keys());
  for (const unit of units) {
    const hash = unit.inputs === null ? null : unitHash(codeHash, unit.inputs);
    const reused = hash === null || previous === null ? null : reusable(unit, hash, previous, chunks);
    if (reused !== null) {
      yield reused;
      continue;
    }
    let files = 0;
    let bytes = 0;
    for (const file of unit.files()) {
      files++;
      if ("pieces" in file) {
        yield file;
        continue;
      }
      const body = bytesOf(file.body);
      bytes += body.byteLength;
      yield { ...file, body };
    }
    if (hash !== null) yield { kind: "derived", key: unit.key, record: { hash, files, bytes } };
  }
}

/**
 * The unit as the previous generation holds it, when its hash matches and all its files are indexed
 * (a pack's: each of its chunks there).
 */
function reusable(unit: DerivationUnit, hash: string, previous: PreviousGeneration, chunks: ReadonlyMap<string, readonly number[]>): ReusedUnit | null {
  const record = previous.index.inputs.get(unit.key);
  if (record?.hash !== hash) return null;
  const files: [string, string][] = [];
  for (const name of unit.paths) {
    for (const path of chunks.get(name)?.map((first) => chunkFileOf(name, first)) ?? [name]) {
      const print = previous.index.files.get(path);
      if (print === undefined) return null;
      files.push([path, print]);
    }
  }
  return { kind: "reused", key: unit.key, record, files };
}
