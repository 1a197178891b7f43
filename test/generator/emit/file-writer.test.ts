// The build's writer thread, shared by the builds of one process: each build's operations run in
// order, a failed operation stops its own build only, one thread serves build after build, and a
// process neither exits while a build waits on the thread nor stays alive for it afterwards.

import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
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
    // Queued after the failure, in the same batch and in the next ones (512 operations a batch):
    // skipped, as they may depend on what failed.
    for (let i = 0; i < 600; i++) bad.queue(["mkdir", path.join(root, "after-failure")]);

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

  it("refuses operations once closing, and answers every close with the build's first error", async () => {
    const root = temporary.make();
    const writer = createFileWriter();
    writer.queue(["write", path.join(root, "missing", "a.json"), bytes("a")]);
    const first = writer.close();
    expect(() => writer.queue(["mkdir", path.join(root, "late")])).toThrow("closed");
    await expect(first).rejects.toThrow("ENOENT");
    await expect(writer.close()).rejects.toThrow("ENOENT");
    expect(existsSync(path.join(root, "late"))).toBe(false);
  });
});

describe("a process using the file writer", () => {
  const writerModule = fileURLToPath(new URL("../../../generator/emit/file-writer.ts", import.meta.url));
  /** Runs `body` (after `writer` and `dir` are defined) as a module in a new Node process. */
  async function runScript(body: string): Promise<{ code: number; stdout: string; dir: string }> {
    const dir = temporary.make();
    const script = path.join(dir, "script.mts");
    writeFileSync(script, `import { createFileWriter } from ${JSON.stringify(writerModule)};\nconst dir = ${JSON.stringify(dir)};\nconst writer = createFileWriter();\n${body}\n`);
    // The timeout only ends a process that would otherwise hang the test; no outcome depends on it.
    const run = promisify(execFile)(process.execPath, ["--import", "tsx", script], { timeout: 60_000 });
    const result = await run.then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? "" }),
    );
    return { ...result, dir };
  }

  it("stays alive while a build waits on the thread", async () => {
    const { code, stdout, dir } = await runScript(
      'for (let i = 0; i < 5000; i++) writer.queue(["write", `${dir}/${i}.json`, new TextEncoder().encode(String(i))]);\nawait writer.close();\nconsole.log("closed");',
    );
    expect({ code, stdout: stdout.trim() }).toEqual({ code: 0, stdout: "closed" });
    expect(readdirSync(dir).filter((name) => name.endsWith(".json"))).toHaveLength(5000);
  });

  it("ends on its own once its builds are done with the thread", async () => {
    const { code, dir } = await runScript('writer.queue(["write", `${dir}/done.json`, new TextEncoder().encode("done")]);\nvoid writer.close();');
    expect(code).toBe(0);
    expect(readFileSync(path.join(dir, "done.json"), "utf8")).toBe("done");
  });
});
