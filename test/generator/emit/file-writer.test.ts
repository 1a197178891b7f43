// The build's writer thread, shared by the builds of one process: each build's operations run in
// order, a build's failure is its own, and one thread serves build after build.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFileWriter, writerThreadId } from "../../../generator/emit/file-writer.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-writer-");
afterAll(() => temporary.removeAll());
const bytes = (text: string) => new TextEncoder().encode(text);

describe("the file writer", () => {
  it("runs two builds' operations at once, each in its own order, and one build's failure is not the other's", async () => {
    const root = temporary.make();
    const good = createFileWriter();
    const bad = createFileWriter();
    good.queue(["mkdir", path.join(root, "good")]);
    bad.queue(["write", path.join(root, "missing", "a.json"), bytes("a")]);
    for (let i = 0; i < 2000; i++) good.queue(["write", path.join(root, "good", `${i}.json`), bytes(String(i))]);
    good.queue(["rename", path.join(root, "good", "0.json"), path.join(root, "good", "first.json")]);
    // Queued after the failure: skipped, as it may depend on what failed.
    bad.queue(["mkdir", path.join(root, "after-failure")]);

    await expect(bad.close()).rejects.toThrow(`ENOENT: no such file or directory, open '${path.join(root, "missing", "a.json")}'`);
    await good.close();
    expect(readFileSync(path.join(root, "good", "first.json"), "utf8")).toBe("0");
    expect(readFileSync(path.join(root, "good", "1999.json"), "utf8")).toBe("1999");
    expect(existsSync(path.join(root, "good", "0.json"))).toBe(false);
    expect(existsSync(path.join(root, "after-failure"))).toBe(false);
  });

  it("serves build after build on one thread", async () => {
    const root = temporary.make();
    const threads = new Set<number | null>();
    for (let build = 0; build < 5; build++) {
      const writer = createFileWriter();
      threads.add(writerThreadId());
      writer.queue(["write", path.join(root, `${build}.json`), bytes(String(build))]);
      await writer.close();
    }
    expect(threads.size).toBe(1);
    expect([...threads][0]).toEqual(expect.any(Number));
    expect(readFileSync(path.join(root, "4.json"), "utf8")).toBe("4");
  });

  it("refuses operations after it is closed", async () => {
    const writer = createFileWriter();
    await writer.close();
    expect(() => writer.queue(["mkdir", path.join(temporary.make(), "late")])).toThrow("closed");
  });
});
