// Writing a generation's files (generator/emit/write.ts): a new generation gets every file, linked
// from the serving one when its bytes are the same; a generation brought up to date in place keeps a
// file only when its bytes are the build's, read back byte for byte when no index vouches for them.

import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { emptyIndex } from "../../../contract/file-index.ts";
import { createGenerationWriter } from "../../../generator/emit/write.ts";
import { fingerprint } from "../../../generator/fingerprint.ts";
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
