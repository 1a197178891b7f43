// Reading the files of one committed build, each checked before a byte of it is served: the
// manifest vouches for the generation's serving index (`index`), a documents folder's name for its
// own, and an index for every file it names (contract/serving-index.ts). A file the index does not
// name does not exist (404, no read); one it names that is missing or whose bytes differ is damage:
// thrown (503, never cached), and read afresh by the next request, so a repaired file serves again.
//
// Checked bytes are kept in the build's byte cache. Who may wait for whose read is the runtime's
// rule, not ours (docs/serving.md, "Reading files"):
// - where one request may await I/O another request started (Node), concurrent misses of one file
//   share one read;
// - where it may not (a Worker's request that awaits another's read is cancelled as hung, and
//   Netlify's isolates are held to the same rule here), each request reads for itself. The dump and
//   the generation's serving index are the reads that cost (a seed's is one chunk of its pair's pack,
//   some 50 KB), so at most `maxWholeReads` of them run at once per isolate; a request waiting for
//   one looks again on its own timer, and finds the file read if another request read it meanwhile.

import type { ByteCache } from "./byte-cache.ts";
import { wrapData, type Envelope } from "../contract/envelope.ts";
import { entryMatches, fingerprintOf, packFingerprintOf, sizeOfFingerprint } from "../contract/fingerprint.ts";
import type { Manifest } from "../contract/manifest.ts";
import { directoryLength, entryRange, packLengthOf } from "../contract/pack.ts";
import { chunkFileOf, chunkHolding, packChunksOf } from "../contract/pack-chunks.ts";
import type { PackEntry } from "../contract/routes.ts";
import { documentsFolderOf, parseServingIndex, SERVING_INDEX_FILE } from "../contract/serving-index.ts";

/** A file of a build, by its path relative to `dist/`: its bytes, `null` when it does not exist; a throw when it cannot be read. */
export type AssetSource<C = void> = (path: string, context: C) => Promise<Uint8Array | null>;

/**
 * Bytes [start, end) of a file, where the runtime reads part of a file, with the file's whole size
 * (a pack cut short or grown is damage, whichever entry is asked); `null` when it does not exist.
 */
export type AssetSlice<C = void> = (path: string, start: number, end: number, context: C) => Promise<{ bytes: Uint8Array; size: number } | null>;

export interface ReadPolicy {
  /** Concurrent misses of one file share one read: only where a request may await another request's I/O. */
  shareReads: boolean;
  /** Large files (the dump, the generation's serving index) read at once, at most, per process or isolate. */
  maxWholeReads: number;
  /** How a request waiting for a whole read waits before it looks again (tests give their own). */
  sleep: (ms: number) => Promise<void>;
  /** The clock that tells a turn held too long (tests give their own). */
  now: () => number;
}

/**
 * A whole read of a few MB takes milliseconds; a turn held longer than this belongs to a request the
 * runtime cancelled (its client went away) before it could give the turn back, and is taken back.
 */
const ABANDONED_TURN_MS = 10_000;

/** Node: reads are shared, and reads of large files need no bound. */
export const SHARED_READS: ReadPolicy = {
  shareReads: true,
  maxWholeReads: Number.POSITIVE_INFINITY,
  sleep: (ms) => new Promise((wake) => setTimeout(wake, ms)),
  now: () => Date.now(),
};

/**
 * Workers and Netlify: each request reads for itself; two large reads at once (a dump is 3.3 MB at
 * the API's stated scale, the serving index 400 KB) besides the cache and the chunks being read (some
 * 50 KB each) stay far inside an isolate's 128 MB (`npm run bench:isolate`).
 */
export const OWN_READS: ReadPolicy = { ...SHARED_READS, shareReads: false, maxWholeReads: 2 };

/** What the reader keeps of one commit: built by the core once per manifest, dropped with it. */
export interface BuildState {
  manifest: Manifest;
  envelope: Envelope;
  cache: ByteCache | null;
  /** The generation's serving index once read and checked. */
  index: Map<string, string> | null;
  /** The packs it lays out in chunks, read from its names once (contract/pack-chunks.ts). */
  chunks: Map<string, number[]> | null;
  /** The documents folder's serving index once read and checked. */
  docsIndex: Map<string, string> | null;
  /** Reads under way, by key, where reads are shared. */
  pending: Map<string, Promise<unknown>>;
  /** Checks of files that failed, to run again (bounded): /health reports the build unhealthy while one still fails. */
  unreadable: Map<string, () => Promise<void>>;
}

const MAX_UNREADABLE = 16;

/** A file of the build that cannot be served: missing, or not the bytes the build wrote. */
export class DamagedFile extends Error {
  constructor(path: string, what: string) {
    super(`${path} is damaged: ${what}`);
  }
}

export function newBuildState(manifest: Manifest, envelope: Envelope, cache: ByteCache | null): BuildState {
  return { manifest, envelope, cache, index: null, chunks: null, docsIndex: null, pending: new Map(), unreadable: new Map() };
}

export interface BuildReader<C> {
  /** Whether the generation holds `file` (its index names it, or chunks of the pack it names). */
  holds(state: BuildState, file: string, context: C): Promise<boolean>;
  /**
   * A file of the generation, checked; `wrap` envelopes a data file; `large` marks a read that takes
   * a turn (the dump); `keep` names the key it is kept under (by default its path in the build).
   */
  file(state: BuildState, file: string, options: { wrap: boolean; large: boolean; keep?: string }, context: C): Promise<Uint8Array | null>;
  /**
   * One entry of a pack of the generation (read from the chunk holding it), checked and enveloped;
   * kept under `keep` (by default the pack's path in the build and the entry's index).
   */
  entry(state: BuildState, file: string, entry: PackEntry, context: C, keep?: string): Promise<Uint8Array | null>;
  /**
   * What the cache keeps under `key`, without reading anything: bytes that were checked when read,
   * `null` for a file the index does not name, `undefined` when nothing is kept.
   */
  kept(state: BuildState, key: string): Uint8Array | null | undefined;
  /** A file of the documents folder, checked. */
  document(state: BuildState, file: string, context: C): Promise<Uint8Array | null>;
  /** Whether the build is served whole: its index reads, `probe` (a small file) reads right, and every file that failed reads right again. */
  healthy(state: BuildState, probe: string, context: C): Promise<boolean>;
}

/** What a reader reads with: the runtime's sources of bytes and its read policy. */
interface Sources<C> {
  assets: AssetSource<C>;
  slice: AssetSlice<C> | undefined;
  policy: ReadPolicy;
}

/**
 * Runs `read` (of a large file) once a turn is free; a request waiting for its turn looks again on
 * its own timer, and takes what `found` finds when another request read the same file meanwhile.
 */
type LargeRead = <T>(read: () => Promise<T>, found: () => T | null | undefined) => Promise<T>;

export function createBuildReader<C>(assets: AssetSource<C>, slice: AssetSlice<C> | undefined, policy: ReadPolicy): BuildReader<C> {
  const sources: Sources<C> = { assets, slice, policy };
  const largeRead = largeReadTurns(sources.policy);
  const indexes = servingIndexes(sources, largeRead);
  const packs = packEntries(sources);
  return {
    async holds(state, file, context) {
      return (await indexes.generation(state, context)).has(file) || (await indexes.chunks(state, context)).has(file);
    },
    file(state, file, options, context) {
      return wholeFile(sources, largeRead, state, state.manifest.generation, () => indexes.generation(state, context), file, options, context);
    },
    document(state, file, context) {
      return wholeFile(sources, largeRead, state, state.manifest.docs!, () => indexes.documents(state, context), file, { wrap: false, large: false }, context);
    },
    async entry(state, file, entry, context, keep) {
      return packs(state, { pack: file, entry, keep }, () => indexes.generation(state, context), () => indexes.chunks(state, context), context);
    },
    kept: (state, key) => state.cache?.get(key),
    async healthy(state, probe, context) {
      try {
        const index = await indexes.generation(state, context);
        const path = `${state.manifest.generation}/${probe}`;
        // "Loaded and reachable": the probe is read past the cache, every time.
        const bytes = await required(path, assets(path, context));
        if ((await fingerprintOf(bytes)) !== index.get(probe)) return false;
        for (const [failed, recheck] of [...state.unreadable]) {
          await recheck();
          state.unreadable.delete(failed);
        }
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * The serving index of the generation, vouched for by the manifest's `index`, and of the documents
 * folder, vouched for by the folder's name: each read and checked once per commit, then kept on the
 * build's state. The generation's index names every file (some 400 KB at the API's stated scale): it
 * is a large read, so that the first requests to an isolate do not each read and parse it at once.
 */
function servingIndexes<C>({ assets, policy }: Sources<C>, largeRead: LargeRead) {
  const generation = async (state: BuildState, context: C): Promise<Map<string, string>> => {
    if (state.index !== null) return state.index;
    const path = `${state.manifest.generation}/${SERVING_INDEX_FILE}`;
    const read = () =>
      checked(state, path, async () => {
        const bytes = await required(path, assets(path, context));
        const print = await fingerprintOf(bytes);
        if (print !== state.manifest.index) throw new DamagedFile(path, `its fingerprint is ${print}, the manifest names ${state.manifest.index}`);
        return indexOf(path, bytes);
      });
    const index = await once(policy, state, path, () => largeRead(read, () => state.index));
    return (state.index = index);
  };
  return {
    generation,
    /** The packs the generation's index lays out in chunks, read from its names once. */
    async chunks(state: BuildState, context: C): Promise<Map<string, number[]>> {
      const index = await generation(state, context);
      // Looked at after the index is in: the requests that awaited it together compute this once.
      return (state.chunks ??= packChunksOf(index.keys()));
    },
    async documents(state: BuildState, context: C): Promise<Map<string, string>> {
      if (state.docsIndex !== null) return state.docsIndex;
      const folder = state.manifest.docs!;
      const path = `${folder}/${SERVING_INDEX_FILE}`;
      const index = await once(policy, state, path, () =>
        checked(state, path, async () => {
          const bytes = await required(path, assets(path, context));
          if ((await documentsFolderOf(bytes)) !== folder) throw new DamagedFile(path, `its hash is not the folder's name`);
          return indexOf(path, bytes);
        }),
      );
      return (state.docsIndex = index);
    },
  };
}

/**
 * Reads of large files and their turns: at most `maxWholeReads` at once. The turn is held until the
 * checked bytes are kept, and a request waiting for its turn takes them when another request read
 * the same file meanwhile.
 */
function largeReadTurns(policy: ReadPolicy): LargeRead {
  /** The whole reads under way: when each began. */
  const turns = new Set<{ since: number }>();
  const freeTurn = (): boolean => {
    const time = policy.now();
    for (const turn of turns) if (time - turn.since > ABANDONED_TURN_MS) turns.delete(turn);
    return turns.size < policy.maxWholeReads;
  };
  return async (read, found) => {
    for (let delay = 1; !freeTurn(); delay = Math.min(2 * delay, 16)) {
      await policy.sleep(delay);
      const hit = found();
      if (hit !== null && hit !== undefined) return hit;
    }
    const turn = { since: policy.now() };
    turns.add(turn);
    try {
      return await read();
    } finally {
      turns.delete(turn);
    }
  };
}

/** A whole file named by `index`, checked against it and kept checked in the cache; `large` reads take a turn. */
async function wholeFile<C>(
  sources: Sources<C>,
  largeRead: LargeRead,
  state: BuildState,
  folder: string,
  indexOfFolder: () => Promise<Map<string, string>>,
  file: string,
  { wrap, large, keep }: { wrap: boolean; large: boolean; keep?: string },
  context: C,
): Promise<Uint8Array | null> {
  const path = `${folder}/${file}`;
  const key = keep ?? path;
  const hit = state.cache?.get(key);
  if (hit !== undefined) return hit;
  const expected = (await indexOfFolder()).get(file);
  if (expected === undefined) {
    state.cache?.set(key, null);
    return null;
  }
  const check = async (read: Uint8Array | null) => {
    const bytes = await required(path, Promise.resolve(read));
    const print = await fingerprintOf(bytes);
    if (print !== expected) throw new DamagedFile(path, `${print} is not the build's ${expected}`);
    const value = wrap ? wrapData(state.envelope, bytes) : bytes;
    state.cache?.set(key, value);
    return value;
  };
  const read = async () => check(await sources.assets(path, context));
  return once(sources.policy, state, path, () => checked(state, path, () => (large ? largeRead(read, () => state.cache?.get(key)) : read())));
}

/**
 * One entry of a pack, from the chunk of the pack that holds it (contract/pack-chunks.ts), checked
 * against the checksum the chunk's directory holds: read by range where the runtime reads ranges
 * (the chunk's directory once, then the entry), else cut from the whole chunk. Cached under `keep`,
 * by default the pack's name and the entry, whatever chunk holds it.
 */
function packEntries<C>(sources: Sources<C>) {
  const { slice } = sources;
  return async (
    state: BuildState,
    { pack, entry, keep }: { pack: string; entry: PackEntry; keep: string | undefined },
    index: () => Promise<Map<string, string>>,
    chunks: () => Promise<Map<string, number[]>>,
    context: C,
  ): Promise<Uint8Array | null> => {
    const generation = state.manifest.generation;
    const name = `${generation}/${pack}#${entry.index}`;
    const key = keep ?? name;
    const hit = state.cache?.get(key);
    if (hit !== undefined) return hit;
    const starts = (await chunks()).get(pack);
    if (starts === undefined) {
      state.cache?.set(key, null);
      return null;
    }
    // Remembered by entry: another entry of the pack reading right says nothing of this one.
    return checked(state, name, async () => {
      const chunk = chunkHolding(starts, entry.count, entry.index);
      if (chunk === null) throw new DamagedFile(`${generation}/${pack}`, `the chunks its index names do not hold entry ${entry.index} of ${entry.count}`);
      const file = chunkFileOf(pack, chunk.first);
      const path = `${generation}/${file}`;
      const expected = (await index()).get(file)!;
      const at = entry.index - chunk.first;
      const { directory, whole } = slice === undefined ? await wholeChunk(sources, state, path, expected, chunk.count, context) : await directoryByRange(sources, slice, state, path, expected, chunk.count, context);
      const { start, end, checksum } = entryRange(directory, chunk.count, at);
      const bytes = whole ? directory.subarray(start, end) : await sliced(path, expected, slice!(path, start, end, context));
      if (bytes.byteLength !== end - start) throw new DamagedFile(path, `entry ${at} should be ${end - start} bytes at ${start}, read ${bytes.byteLength}`);
      if (!(await entryMatches(bytes, checksum))) throw new DamagedFile(path, `entry ${at} is not the bytes its directory vouches for`);
      const value = wrapData(state.envelope, bytes);
      state.cache?.set(key, value);
      return value;
    });
  };
}

/** A pack's directory read by range and checked, kept in the cache under `<path>#directory`. */
async function directoryByRange<C>(sources: Sources<C>, slice: AssetSlice<C>, state: BuildState, path: string, expected: string, count: number, context: C): Promise<PackSource> {
  const key = `${path}#directory`;
  const hit = state.cache?.get(key);
  if (hit) return { directory: hit, whole: false };
  const length = directoryLength(count);
  const directory = await once(sources.policy, state, key, () =>
    checked(state, path, async () => {
      const read = await sliced(path, expected, slice(path, 0, length, context));
      if (read.byteLength < length) throw new DamagedFile(path, `its directory is ${read.byteLength} bytes, not ${length}`);
      await packChecked(path, read, count, expected);
      state.cache?.set(key, read);
      return read;
    }),
  );
  return { directory, whole: false };
}

/**
 * A whole chunk, checked by its directory before any entry is cut from it. A chunk is some 50 KB: its
 * read takes no turn, so no request queues behind another's read. Only the answer cut from it is
 * kept, not the chunk: a chunk takes the room of the forty-odd answers it holds, and seeds are asked
 * across pairs, so few of its neighbours would be asked before it was evicted.
 */
async function wholeChunk<C>(sources: Sources<C>, state: BuildState, path: string, expected: string, count: number, context: C): Promise<PackSource> {
  const length = directoryLength(count);
  const checkPack = async (read: Uint8Array | null) => {
    const bytes = await required(path, Promise.resolve(read));
    if (bytes.byteLength < length) throw new DamagedFile(path, `${bytes.byteLength} bytes cannot hold a directory of ${count} entries`);
    await packChecked(path, bytes, count, expected);
    // Refused before any entry is cut: a pack whose directory does not fit its size.
    if (packLengthOf(bytes, count) !== bytes.byteLength) throw new DamagedFile(path, `${bytes.byteLength} bytes, its directory says ${packLengthOf(bytes, count)}`);
    return bytes;
  };
  const pack = await once(sources.policy, state, path, () => checked(state, path, async () => checkPack(await sources.assets(path, context))));
  return { directory: pack, whole: true };
}

/** Where a chunk's entries are cut from: its checked directory (by range), or the whole chunk checked. */
interface PackSource {
  directory: Uint8Array;
  whole: boolean;
}

/** `load` once per key where reads are shared; else once per caller. */
function once<T>(policy: ReadPolicy, state: BuildState, key: string, load: () => Promise<T>): Promise<T> {
  if (!policy.shareReads) return load();
  let loading = state.pending.get(key) as Promise<T> | undefined;
  if (loading === undefined) {
    loading = load().finally(() => state.pending.delete(key));
    state.pending.set(key, loading);
  }
  return loading;
}

/** Runs `check`; a failure is remembered for /health until the same check passes. */
async function checked<T>(state: BuildState, path: string, check: () => Promise<T>): Promise<T> {
  try {
    const value = await check();
    state.unreadable.delete(path);
    return value;
  } catch (error) {
    if (state.unreadable.size < MAX_UNREADABLE || state.unreadable.has(path)) state.unreadable.set(path, async () => void (await check()));
    throw error;
  }
}

async function required(path: string, bytes: Promise<Uint8Array | null>): Promise<Uint8Array> {
  const read = await bytes;
  if (read === null) throw new DamagedFile(path, "missing, though its index names it");
  return read;
}

/** A range of a file the index names, whose whole size must still be the one the build wrote. */
async function sliced(path: string, expected: string, reading: Promise<{ bytes: Uint8Array; size: number } | null>): Promise<Uint8Array> {
  const read = await reading;
  if (read === null) throw new DamagedFile(path, "missing, though its index names it");
  if (read.size !== sizeOfFingerprint(expected)) throw new DamagedFile(path, `${read.size} bytes, the build wrote ${sizeOfFingerprint(expected)}`);
  return read.bytes;
}

/** A pack's directory against the index; its callers have made sure the directory is whole. */
async function packChecked(path: string, directory: Uint8Array, count: number, expected: string): Promise<void> {
  const print = await packFingerprintOf(directory, count);
  if (print !== expected) throw new DamagedFile(path, `its directory's fingerprint ${print} is not the build's ${expected}`);
}

function indexOf(path: string, bytes: Uint8Array): Map<string, string> {
  const index = parseServingIndex(bytes);
  if (typeof index === "string") throw new DamagedFile(path, index);
  return index;
}
