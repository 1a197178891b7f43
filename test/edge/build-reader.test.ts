// The build reader (edge/build-reader.ts) over an in-memory build: every byte it hands out is the
// build's, checked against the serving index the manifest vouches for; what the index does not name
// is not read; a pack's entry is read from the one chunk holding it; damage is thrown (and remembered
// for /health until it reads right again); whole reads of large files take turns; and the byte cache
// and shared reads save reads without ever holding unchecked bytes.

import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { envelopeFor } from "../../contract/envelope.ts";
import type { Manifest } from "../../contract/manifest.ts";
import { directoryLength } from "../../contract/pack.ts";
import { documentsFolderOf, servingIndexText, SERVING_INDEX_FILE } from "../../contract/serving-index.ts";
import { createBuildReader, DamagedFile, newBuildState, OWN_READS, SHARED_READS, type BuildReader, type ReadPolicy } from "../../edge/build-reader.ts";
import { createByteCache, DEFAULT_BYTE_CACHE } from "../../edge/byte-cache.ts";
import { encodeChunks, encodePack } from "../../generator/derive/encode-pack.ts";
import { fingerprint } from "../../generator/fingerprint.ts";
import { memoryBuild } from "../support/memory-build.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const text = (bytes: Uint8Array | null) => (bytes === null ? null : decoder.decode(bytes));

const META = '{"counts":{}}';
const DUMP = "EXAMPLE CONTENT: the dump's bytes";
/** Entry i of the pack says `{"seed":i}`. */
const PACK = encodePack(Array.from({ length: 5 }, (_, seed) => encoder.encode(`{"seed":${seed}}`)));
/** The pack's name, as a route names it; its one chunk (all five entries) is the file. */
const PACK_FILE = "v1/items/7/44/seeds.pack";
const CHUNK = "v1/items/7/44/seeds/0.pack";
const DIRECTORY = directoryLength(5);
const entry = (index: number) => ({ index, count: 5 });

/** The documents folder: its files and its serving index, named by the index's hash. */
const DOCS_FILES: [string, string][] = [["openapi.json", '{"openapi":"3.1.0"}']];
const DOCS_INDEX = encoder.encode(servingIndexText(DOCS_FILES.map(([name, body]) => [name, fingerprint(name, encoder.encode(body))])));
const DOCS = await documentsFolderOf(DOCS_INDEX);

const build = memoryBuild(
  { format: 4, dataset_version: "v-reader", generation: "g1", topics: [], docs: DOCS },
  { "g1/v1/meta.json": META, "g1/v1/dump.json.gz": DUMP, [`g1/${CHUNK}`]: PACK },
);
const baseFiles = () => new Map([...build.files, [`${DOCS}/${SERVING_INDEX_FILE}`, DOCS_INDEX], ...DOCS_FILES.map(([name, body]) => [`${DOCS}/${name}`, encoder.encode(body)] as const)]);

/** A promise the test settles itself: a read under way, a sleep that has not ended. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
/** Lets every promise that can settle, settle (no clock involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * Turns of the event loop until `condition` holds: a read's fingerprint is computed on the thread
 * pool, which a busy machine may take many turns to answer. Not a clock: bounded by turns.
 */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 10_000 && !condition(); turn++) await settle();
  expect(condition()).toBe(true);
}

/** The build's files as the runtime gives them, each read and range recorded; `hold` makes a path's reads wait for the test. */
function source(files = baseFiles()) {
  const reads: string[] = [];
  const slices: string[] = [];
  const held = new Map<string, ReturnType<typeof deferred<void>>>();
  return {
    files,
    reads,
    slices,
    hold(path: string) {
      const gate = deferred<void>();
      held.set(path, gate);
      return () => {
        held.delete(path);
        gate.resolve();
      };
    },
    assets: async (path: string) => {
      reads.push(path);
      await held.get(path)?.promise;
      return files.get(path) ?? null;
    },
    slice: async (path: string, start: number, end: number) => {
      slices.push(`${path} ${start}-${end}`);
      const bytes = files.get(path);
      return bytes === undefined ? null : { bytes: bytes.slice(start, end), size: bytes.byteLength };
    },
  };
}

/** A policy with the test's clock and sleep: each sleep waits until the test wakes it. */
function testPolicy(fields: Partial<ReadPolicy> = {}) {
  const clock = { now: 1_000_000 };
  const sleeps: number[] = [];
  const waiting: (() => void)[] = [];
  const policy: ReadPolicy = {
    ...OWN_READS,
    sleep: (ms) => {
      sleeps.push(ms);
      const gate = deferred<void>();
      waiting.push(() => gate.resolve());
      return gate.promise;
    },
    now: () => clock.now,
    ...fields,
  };
  const wake = async () => {
    for (const resume of waiting.splice(0)) resume();
    await settle();
  };
  /** Wakes whatever waits until `work` is done. */
  const wakeUntil = async <T,>(work: Promise<T>): Promise<T> => {
    let done = false;
    void work.then(() => (done = true), () => (done = true));
    await until(() => (done ? true : (void wake(), false)));
    return work;
  };
  return { policy, clock, sleeps, wake, wakeUntil };
}

const stateOf = (manifest: Manifest = build.manifest, cache = true) => newBuildState(manifest, envelopeFor(manifest.dataset_version), cache ? createByteCache(DEFAULT_BYTE_CACHE) : null);
const readerOf = (from = source(), policy: ReadPolicy = OWN_READS, ranges = true): BuildReader<void> => createBuildReader<void>(from.assets, ranges ? from.slice : undefined, policy);
const damage = (promise: Promise<unknown>) => expect(promise).rejects.toThrow(DamagedFile);
const message = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DamagedFile);
    return (error as Error).message;
  }
  throw new Error("no damage thrown");
};
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);

describe("the generation's serving index", () => {
  it("says which files the generation holds, read once per commit", async () => {
    const from = source();
    const reader = readerOf(from);
    const state = stateOf();
    expect(await reader.holds(state, "v1/meta.json")).toBe(true);
    expect(await reader.holds(state, "v1/items/9/9.json")).toBe(false);
    expect(from.reads).toEqual(["g1/files.json"]);
  });

  it("is damage when its fingerprint is not the one the manifest names", async () => {
    const from = source();
    const wrong = encoder.encode(servingIndexText([["v1/meta.json", "1:0000000000000000"]]));
    from.files.set("g1/files.json", wrong);
    expect(await message(readerOf(from).holds(stateOf(), "v1/meta.json"))).toBe(
      `g1/files.json is damaged: its fingerprint is ${wrong.byteLength}:${sha(wrong)}, the manifest names ${build.manifest.index}`,
    );
  });

  it("is damage when missing, or when the manifest vouches for bytes that are no index", async () => {
    const from = source();
    from.files.delete("g1/files.json");
    expect(await message(readerOf(from).holds(stateOf(), "v1/meta.json"))).toBe("g1/files.json is damaged: missing, though its index names it");
    const notAnIndex = encoder.encode("[]");
    from.files.set("g1/files.json", notAnIndex);
    const manifest = { ...build.manifest, index: fingerprint(SERVING_INDEX_FILE, notAnIndex) };
    expect(await message(readerOf(from).holds(stateOf(manifest), "v1/meta.json"))).toBe('g1/files.json is damaged: files.json has no "files" object');
  });
});

describe("a whole file", () => {
  it("is the build's bytes, checked, and enveloped when it is data", async () => {
    const reader = readerOf();
    expect(text(await reader.file(stateOf(), "v1/meta.json", { wrap: true, large: false }))).toBe(`{"dataset_version":"v-reader","data":${META}}`);
    expect(text(await reader.file(stateOf(), "v1/dump.json.gz", { wrap: false, large: true }))).toBe(DUMP);
  });

  it("that the index does not name does not exist: no read, and the miss is remembered", async () => {
    const from = source();
    const reader = readerOf(from);
    const state = stateOf();
    expect(await reader.file(state, "v1/items/9/9.json", { wrap: true, large: false })).toBeNull();
    expect(state.cache!.get("g1/v1/items/9/9.json")).toBeNull();
    expect(await reader.file(state, "v1/items/9/9.json", { wrap: true, large: false })).toBeNull();
    expect(from.reads).toEqual(["g1/files.json"]);
  });

  it("whose bytes differ from the build's is damage, named with both fingerprints, and never cached", async () => {
    const from = source();
    from.files.set("g1/v1/meta.json", encoder.encode('{"counts":[]}'));
    const state = stateOf();
    const expected = fingerprint("v1/meta.json", encoder.encode(META));
    expect(await message(readerOf(from).file(state, "v1/meta.json", { wrap: true, large: false }))).toBe(
      `g1/v1/meta.json is damaged: 13:${sha(encoder.encode('{"counts":[]}'))} is not the build's ${expected}`,
    );
    expect(state.cache!.get("g1/v1/meta.json")).toBeUndefined();
  });

  it("named by the index but missing is damage", async () => {
    const from = source();
    from.files.delete("g1/v1/dump.json.gz");
    expect(await message(readerOf(from).file(stateOf(), "v1/dump.json.gz", { wrap: false, large: true }))).toBe("g1/v1/dump.json.gz is damaged: missing, though its index names it");
  });

  it("is read once and then served from the cache, or read every time without one", async () => {
    const from = source();
    const reader = readerOf(from);
    const cached = stateOf();
    for (let time = 0; time < 2; time++) await reader.file(cached, "v1/meta.json", { wrap: true, large: false });
    expect(from.reads.filter((path) => path === "g1/v1/meta.json")).toHaveLength(1);
    const uncached = stateOf(build.manifest, false);
    for (let time = 0; time < 2; time++) expect(text(await reader.file(uncached, "v1/meta.json", { wrap: false, large: false }))).toBe(META);
    expect(from.reads.filter((path) => path === "g1/v1/meta.json")).toHaveLength(3);
  });
});

describe("reads of one file at once", () => {
  it("share one read where reads are shared, and the next miss reads again", async () => {
    const from = source();
    const reader = readerOf(from, SHARED_READS);
    const state = stateOf(build.manifest, false);
    await reader.holds(state, "v1/meta.json");
    const release = from.hold("g1/v1/meta.json");
    const both = [reader.file(state, "v1/meta.json", { wrap: false, large: false }), reader.file(state, "v1/meta.json", { wrap: false, large: false })];
    await settle();
    release();
    expect((await Promise.all(both)).map(text)).toEqual([META, META]);
    expect(from.reads.filter((path) => path === "g1/v1/meta.json")).toHaveLength(1);
    expect(state.pending.size).toBe(0);
    await reader.file(state, "v1/meta.json", { wrap: false, large: false });
    expect(from.reads.filter((path) => path === "g1/v1/meta.json")).toHaveLength(2);
  });

  it("each read for itself where they are not", async () => {
    const from = source();
    const reader = readerOf(from, OWN_READS);
    const state = stateOf(build.manifest, false);
    await Promise.all([reader.file(state, "v1/meta.json", { wrap: false, large: false }), reader.file(state, "v1/meta.json", { wrap: false, large: false })]);
    expect(from.reads.filter((path) => path === "g1/v1/meta.json")).toHaveLength(2);
    expect(state.pending.size).toBe(0);
  });
});

describe("whole reads of large files", () => {
  it("wait for a turn, looking again after 1, 2, 4, 8, 16 and then every 16 ms, and take the bytes another read left in the cache", async () => {
    const from = source();
    const { policy, sleeps, wake, wakeUntil } = testPolicy({ maxWholeReads: 1 });
    const reader = readerOf(from, policy);
    const state = stateOf();
    // The serving index is a whole read of its own: read before the dump's reads contend.
    await reader.holds(state, "v1/meta.json");
    const release = from.hold("g1/v1/dump.json.gz");
    const first = reader.file(state, "v1/dump.json.gz", { wrap: false, large: true });
    await until(() => from.reads.includes("g1/v1/dump.json.gz"));
    const second = reader.file(state, "v1/dump.json.gz", { wrap: false, large: true });
    // Each wake lets the waiting request look again, and sleep longer.
    for (let looks = 1; looks < 6; looks++) {
      await until(() => sleeps.length === looks);
      await wake();
    }
    await until(() => sleeps.length === 6);
    expect(sleeps).toEqual([1, 2, 4, 8, 16, 16]);
    release();
    expect(text(await first)).toBe(DUMP);
    expect(text(await wakeUntil(second))).toBe(DUMP);
    expect(from.reads.filter((path) => path === "g1/v1/dump.json.gz")).toHaveLength(1);
  });

  it("read for themselves once the turn is free, when no cache kept the other's bytes", async () => {
    const from = source();
    const { policy, sleeps, wakeUntil } = testPolicy({ maxWholeReads: 1 });
    const reader = readerOf(from, policy);
    const state = stateOf(build.manifest, false);
    await reader.holds(state, "v1/meta.json");
    const release = from.hold("g1/v1/dump.json.gz");
    const first = reader.file(state, "v1/dump.json.gz", { wrap: false, large: true });
    const second = reader.file(state, "v1/dump.json.gz", { wrap: false, large: true });
    await until(() => sleeps.length > 0);
    release();
    await first;
    expect(text(await wakeUntil(second))).toBe(DUMP);
    expect(from.reads.filter((path) => path === "g1/v1/dump.json.gz")).toHaveLength(2);
  });

  it("give the turn back when the read fails", async () => {
    const from = source();
    from.files.set("g1/v1/dump.json.gz", encoder.encode("damaged"));
    const { policy, sleeps } = testPolicy({ maxWholeReads: 1 });
    const reader = readerOf(from, policy);
    await damage(reader.file(stateOf(), "v1/dump.json.gz", { wrap: false, large: true }));
    await damage(reader.file(stateOf(), "v1/dump.json.gz", { wrap: false, large: true }));
    expect(sleeps).toEqual([]);
  });

  it("take back a turn held more than 10 seconds, as its request was cancelled", async () => {
    const from = source();
    const { policy, clock, sleeps, wake, wakeUntil } = testPolicy({ maxWholeReads: 1 });
    const reader = readerOf(from, policy);
    const state = stateOf(build.manifest, false);
    await reader.holds(state, "v1/meta.json");
    from.hold("g1/v1/dump.json.gz");
    void reader.file(state, "v1/dump.json.gz", { wrap: false, large: true });
    await until(() => from.reads.includes("g1/v1/dump.json.gz"));
    clock.now += 10_000;
    const second = reader.file(state, "v1/meta.json", { wrap: false, large: true });
    await until(() => sleeps.length === 1);
    await wake();
    await until(() => sleeps.length === 2);
    expect(from.reads.filter((path) => path === "g1/v1/meta.json")).toHaveLength(0);
    clock.now += 1;
    expect(text(await wakeUntil(second))).toBe(META);
  });

  it("of a small file take no turn", async () => {
    const from = source();
    const { policy, sleeps } = testPolicy({ maxWholeReads: 1 });
    const reader = readerOf(from, policy);
    const state = stateOf(build.manifest, false);
    await reader.holds(state, "v1/meta.json");
    from.hold("g1/v1/dump.json.gz");
    void reader.file(state, "v1/dump.json.gz", { wrap: false, large: true });
    await until(() => from.reads.includes("g1/v1/dump.json.gz"));
    expect(text(await reader.file(state, "v1/meta.json", { wrap: false, large: false }))).toBe(META);
    expect(sleeps).toEqual([]);
  });
});

describe("an entry of a pack read by range", () => {
  it("reads the directory once, then each entry's own range, checked and enveloped", async () => {
    const from = source();
    const reader = readerOf(from);
    const state = stateOf();
    expect(text(await reader.entry(state, PACK_FILE, entry(3)))).toBe('{"dataset_version":"v-reader","data":{"seed":3}}');
    expect(text(await reader.entry(state, PACK_FILE, entry(0)))).toBe('{"dataset_version":"v-reader","data":{"seed":0}}');
    expect(text(await reader.entry(state, PACK_FILE, entry(3)))).toBe('{"dataset_version":"v-reader","data":{"seed":3}}');
    const at = (seed: number) => DIRECTORY + 10 * seed;
    expect(from.slices).toEqual([`g1/${CHUNK} 0-${DIRECTORY}`, `g1/${CHUNK} ${at(3)}-${at(4)}`, `g1/${CHUNK} ${at(0)}-${at(1)}`]);
    expect(from.reads).toEqual(["g1/files.json"]);
  });

  it("of a pack the index does not name is none, and no range is read", async () => {
    const from = source();
    const state = stateOf();
    expect(await readerOf(from).entry(state, "v1/items/9/9/seeds.pack", entry(0))).toBeNull();
    expect(state.cache!.get("g1/v1/items/9/9/seeds.pack#0")).toBeNull();
    expect(from.slices).toEqual([]);
  });

  it("whose bytes are not the ones the directory vouches for is damage", async () => {
    const from = source();
    const damaged = PACK.slice();
    damaged[DIRECTORY + 10 * 2 + 3] = 0x20;
    from.files.set(`g1/${CHUNK}`, damaged);
    const reader = readerOf(from);
    expect(text(await reader.entry(stateOf(), PACK_FILE, entry(1)))).toBe('{"dataset_version":"v-reader","data":{"seed":1}}');
    expect(await message(reader.entry(stateOf(), PACK_FILE, entry(2)))).toBe(`g1/${CHUNK} is damaged: entry 2 is not the bytes its directory vouches for`);
  });

  it("of a pack cut short or grown is damage, whichever entry is asked", async () => {
    const from = source();
    from.files.set(`g1/${CHUNK}`, PACK.subarray(0, PACK.byteLength - 1));
    expect(await message(readerOf(from).entry(stateOf(), PACK_FILE, entry(0)))).toBe(`g1/${CHUNK} is damaged: ${PACK.byteLength - 1} bytes, the build wrote ${PACK.byteLength}`);
  });

  it("of a pack whose directory is not the build's is damage", async () => {
    const from = source();
    const other = encodePack(Array.from({ length: 5 }, (_, seed) => encoder.encode(`{"seed":${seed + 5}}`)));
    from.files.set(`g1/${CHUNK}`, other);
    const print = `${other.byteLength}:${sha(other.subarray(0, DIRECTORY))}`;
    expect(await message(readerOf(from).entry(stateOf(), PACK_FILE, entry(0)))).toBe(`g1/${CHUNK} is damaged: its directory's fingerprint ${print} is not the build's ${fingerprint(CHUNK, PACK)}`);
  });

  it("of a pack whose range reads come back short is damage", async () => {
    const from = source();
    const shortRanges = createBuildReader<void>(from.assets, async (path, start, end) => ({ bytes: from.files.get(path)!.slice(start, end - 1), size: PACK.byteLength }), OWN_READS);
    expect(await message(shortRanges.entry(stateOf(), PACK_FILE, entry(0)))).toBe(`g1/${CHUNK} is damaged: its directory is ${DIRECTORY - 1} bytes, not ${DIRECTORY}`);
    const shortEntries = createBuildReader<void>(
      from.assets,
      async (path, start, end) => ({ bytes: from.files.get(path)!.slice(start, start === 0 ? end : end - 1), size: PACK.byteLength }),
      OWN_READS,
    );
    expect(await message(shortEntries.entry(stateOf(), PACK_FILE, entry(4)))).toBe(`g1/${CHUNK} is damaged: entry 4 should be 10 bytes at ${DIRECTORY + 40}, read 9`);
  });

  it("of a pack gone missing is damage", async () => {
    const from = source();
    from.files.delete(`g1/${CHUNK}`);
    expect(await message(readerOf(from).entry(stateOf(), PACK_FILE, entry(0)))).toBe(`g1/${CHUNK} is damaged: missing, though its index names it`);
  });

  it("asked for with another count than the pack's is damage: its directory is not the one the index vouches for", async () => {
    const from = source();
    const reader = readerOf(from);
    expect(await message(reader.entry(stateOf(), PACK_FILE, { index: 0, count: 4 }))).toMatch(`g1/${CHUNK} is damaged: its directory's fingerprint `);
    expect(await message(reader.entry(stateOf(), PACK_FILE, { index: 0, count: 20 }))).toBe(`g1/${CHUNK} is damaged: its directory is ${PACK.byteLength} bytes, not ${directoryLength(20)}`);
  });
});

describe("an entry of a pack read whole", () => {
  it("keeps each entry cut from it, checked by its directory, but not the chunk: another entry reads it again", async () => {
    const from = source();
    const reader = readerOf(from, OWN_READS, false);
    const state = stateOf();
    expect(text(await reader.entry(state, PACK_FILE, entry(4)))).toBe('{"dataset_version":"v-reader","data":{"seed":4}}');
    expect(text(await reader.entry(state, PACK_FILE, entry(4)))).toBe('{"dataset_version":"v-reader","data":{"seed":4}}');
    expect(from.reads).toEqual(["g1/files.json", `g1/${CHUNK}`]);
    expect(text(await reader.entry(state, PACK_FILE, entry(1)))).toBe('{"dataset_version":"v-reader","data":{"seed":1}}');
    expect(from.reads).toEqual(["g1/files.json", `g1/${CHUNK}`, `g1/${CHUNK}`]);
    expect(state.cache!.get(`g1/${CHUNK}`)).toBeUndefined();
  });

  it("whose entry fails its checksum is read afresh by the next request, so a restored chunk serves", async () => {
    const from = source();
    const damaged = PACK.slice();
    damaged[DIRECTORY + 10 * 2 + 3] = 0x20;
    from.files.set(`g1/${CHUNK}`, damaged);
    const reader = readerOf(from, OWN_READS, false);
    const state = stateOf();
    await damage(reader.entry(state, PACK_FILE, entry(2)));
    from.files.set(`g1/${CHUNK}`, PACK);
    expect(text(await reader.entry(state, PACK_FILE, entry(2)))).toBe('{"dataset_version":"v-reader","data":{"seed":2}}');
    expect(from.reads.filter((path) => path === `g1/${CHUNK}`)).toHaveLength(2);
  });

  it("too short to hold its directory, or not as long as its directory says, is damage", async () => {
    const from = source();
    const reader = readerOf(from, OWN_READS, false);
    from.files.set(`g1/${CHUNK}`, PACK.subarray(0, DIRECTORY - 1));
    expect(await message(reader.entry(stateOf(), PACK_FILE, entry(0)))).toBe(`g1/${CHUNK} is damaged: ${DIRECTORY - 1} bytes cannot hold a directory of 5 entries`);
    const grown = new Uint8Array(PACK.byteLength + 1);
    grown.set(PACK);
    from.files.set(`g1/${CHUNK}`, grown);
    expect(await message(reader.entry(stateOf(), PACK_FILE, entry(0)))).toBe(`g1/${CHUNK} is damaged: ${PACK.byteLength + 1} bytes, its directory says ${PACK.byteLength}`);
    from.files.delete(`g1/${CHUNK}`);
    expect(await message(reader.entry(stateOf(), PACK_FILE, entry(0)))).toBe(`g1/${CHUNK} is damaged: missing, though its index names it`);
  });

  it("takes no turn, as a chunk is small: it is read while a whole read holds the only turn", async () => {
    const from = source();
    const { policy, sleeps } = testPolicy({ maxWholeReads: 1 });
    const reader = readerOf(from, policy, false);
    const state = stateOf();
    await reader.holds(state, "v1/meta.json");
    const release = from.hold("g1/v1/dump.json.gz");
    const dump = reader.file(state, "v1/dump.json.gz", { wrap: false, large: true });
    await until(() => from.reads.includes("g1/v1/dump.json.gz"));
    expect(text(await reader.entry(state, PACK_FILE, entry(0)))).toBe('{"dataset_version":"v-reader","data":{"seed":0}}');
    expect(sleeps).toEqual([]);
    release();
    await dump;
  });
});

describe("an entry of a pack laid out in several chunks", () => {
  /** Entries of 10 bytes on a grid of 20: chunks start at entries 0, 2 and 4. */
  const chunks = encodeChunks(PACK_FILE, Array.from({ length: 5 }, (_, seed) => encoder.encode(`{"seed":${seed}}`)), 20);
  const chunked = () => {
    const files = baseFiles();
    files.delete(`g1/${CHUNK}`);
    const laid = memoryBuild({ format: 4, dataset_version: "v-reader", generation: "g1", topics: [] }, Object.fromEntries(chunks.map(({ path, body }) => [`g1/${path}`, body])));
    for (const [path, bytes] of laid.files) files.set(path, bytes);
    return { from: source(files), manifest: laid.manifest };
  };

  it("is read from the one chunk holding it, whole or by range, and nothing else", async () => {
    expect(chunks.map(({ path }) => path)).toEqual(["v1/items/7/44/seeds/0.pack", "v1/items/7/44/seeds/2.pack", "v1/items/7/44/seeds/4.pack"]);
    for (const ranges of [false, true]) {
      const { from, manifest } = chunked();
      const reader = readerOf(from, OWN_READS, ranges);
      expect(text(await reader.entry(stateOf(manifest), PACK_FILE, entry(3)))).toBe('{"dataset_version":"v-reader","data":{"seed":3}}');
      expect([...from.reads, ...from.slices.map((slice) => slice.split(" ")[0]!)].filter((path) => path !== "g1/files.json")).toEqual(ranges ? ["g1/v1/items/7/44/seeds/2.pack", "g1/v1/items/7/44/seeds/2.pack"] : ["g1/v1/items/7/44/seeds/2.pack"]);
    }
  });

  it("is damage named by its chunk and its place there, or by the pack when its chunks cannot hold it", async () => {
    const { from, manifest } = chunked();
    const damaged = chunks[1]!.body.slice();
    damaged[directoryLength(2) + 13] = 0x20;
    from.files.set("g1/v1/items/7/44/seeds/2.pack", damaged);
    const reader = readerOf(from, OWN_READS, false);
    expect(await message(reader.entry(stateOf(manifest), PACK_FILE, entry(3)))).toBe("g1/v1/items/7/44/seeds/2.pack is damaged: entry 1 is not the bytes its directory vouches for");
    expect(await message(reader.entry(stateOf(manifest), PACK_FILE, { index: 0, count: 4 }))).toBe(`g1/${PACK_FILE} is damaged: the chunks its index names do not hold entry 0 of 4`);
  });

  it("makes the pack a file the generation holds, and each chunk one too", async () => {
    const { from, manifest } = chunked();
    const reader = readerOf(from);
    expect(await reader.holds(stateOf(manifest), PACK_FILE)).toBe(true);
    expect(await reader.holds(stateOf(manifest), "v1/items/7/44/seeds/2.pack")).toBe(true);
    expect(await reader.holds(stateOf(manifest), "v1/items/7/45/seeds.pack")).toBe(false);
  });
});

describe("bytes kept under the key the caller names", () => {
  it("a file and an entry are kept under that key alone, and `kept` finds them there without a read", async () => {
    const from = source();
    const reader = readerOf(from);
    const state = stateOf();
    const meta = await reader.file(state, "v1/meta.json", { wrap: true, large: false, keep: "/v1/meta" });
    const seed = await reader.entry(state, PACK_FILE, entry(3), undefined, "/v1/items/7/44/seeds/3");
    const reads = [...from.reads];
    expect(reader.kept(state, "/v1/meta")).toBe(meta);
    expect(text(reader.kept(state, "/v1/items/7/44/seeds/3") ?? null)).toBe('{"dataset_version":"v-reader","data":{"seed":3}}');
    expect(reader.kept(state, "g1/v1/meta.json")).toBeUndefined();
    expect(reader.kept(state, `g1/${PACK_FILE}#3`)).toBeUndefined();
    expect(from.reads).toEqual(reads);
  });

  it("a file the index does not name is remembered as none under that key", async () => {
    const state = stateOf();
    expect(await readerOf().entry(state, "v1/items/9/9/seeds.pack", entry(0), undefined, "/v1/items/9/9/seeds/0")).toBeNull();
    expect(readerOf().kept(state, "/v1/items/9/9/seeds/0")).toBeNull();
  });

  it("bytes that fail their check are kept under no key", async () => {
    const from = source();
    const damaged = PACK.slice();
    damaged[DIRECTORY + 10 * 2 + 3] = 0x20;
    from.files.set(`g1/${CHUNK}`, damaged);
    from.files.set("g1/v1/meta.json", encoder.encode('{"counts":[]}'));
    for (const ranges of [true, false]) {
      const reader = readerOf(from, OWN_READS, ranges);
      const state = stateOf();
      await damage(reader.entry(state, PACK_FILE, entry(2), undefined, "/v1/items/7/44/seeds/2"));
      await damage(reader.file(state, "v1/meta.json", { wrap: true, large: false, keep: "/v1/meta" }));
      expect(reader.kept(state, "/v1/items/7/44/seeds/2")).toBeUndefined();
      expect(reader.kept(state, "/v1/meta")).toBeUndefined();
    }
  });

  it("a runtime without a byte cache keeps nothing", async () => {
    const reader = readerOf();
    const state = stateOf(build.manifest, false);
    await reader.file(state, "v1/meta.json", { wrap: true, large: false, keep: "/v1/meta" });
    expect(reader.kept(state, "/v1/meta")).toBeUndefined();
  });
});

describe("a document", () => {
  it("is a small read: it takes no turn while a whole read holds the only one", async () => {
    const from = source();
    const { policy, sleeps } = testPolicy({ maxWholeReads: 1 });
    const reader = readerOf(from, policy);
    const state = stateOf();
    await reader.holds(state, "v1/meta.json");
    from.hold("g1/v1/dump.json.gz");
    void reader.file(state, "v1/dump.json.gz", { wrap: false, large: true });
    await until(() => from.reads.includes("g1/v1/dump.json.gz"));
    expect(text(await reader.document(state, "openapi.json"))).toBe('{"openapi":"3.1.0"}');
    expect(sleeps).toEqual([]);
  });

  it("is read from the documents folder its manifest names, checked against the folder's own index", async () => {
    const from = source();
    const reader = readerOf(from);
    const state = stateOf();
    expect(text(await reader.document(state, "openapi.json"))).toBe('{"openapi":"3.1.0"}');
    expect(await reader.document(state, "missing.html")).toBeNull();
    expect(text(await reader.document(state, "openapi.json"))).toBe('{"openapi":"3.1.0"}');
    expect(from.reads).toEqual([`${DOCS}/files.json`, `${DOCS}/openapi.json`]);
  });

  it("is damage when the folder's index is not the one its name is the hash of", async () => {
    const from = source();
    from.files.set(`${DOCS}/files.json`, encoder.encode(servingIndexText([])));
    expect(await message(readerOf(from).document(stateOf(), "openapi.json"))).toBe(`${DOCS}/files.json is damaged: its hash is not the folder's name`);
  });
});

describe("the build's health", () => {
  it("is good while the index and the probe read right, the probe read past the cache every time", async () => {
    const from = source();
    const reader = readerOf(from);
    const state = stateOf();
    await reader.file(state, "v1/meta.json", { wrap: true, large: false });
    expect(await reader.healthy(state, "v1/meta.json")).toBe(true);
    from.files.set("g1/v1/meta.json", encoder.encode('{"counts":[]}'));
    expect(await reader.healthy(state, "v1/meta.json")).toBe(false);
    from.files.delete("g1/v1/meta.json");
    expect(await reader.healthy(state, "v1/meta.json")).toBe(false);
  });

  it("is bad when the index cannot be read", async () => {
    const from = source();
    from.files.delete("g1/files.json");
    expect(await readerOf(from).healthy(stateOf(), "v1/meta.json")).toBe(false);
  });

  it("is bad while a file that failed still fails, and good again once it reads right", async () => {
    const from = source();
    from.files.set("g1/v1/dump.json.gz", encoder.encode("damaged"));
    const reader = readerOf(from);
    const state = stateOf();
    await damage(reader.file(state, "v1/dump.json.gz", { wrap: false, large: true }));
    await damage(reader.entry(state, "v1/items/7/44/seeds.pack", { index: 0, count: 4 }));
    // The pack is remembered for its directory, and the entry for itself.
    expect([...state.unreadable.keys()]).toEqual(["g1/v1/dump.json.gz", `g1/${CHUNK}`, `g1/${PACK_FILE}#0`]);
    expect(await reader.healthy(state, "v1/meta.json")).toBe(false);
    from.files.set("g1/v1/dump.json.gz", encoder.encode(DUMP));
    expect(await reader.healthy(state, "v1/meta.json")).toBe(false);
    expect([...state.unreadable.keys()]).toEqual([`g1/${CHUNK}`, `g1/${PACK_FILE}#0`]);
    await reader.entry(state, PACK_FILE, entry(0));
    expect([...state.unreadable.keys()]).toEqual([]);
    expect(await reader.healthy(state, "v1/meta.json")).toBe(true);
  });

  it("remembers at most 16 failing files, each once", async () => {
    const files = baseFiles();
    const names = Array.from({ length: 17 }, (_, at) => `v1/guides/${at}.json`);
    const withGuides = memoryBuild(
      { format: 4, dataset_version: "v-reader", generation: "g1", topics: [] },
      Object.fromEntries([...names.map((name) => [`g1/${name}`, "{}"]), ["g1/v1/meta.json", META]]),
      Object.fromEntries(names.map((name) => [`g1/${name}`, "[]"])),
    );
    for (const [path, bytes] of withGuides.files) files.set(path, bytes);
    const from = source(files);
    const reader = readerOf(from);
    const state = stateOf(withGuides.manifest);
    for (const name of [...names, names[0]!]) await damage(reader.file(state, name, { wrap: true, large: false }));
    expect([...state.unreadable.keys()]).toEqual(names.slice(0, 16).map((name) => `g1/${name}`));
    for (const name of names.slice(0, 16)) from.files.set(`g1/${name}`, encoder.encode("{}"));
    expect(await reader.healthy(state, "v1/meta.json")).toBe(true);
  });
});

describe("a runtime that keeps no byte cache", () => {
  it("reads files, documents and entries all the same, and remembers no miss", async () => {
    const files = baseFiles();
    const withMore = memoryBuild({ format: 4, dataset_version: "v-reader", generation: "g1", topics: [], docs: DOCS }, { "g1/v1/meta.json": META, "g1/v1/items/7/45.json": "{}", [`g1/${CHUNK}`]: PACK });
    for (const [path, bytes] of withMore.files) files.set(path, bytes);
    for (const ranges of [true, false]) {
      const from = source(files);
      const reader = readerOf(from, OWN_READS, ranges);
      const state = stateOf(withMore.manifest, false);
      expect(await reader.file(state, "v1/items/9/9.json", { wrap: true, large: false })).toBeNull();
      expect(text(await reader.file(state, "v1/items/7/45.json", { wrap: true, large: false }))).toBe('{"dataset_version":"v-reader","data":{}}');
      expect(text(await reader.document(state, "openapi.json"))).toBe('{"openapi":"3.1.0"}');
      expect(await reader.entry(state, "v1/items/9/9/seeds.pack", entry(0))).toBeNull();
      expect(text(await reader.entry(state, PACK_FILE, entry(1)))).toBe('{"dataset_version":"v-reader","data":{"seed":1}}');
      expect(text(await reader.entry(state, PACK_FILE, entry(2)))).toBe('{"dataset_version":"v-reader","data":{"seed":2}}');
      files.set(`g1/${CHUNK}`, PACK.map((byte, at) => (at === DIRECTORY + 3 ? 0x20 : byte)));
      await damage(reader.entry(state, PACK_FILE, entry(0)));
      files.set(`g1/${CHUNK}`, PACK);
    }
  });
});

describe("packs side by side", () => {
  it("each have their own directory, read by range", async () => {
    const other = encodePack(Array.from({ length: 5 }, (_, seed) => encoder.encode(`{"other":${seed}}`)));
    const files = baseFiles();
    const two = memoryBuild({ format: 4, dataset_version: "v-reader", generation: "g1", topics: [] }, { [`g1/${CHUNK}`]: PACK, "g1/v1/items/7/45/seeds/0.pack": other });
    for (const [path, bytes] of two.files) files.set(path, bytes);
    const reader = readerOf(source(files));
    const state = stateOf(two.manifest);
    expect(text(await reader.entry(state, PACK_FILE, entry(1)))).toBe('{"dataset_version":"v-reader","data":{"seed":1}}');
    expect(text(await reader.entry(state, "v1/items/7/45/seeds.pack", entry(1)))).toBe('{"dataset_version":"v-reader","data":{"other":1}}');
  });

  it("of empty entries only are their directory alone, read whole", async () => {
    const empty = encodePack(Array.from({ length: 5 }, () => new Uint8Array()));
    const files = baseFiles();
    const emptyBuild = memoryBuild({ format: 4, dataset_version: "v-reader", generation: "g1", topics: [] }, { [`g1/${CHUNK}`]: empty });
    for (const [path, bytes] of emptyBuild.files) files.set(path, bytes);
    expect(text(await readerOf(source(files), OWN_READS, false).entry(stateOf(emptyBuild.manifest), PACK_FILE, entry(4)))).toBe('{"dataset_version":"v-reader","data":}');
  });
});

describe("the read policies", () => {
  afterEach(() => vi.useRealTimers());

  it("share reads and bound no whole read on Node, where a request may await another's I/O", async () => {
    expect(SHARED_READS).toMatchObject({ shareReads: true, maxWholeReads: Number.POSITIVE_INFINITY });
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    expect(SHARED_READS.now()).toBe(1_700_000_000_000);
    let woke = false;
    void SHARED_READS.sleep(16).then(() => (woke = true));
    await vi.advanceTimersByTimeAsync(15);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(woke).toBe(true);
  });

  it("read for each request and hold two whole reads at most on Workers and Netlify", () => {
    expect(OWN_READS).toMatchObject({ shareReads: false, maxWholeReads: 2 });
  });

  it("let two whole reads run at once where two are allowed", async () => {
    const from = source();
    const { policy, sleeps } = testPolicy({ maxWholeReads: 2 });
    const reader = readerOf(from, policy, false);
    const state = stateOf(build.manifest, false);
    await reader.holds(state, "v1/meta.json");
    const release = from.hold("g1/v1/dump.json.gz");
    const both = [reader.file(state, "v1/dump.json.gz", { wrap: false, large: true }), reader.file(state, "v1/dump.json.gz", { wrap: false, large: true })];
    await until(() => from.reads.filter((path) => path === "g1/v1/dump.json.gz").length === 2);
    expect(sleeps).toEqual([]);
    release();
    expect((await Promise.all(both)).map(text)).toEqual([DUMP, DUMP]);
  });
});
