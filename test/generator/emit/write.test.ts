// Writing a generation's files (generator/emit/write.ts): a new generation gets every file, linked
// from the serving one when its bytes are the same; a generation brought up to date in place keeps a
// file only when its bytes are the build's, read back byte for byte when no index vouches for them.

import fs, { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it, vi } from "vitest";
import { emptyIndex, type GenerationIndex } from "../../../contract/file-index.ts";
import { gzipPiecesSync } from "../../../generator/derive/gzip-pieces.ts";
import type { PauseMessage } from "../../../generator/emit/pause-point.ts";
import { temporaryPathOf } from "../../../generator/emit/prune.ts";
import { createGenerationWriter } from "../../../generator/emit/write.ts";
import { fingerprint } from "../../../generator/fingerprint.ts";
import { pausingAt } from "../../support/pause-channel.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-write-");
afterAll(() => temporary.removeAll());

const FILE = "v1/guides/200.json";

/** A generation folder holding `text` at FILE. */
function generationWith(text: string): string {
  const dir = temporary.make();
  mkdirSync(path.join(dir, "v1/guides"), { recursive: true });
  writeFileSync(path.join(dir, FILE), text);
  return dir;
}

describe("a generation brought up to date in place without an index (build --verify)", () => {
  it("rewrites a file whose bytes differ from the build's even when its size is the same", async () => {
    const generationDir = generationWith('{"x":"B"}');
    const writer = createGenerationWriter({ generationDir, previous: null, existing: { index: null }, index: emptyIndex() });
    await writer.writeEntries([{ path: FILE, body: '{"x":"A"}' }]);
    expect(readFileSync(path.join(generationDir, FILE), "utf8")).toBe('{"x":"A"}');
    expect(writer.counts).toMatchObject({ files: 1, written: 1, reused: 0 });
  });

  it("keeps a file whose bytes are the build's, writing nothing", async () => {
    const generationDir = generationWith('{"x":"A"}');
    const before = statSync(path.join(generationDir, FILE)).ino;
    const writer = createGenerationWriter({ generationDir, previous: null, existing: { index: null }, index: emptyIndex() });
    await writer.writeEntries([{ path: FILE, body: '{"x":"A"}' }]);
    expect(statSync(path.join(generationDir, FILE)).ino).toBe(before);
    expect(writer.counts).toMatchObject({ files: 1, written: 0, reused: 1 });
    expect(writer.index.files.get(FILE)).toBe(fingerprint(FILE, Buffer.from('{"x":"A"}')));
  });
});

describe("a new generation beside the serving one", () => {
  it("links a file whose bytes the serving generation already holds, and writes one that differs in a byte", async () => {
    const previousDir = generationWith('{"x":"A"}');
    const generationDir = path.join(temporary.make(), "g-new");
    const writer = createGenerationWriter({ generationDir, previous: { dir: previousDir, index: null }, existing: null, index: emptyIndex() });
    await writer.writeEntries([{ path: FILE, body: '{"x":"A"}' }, { path: "v1/meta.json", body: "{}" }]);
    expect(statSync(path.join(generationDir, FILE)).ino).toBe(statSync(path.join(previousDir, FILE)).ino);
    expect(writer.counts).toMatchObject({ files: 2, written: 1, reused: 1 });

    const changed = path.join(temporary.make(), "g-changed");
    const second = createGenerationWriter({ generationDir: changed, previous: { dir: previousDir, index: null }, existing: null, index: emptyIndex() });
    await second.writeEntries([{ path: FILE, body: '{"x":"C"}' }]);
    expect(statSync(path.join(changed, FILE)).ino).not.toBe(statSync(path.join(previousDir, FILE)).ino);
    expect(readFileSync(path.join(changed, FILE), "utf8")).toBe('{"x":"C"}');
  });
});

/** A generation folder holding each file's text (folders made as needed). */
function generationOf(files: Record<string, string>, dir = temporary.make()): string {
  for (const [relative, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), text);
  }
  return dir;
}

/** An index vouching for each file's text. */
function indexOf(files: Record<string, string>): GenerationIndex {
  const index = emptyIndex();
  for (const [relative, text] of Object.entries(files)) index.files.set(relative, fingerprint(relative, Buffer.from(text)));
  return index;
}

const inode = (file: string) => lstatSync(file).ino;

describe("a new generation beside the serving one, by what its index says", () => {
  it("links only the files the serving index vouches for, and writes a file it does not list even when the serving one holds the same bytes", async () => {
    const previousDir = generationOf({ [FILE]: '{"x":"A"}', "v1/meta.json": "{}" });
    const generationDir = path.join(temporary.make(), "g-new");
    const writer = createGenerationWriter({ generationDir, previous: { dir: previousDir, index: indexOf({ [FILE]: '{"x":"A"}' }) }, existing: null, index: emptyIndex() });
    await writer.writeEntries([{ path: FILE, body: '{"x":"A"}' }, { path: "v1/meta.json", body: "{}" }]);
    expect(inode(path.join(generationDir, FILE))).toBe(inode(path.join(previousDir, FILE)));
    expect(inode(path.join(generationDir, "v1/meta.json"))).not.toBe(inode(path.join(previousDir, "v1/meta.json")));
    expect(writer.counts).toEqual({ files: 2, bytes: 11, written: 1, reused: 1 });
  });

  it("counts the files and bytes of the units it takes whole from the serving generation, and records every unit's inputs", async () => {
    const unitFiles = { "v1/items/a.json": '{"a":1}', "v1/items/b.json": '{"b":22}' };
    const previousDir = generationOf(unitFiles);
    const generationDir = path.join(temporary.make(), "g-units");
    const writer = createGenerationWriter({ generationDir, previous: { dir: previousDir, index: indexOf(unitFiles) }, existing: null, index: emptyIndex() });
    const reusedRecord = { hash: "h-items", files: 2, bytes: 15 };
    const derivedRecord = { hash: "h-meta", files: 1, bytes: 4 };
    await writer.writeEntries([
      { kind: "reused", key: "items", record: reusedRecord, files: [...indexOf(unitFiles).files] },
      { path: "v1/meta.json", body: '{"m"' },
      { kind: "derived", key: "meta", record: derivedRecord },
    ]);
    expect(writer.counts).toEqual({ files: 3, bytes: 19, written: 1, reused: 2 });
    for (const relative of Object.keys(unitFiles)) expect(inode(path.join(generationDir, relative))).toBe(inode(path.join(previousDir, relative)));
    expect(writer.index.files).toEqual(new Map([...indexOf(unitFiles).files, ["v1/meta.json", fingerprint("v1/meta.json", Buffer.from('{"m"'))]]));
    expect(writer.index.inputs).toEqual(new Map([["items", reusedRecord], ["meta", derivedRecord]]));
  });

  it("reports its progress every hundred files and once at the end", async () => {
    const entries = Array.from({ length: 250 }, (_, at) => ({ path: `v1/guides/${at}.json`, body: `{"n":${at}}` }));
    const reported: number[] = [];
    const writer = createGenerationWriter({ generationDir: path.join(temporary.make(), "g"), previous: null, existing: null, index: emptyIndex() });
    await writer.writeEntries(entries, (files) => reported.push(files));
    expect(reported).toEqual([100, 200, 250]);
    // Without a listener, the hundredth file is written like any other.
    const quiet = createGenerationWriter({ generationDir: path.join(temporary.make(), "g"), previous: null, existing: null, index: emptyIndex() });
    await quiet.writeEntries(entries.slice(0, 100));
    expect(quiet.counts.files).toBe(100);
  });

  it("stops at the first file it cannot write, naming it", async () => {
    const generationDir = generationOf({ v1: "a file where the build needs a folder" });
    const writer = createGenerationWriter({ generationDir, previous: null, existing: null, index: emptyIndex() });
    await expect(writer.writeEntries([{ path: FILE, body: "{}" }, { path: "meta.json", body: "{}" }])).rejects.toThrow(path.join(generationDir, FILE));
    expect(existsSync(path.join(generationDir, "meta.json"))).toBe(false);
  });

  // A folder on another file system than the temp folder's (/dev/shm is a RAM file system on Linux).
  const otherDevice = ["/dev/shm", "/tmp"].find((folder) => existsSync(folder) && statSync(folder).dev !== statSync(tmpdir()).dev);
  it.runIf(otherDevice !== undefined)("copies a file from a serving generation on another file system, where no hard link reaches", async () => {
    const previousDir = mkdtempSync(path.join(otherDevice!, "psg-write-"));
    try {
      generationOf({ [FILE]: '{"x":"A"}' }, previousDir);
      const generationDir = path.join(temporary.make(), "g-copied");
      const writer = createGenerationWriter({ generationDir, previous: { dir: previousDir, index: indexOf({ [FILE]: '{"x":"A"}' }) }, existing: null, index: emptyIndex() });
      await writer.writeEntries([{ path: FILE, body: '{"x":"A"}' }]);
      expect(readFileSync(path.join(generationDir, FILE), "utf8")).toBe('{"x":"A"}');
      expect(writer.counts).toMatchObject({ written: 0, reused: 1 });
    } finally {
      rmSync(previousDir, { recursive: true, force: true });
    }
  });
});

/** What Node throws when link(2) fails with `code` (as the file system would give it). */
const linkError = (code: string, from: string, to: string) => Object.assign(new Error(`${code}: link '${from}' -> '${to}'`), { code, syscall: "link", path: from, dest: to });

/** Runs `run` while every hard link fails with `code`, as on a file system that refuses them. */
async function whileLinksFail<T>(code: string, run: () => Promise<T>): Promise<T> {
  const link = vi.spyOn(fs, "linkSync").mockImplementation((from, to) => {
    throw linkError(code, String(from), String(to));
  });
  // write.ts imports linkSync by name: its binding follows the module object only once synced.
  syncBuiltinESMExports();
  try {
    return await run();
  } finally {
    link.mockRestore();
    syncBuiltinESMExports();
  }
}

describe("a file the file system will not hard-link from the serving generation", () => {
  const beside = () => {
    const previousDir = generationOf({ [FILE]: '{"x":"A"}' });
    const generationDir = path.join(temporary.make(), "g-next");
    return { previousDir, generationDir, writer: createGenerationWriter({ generationDir, previous: { dir: previousDir, index: indexOf({ [FILE]: '{"x":"A"}' }) }, existing: null, index: emptyIndex() }) };
  };

  // EPERM: a file system without hard links (or an immutable file); ENOTSUP: one that cannot make
  // them; EMLINK: a file with as many links as its file system allows.
  for (const code of ["EPERM", "ENOTSUP", "EMLINK"]) {
    it(`is copied when the link fails with ${code}, and counted as reused`, async () => {
      const { previousDir, generationDir, writer } = beside();
      await whileLinksFail(code, () => writer.writeEntries([{ path: FILE, body: '{"x":"A"}' }]));
      expect(readFileSync(path.join(generationDir, FILE), "utf8")).toBe('{"x":"A"}');
      expect(inode(path.join(generationDir, FILE))).not.toBe(inode(path.join(previousDir, FILE)));
      expect(writer.counts).toMatchObject({ files: 1, written: 0, reused: 1 });
    });
  }

  it("stops the build, naming the file, when the link fails for another reason (an I/O error), rather than copying", async () => {
    const { generationDir, writer } = beside();
    const failed = whileLinksFail("EIO", () => writer.writeEntries([{ path: FILE, body: '{"x":"A"}' }]));
    await expect(failed).rejects.toThrow(/^EIO: link .*g-next\/v1\/guides\/200\.json'$/);
    expect(existsSync(path.join(generationDir, FILE))).toBe(false);
  });
});

describe("a generation brought up to date in place, with a file too large to read back", () => {
  it("rewrites a file of more than 2 GiB standing where the build has a file, as one that differs", async () => {
    const generationDir = generationWith("");
    // Sparse: no block is written. Node reads no file of 2 GiB or more into one buffer.
    truncateSync(path.join(generationDir, FILE), 2 ** 31);
    const writer = createGenerationWriter({ generationDir, previous: null, existing: { index: null }, index: emptyIndex() });
    await writer.writeEntries([{ path: FILE, body: '{"x":"A"}' }]);
    expect(writer.failures).toEqual([]);
    expect(readFileSync(path.join(generationDir, FILE), "utf8")).toBe('{"x":"A"}');
    expect(writer.counts).toMatchObject({ files: 1, written: 1, reused: 0 });
  });
});

describe("a gzip file (the dump) beside the serving one", () => {
  const DUMP = "v1/dump.json.gz";
  const pieces = ['[{"guide":1}', ',{"guide":2}', ',{"guide":3}]'].map((text) => [Buffer.from(text)]);
  const body = pieces.map(([part]) => part!.toString()).join("");

  /** A serving generation holding the dump as this build encodes it, with its index. */
  async function servingDump(): Promise<{ dir: string; index: GenerationIndex }> {
    const dir = path.join(temporary.make(), "g-serving");
    const writer = createGenerationWriter({ generationDir: dir, previous: null, existing: null, index: emptyIndex() });
    await writer.writeEntries([{ path: DUMP, pieces }]);
    return { dir, index: writer.index };
  }

  it("copies each unchanged piece's deflate data from the serving dump instead of compressing it again", async () => {
    const serving = await servingDump();
    // The serving dump's pieces stored uncompressed (level 0) under this build's encoder: the same
    // body, other bytes, so that a copied piece shows in the new file.
    const stored = gzipPiecesSync(pieces, 0);
    writeFileSync(path.join(serving.dir, DUMP), stored.bytes);
    serving.index.files.set(DUMP, fingerprint(DUMP, stored.bytes));
    serving.index.pieces.set(DUMP, { encoder: serving.index.pieces.get(DUMP)!.encoder, pieces: stored.pieces });

    const generationDir = path.join(temporary.make(), "g-next");
    const writer = createGenerationWriter({ generationDir, previous: serving, existing: null, index: emptyIndex() });
    await writer.writeEntries([{ path: DUMP, pieces }]);
    const written = readFileSync(path.join(generationDir, DUMP));
    expect(written.equals(Buffer.from(stored.bytes))).toBe(true);
    expect(gunzipSync(written).toString()).toBe(body);
    expect(writer.index.pieces.get(DUMP)?.pieces).toEqual(stored.pieces);
  });

  // The build's dump differs from the serving one in its last guide: written, not linked.
  const edited = [...pieces.slice(0, 2), [Buffer.from(',{"guide":4}]')]];
  const freshOf = async (edit: typeof pieces) => {
    const dir = path.join(temporary.make(), "g-fresh");
    await createGenerationWriter({ generationDir: dir, previous: null, existing: null, index: emptyIndex() }).writeEntries([{ path: DUMP, pieces: edit }]);
    return readFileSync(path.join(dir, DUMP));
  };

  it("encodes every piece afresh when the serving dump no longer has the bytes its index vouches for", async () => {
    const serving = await servingDump();
    const damaged = readFileSync(path.join(serving.dir, DUMP));
    const { start } = serving.index.pieces.get(DUMP)!.pieces[0]!;
    damaged[start + 1]! ^= 0xff;
    writeFileSync(path.join(serving.dir, DUMP), damaged);

    const generationDir = path.join(temporary.make(), "g-next");
    const writer = createGenerationWriter({ generationDir, previous: serving, existing: null, index: emptyIndex() });
    await writer.writeEntries([{ path: DUMP, pieces: edited }]);
    expect(readFileSync(path.join(generationDir, DUMP)).equals(await freshOf(edited))).toBe(true);
    expect(writer.counts).toMatchObject({ written: 1, reused: 0 });
  });

  it("reports the error that stopped deriving, and no other, when the dump it had started to encode fails too", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const writer = createGenerationWriter({ generationDir: path.join(temporary.make(), "g"), previous: null, existing: null, index: emptyIndex() });
      // A piece that is no bytes: its encoding fails once it is under way.
      const unencodable = [[{ byteLength: 3 } as unknown as Uint8Array]];
      function* deriving() {
        yield { path: DUMP, pieces: unencodable };
        throw new Error("deriving stopped: EXAMPLE CONTENT");
      }
      await expect(writer.writeEntries(deriving())).rejects.toThrow("deriving stopped: EXAMPLE CONTENT");
      // Node reports a rejection nobody handles once the tasks queued so far have run.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });

  it("encodes the dump beside a serving generation without an index, or whose dump is gone", async () => {
    const fresh = await freshOf(edited);
    const serving = await servingDump();
    const withoutIndex = path.join(temporary.make(), "g-next");
    await createGenerationWriter({ generationDir: withoutIndex, previous: { dir: serving.dir, index: null }, existing: null, index: emptyIndex() }).writeEntries([{ path: DUMP, pieces: edited }]);
    expect(readFileSync(path.join(withoutIndex, DUMP)).equals(fresh)).toBe(true);

    rmSync(path.join(serving.dir, DUMP));
    const dumpGone = path.join(temporary.make(), "g-next");
    await createGenerationWriter({ generationDir: dumpGone, previous: serving, existing: null, index: emptyIndex() }).writeEntries([{ path: DUMP, pieces: edited }]);
    expect(readFileSync(path.join(dumpGone, DUMP)).equals(fresh)).toBe(true);
  });
});

describe("a kept generation brought up to date in place by its index", () => {
  it("keeps a file the index vouches for at its size, and puts back every other: changed, cut short, missing, a link, or not listed", async () => {
    const build = { "a.json": '{"x":"A"}', "b.json": '{"x":"A"}', "c.json": '{"x":"A"}', "d.json": '{"x":"A"}', "e.json": '{"x":"A"}', "f.json": '{"x":"A"}' };
    const generationDir = generationOf({ "a.json": '{"x":"A"}', "b.json": '{"x":"B"}', "c.json": '{"x"', "f.json": '{"x":"A"}' });
    // A link whose own size (the length of what it names) is the file's.
    symlinkSync("a-9-bytes", path.join(generationDir, "e.json"));
    const index = indexOf({ "a.json": '{"x":"A"}', "b.json": '{"x":"B"}', "c.json": '{"x":"A"}', "d.json": '{"x":"A"}', "e.json": '{"x":"A"}' });
    const kept = inode(path.join(generationDir, "a.json"));

    const writer = createGenerationWriter({ generationDir, previous: null, existing: { index }, index: emptyIndex() });
    await writer.writeEntries(Object.entries(build).map(([relative, body]) => ({ path: relative, body })));
    expect(writer.failures).toEqual([]);
    expect(writer.counts).toMatchObject({ files: 6, written: 5, reused: 1 });
    expect(inode(path.join(generationDir, "a.json"))).toBe(kept);
    for (const relative of Object.keys(build)) {
      expect(lstatSync(path.join(generationDir, relative)).isFile()).toBe(true);
      expect(readFileSync(path.join(generationDir, relative), "utf8")).toBe('{"x":"A"}');
    }
  });

  it("names each file it cannot put in place among the failures, counts it neither written nor reused, and writes the others", async () => {
    const unitFile = "v1/items/a.json";
    const previousDir = generationOf({ [unitFile]: '{"a":1}' });
    const generationDir = generationOf({});
    // A folder where the file's temporary name goes: neither a write nor a link can fill it.
    for (const blocked of [FILE, unitFile]) mkdirSync(temporaryPathOf(path.join(generationDir, blocked)), { recursive: true });
    const writer = createGenerationWriter({ generationDir, previous: { dir: previousDir, index: indexOf({ [unitFile]: '{"a":1}' }) }, existing: { index: emptyIndex() }, index: emptyIndex() });
    await writer.writeEntries([
      { path: FILE, body: '{"x":"A"}' },
      { kind: "reused", key: "items", record: { hash: "h", files: 1, bytes: 7 }, files: [...indexOf({ [unitFile]: '{"a":1}' }).files] },
      { path: "v1/meta.json", body: "{}" },
    ]);
    expect(writer.failures).toHaveLength(2);
    expect(writer.failures[0]).toContain(path.join(generationDir, FILE));
    expect(writer.failures[1]).toContain(path.join(generationDir, unitFile));
    expect(writer.counts).toMatchObject({ files: 3, written: 1, reused: 0 });
    expect(readFileSync(path.join(generationDir, "v1/meta.json"), "utf8")).toBe("{}");
  });
});

describe("a kept generation brought up to date in place by reading its files", () => {
  it("keeps a file of a reused unit that it already holds, and links the one that differs from the serving generation", async () => {
    const unit = { "v1/items/a.json": '{"a":1}', "v1/items/b.json": '{"b":2}' };
    const previousDir = generationOf(unit);
    const generationDir = generationOf({ "v1/items/a.json": '{"a":1}', "v1/items/b.json": '{"b":3}' });
    const kept = inode(path.join(generationDir, "v1/items/a.json"));
    const writer = createGenerationWriter({ generationDir, previous: { dir: previousDir, index: indexOf(unit) }, existing: { index: null }, index: emptyIndex() });
    await writer.writeEntries([{ kind: "reused", key: "items", record: { hash: "h", files: 2, bytes: 14 }, files: [...indexOf(unit).files] }]);
    expect(inode(path.join(generationDir, "v1/items/a.json"))).toBe(kept);
    expect(inode(path.join(generationDir, "v1/items/b.json"))).toBe(inode(path.join(previousDir, "v1/items/b.json")));
    expect(readFileSync(path.join(generationDir, "v1/items/b.json"), "utf8")).toBe('{"b":2}');
    expect(writer.counts).toMatchObject({ files: 2, written: 0, reused: 2 });
  });

  const openFiles = "/proc/self/fd";
  it.runIf(existsSync(openFiles))("leaves no file open once it has read every file back", async () => {
    const files = Object.fromEntries(Array.from({ length: 20 }, (_, at) => [`v1/guides/${at}.json`, `{"n":${at}}`]));
    const generationDir = generationOf(files);
    const before = readdirSync(openFiles).length;
    const writer = createGenerationWriter({ generationDir, previous: null, existing: { index: null }, index: emptyIndex() });
    await writer.writeEntries(Object.entries(files).map(([relative, body]) => ({ path: relative, body })));
    expect(writer.counts).toMatchObject({ files: 20, reused: 20 });
    expect(readdirSync(openFiles).length).toBe(before);
  });
});

describe("the pause point of the kill tests", () => {
  it("stops at files:N, when a parent process asks for it, with N files written, until told to go on", async () => {
    const generationDir = path.join(temporary.make(), "g-paused");
    const entries = Array.from({ length: 5 }, (_, at) => ({ path: `v1/guides/${at}.json`, body: `{"n":${at}}` }));
    const paused: { point: unknown; written: number }[] = [];
    const look = (message: PauseMessage) => paused.push({ point: message.pausedAt, written: readdirSync(path.join(generationDir, "v1/guides")).length });
    // The count asked for is read when the writer is made, once per build.
    const writer = await pausingAt("files:2", look, async () => {
      const made = createGenerationWriter({ generationDir, previous: null, existing: null, index: emptyIndex() });
      await made.writeEntries(entries);
      return made;
    });
    expect(writer.counts.files).toBe(5);
    expect(paused).toEqual([{ point: "files:2", written: 2 }]);
  });
});
