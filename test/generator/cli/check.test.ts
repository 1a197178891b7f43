import { execFile, execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../../../generator/cli/check.ts";
import { sampleGuide } from "../../fixtures/validate/sample-dataset.ts";
import { writeSampleDataset } from "../../fixtures/validate/sample-files.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));

async function check(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCheck(args, { cwd: tmpdir(), stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe("npm run check", () => {
  let good: string;
  let bad: string;
  beforeAll(async () => {
    good = await mkdtemp(path.join(tmpdir(), "check-good-"));
    bad = await mkdtemp(path.join(tmpdir(), "check-bad-"));
    await writeSampleDataset(good);
    const guide = sampleGuide();
    guide.systems[0]!.gradings[0]!.seed = 1001;
    await writeSampleDataset(bad, { guides: [guide] });
    await writeFile(path.join(bad, "items", "ak-47-case-hardened.json"), '{"slug": "ak-47-case-hardened",}');
  });
  afterAll(async () => {
    await rm(good, { recursive: true, force: true });
    await rm(bad, { recursive: true, force: true });
  });

  it.runIf(process.platform !== "win32")("prints a file name with an escape sequence or a newline escaped, each problem on one line", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "check-names-"));
    try {
      await writeSampleDataset(dir);
      await writeFile(path.join(dir, "items", "\u001b[31mred\nitems.txt"), "");
      const { code, stdout } = await check(dir);
      expect(code).toBe(1);
      expect(stdout.split("\n")).toEqual([
        "items/\\x1b[31mred\\nitems.txt: $: not a .json file, so not read (expected only .json files in items/)",
        "1 problem in 1 file",
        "",
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("prints every problem of a guide with 150,000 of them, each naming the file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "check-many-"));
    try {
      await writeSampleDataset(dir);
      const guide = sampleGuide();
      const system = guide.systems[0]!;
      system.gradings = Array.from({ length: 150_000 }, (_, position) => ({ seed: 1001, level: "t1", quote: "Seed 555", evidence: "text" as const, position }));
      await writeFile(path.join(dir, "guides", `${guide.platform_id}.json`), JSON.stringify(guide));
      const { code, stdout, stderr } = await check(dir);
      expect({ code, stderr }).toEqual({ code: 1, stderr: "" });
      const lines = stdout.trimEnd().split("\n");
      expect(lines.length).toBeGreaterThan(150_000);
      expect(lines.slice(0, -1).every((line) => line.startsWith(`guides/${guide.platform_id}.json: $.`))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("says the dataset is OK with its counts and exits 0", async () => {
    expect(await check(good)).toEqual({ code: 0, stdout: "dataset OK: 2 items (5 pairs), 1 guide, 7 gradings\n", stderr: "" });
  });

  it("resolves a relative folder from where the command was typed", async () => {
    expect((await check(path.relative(tmpdir(), good))).code).toBe(0);
  });

  it("prints every problem on its own line and a summary, and exits 1", async () => {
    expect(await check(bad)).toEqual({
      code: 1,
      stdout: [
        "guides/3000000001.json: $.systems[0].gradings[0].seed: is 1001 (expected an integer from 0 to 1000)",
        "items/ak-47-case-hardened.json: $: not valid JSON at line 1, column 32: trailing comma before '}'",
        "2 problems in 2 files",
        "",
      ].join("\n"),
      stderr: "",
    });
  });

  it("exits 2 with the usage on a folder that does not exist, two folders or an unknown option", async () => {
    const missing = await check(path.join(good, "nope"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^check: .*nope is not a folder\nusage: npm run check \[-- \[DIR\]/);
    expect((await check(good, bad)).code).toBe(2);
    expect((await check("--strict")).stderr).toMatch(/^check: Unknown option '--strict'/);
  });

  it("applies the size limits given as options, and refuses a size it cannot read", async () => {
    const limited = await check(good, "--max-guide-size", "1KiB");
    expect(limited.code).toBe(1);
    expect(limited.stdout).toMatch(/^guides\/3000000001\.json: \$: file is \d+ bytes, over the limit of 1 KiB for guides\/ \(expected at most 1 KiB \(--max-guide-size raises the limit\)\)\n/);
    expect((await check(good, "--max-item-size", "2MiB", "--max-capture-size", "64MiB")).code).toBe(0);
    const wrong = await check(good, "--max-capture-size", "lots");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^check: --max-capture-size must be a size such as 2MiB, 512KiB or 100000, got "lots"\n/);
  });

  it.runIf(process.platform !== "win32")("exits 1 naming a FIFO capture instead of hanging on it", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "check-fifo-"));
    try {
      await writeSampleDataset(dir);
      const capture = sampleGuide().snapshot.path;
      await rm(path.join(dir, "snapshots", capture));
      execFileSync("mkfifo", [path.join(dir, "snapshots", capture)]);
      const result = await check(dir);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`guides/3000000001.json: $.snapshot.path: capture snapshots/${capture} is a FIFO (named pipe), not a regular file (expected a regular file)\n`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("run as a program (as `npm run check` runs it), exits 1 on bad data and prints no stack trace", async () => {
    const failed = await promisify(execFile)(process.execPath, ["generator/cli/check.ts", bad], { cwd: root }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect("code" in failed ? failed.code : 0).toBe(1);
    expect(failed.stdout).toMatch(/2 problems in 2 files\n$/);
    expect(failed.stderr).toBe("");
  });
});
