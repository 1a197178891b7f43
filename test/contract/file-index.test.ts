import { writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { emptyIndex, indexFileOf, readGenerationIndex, type GenerationIndex } from "../../contract/file-index.ts";
import { writeGenerationIndex } from "../../generator/emit/file-index.ts";
import { temporaryFolders } from "../support/temporary.ts";

const temporary = temporaryFolders("psg-file-index-");
afterAll(() => temporary.removeAll());

const full: GenerationIndex = {
  files: new Map([["v1/meta.json", "12:0123456789abcdef"]]),
  inputs: new Map([["pair 7/44", { hash: "ab12", files: 4, bytes: 1200 }]]),
  pieces: new Map([["v1/dump.json.gz", { encoder: "zlib-1", pieces: [{ key: "10:aa", start: 0, length: 7 }, { key: "20:bb", start: 7, length: 9 }] }]]),
  source: "source-hash",
};

describe("a generation's index", () => {
  it("lies beside its generation as <generation>.files.gz", () => {
    expect(indexFileOf("g-3f9a1c")).toBe("g-3f9a1c.files.gz");
  });

  it("reads back every file, unit input, gzip piece and the source the build wrote", () => {
    const file = path.join(temporary.make(), indexFileOf("g-a"));
    writeGenerationIndex(file, full);
    expect(readGenerationIndex(file)).toStrictEqual(full);
  });

  it("without a source, inputs or pieces reads as none of them", () => {
    const file = path.join(temporary.make(), indexFileOf("g-b"));
    writeFileSync(file, gzipSync(JSON.stringify({ files: { "v1/meta.json": "12:0123456789abcdef" } })));
    const index = readGenerationIndex(file)!;
    expect(index).toStrictEqual({ ...emptyIndex(), files: new Map([["v1/meta.json", "12:0123456789abcdef"]]) });
    expect("source" in index).toBe(false);
  });

  it("that is missing or unreadable is none, so files are compared by reading them", () => {
    const folder = temporary.make();
    expect(readGenerationIndex(path.join(folder, "missing.files.gz"))).toBeNull();
    writeFileSync(path.join(folder, "plain.files.gz"), "not gzip");
    expect(readGenerationIndex(path.join(folder, "plain.files.gz"))).toBeNull();
  });
});
