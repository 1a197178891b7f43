// A long-running build's memory of the files it read (generator/load/file-memory.ts): a file is read again
// whenever it was written, even to the same size in the same second, and never while it was not.

import { renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFileMemory } from "../../../generator/load/file-memory.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const folders = temporaryFolders("psg-file-memory-");
afterAll(() => folders.removeAll());

describe("the memory of files read", () => {
  it("gives back what was read while the file is unchanged, and reads again after any write", () => {
    const file = path.join(folders.make(), "1.json");
    writeFileSync(file, '{"a":1}');
    const memory = createFileMemory();
    let reads = 0;
    const read = () => ({ read: ++reads });
    const first = memory.read(file, read);
    expect(memory.read(file, read)).toBe(first);
    // The same size, and the modification time set back: the status-change time still tells.
    const { mtime } = { mtime: new Date(2024, 0, 1) };
    writeFileSync(file, '{"a":2}');
    utimesSync(file, mtime, mtime);
    expect(memory.read(file, read)).toEqual({ read: 2 });
    // Replaced by another file (a safe write renames over it).
    writeFileSync(`${file}.tmp`, '{"a":3}');
    renameSync(`${file}.tmp`, file);
    expect(memory.read(file, read)).toEqual({ read: 3 });
    rmSync(file);
    expect(memory.read(file, () => null)).toBeNull();
    writeFileSync(file, '{"a":4}');
    expect(memory.read(file, read)).toEqual({ read: 4 });
  });

  it("keeps what was computed from a file's bytes while they are the same bytes", () => {
    const memory = createFileMemory();
    let computed = 0;
    const compute = () => ({ computed: ++computed });
    const first = memory.derived("json", "guides/1.json", "a".repeat(64), compute);
    expect(memory.derived("json", "guides/1.json", "a".repeat(64), compute)).toBe(first);
    expect(memory.derived("json", "guides/2.json", "a".repeat(64), compute)).toEqual({ computed: 2 });
    expect(memory.derived("json", "guides/1.json", "b".repeat(64), compute)).toEqual({ computed: 3 });
  });
});
