import { execFileSync } from "node:child_process";
import { mkdtemp, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureTextLines, runCaptureText } from "../../../tools/cli/capture-text.ts";

async function captureText(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCaptureText(args, { cwd, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe("npm run capture:text", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "capture-text-"));
    await writeFile(path.join(dir, "page.html"), "<p>Tier 1:&nbsp;661,  321</p>\r\n<script>var x = 1;</script><li>Tier\t2: 42 </li>");
    await writeFile(path.join(dir, "notes.txt"), "Tier 1: 661\r\n");
    await writeFile(path.join(dir, "latin1.txt"), Uint8Array.from([0x54, 0x0a, 0xe9]));
    await writeFile(path.join(dir, "page.pdf"), "%PDF");
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("prints the readable text as check reads it, numbered, with whitespace made visible, after a legend", async () => {
    const { code, stdout, stderr } = await captureText(dir, "page.html");
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const lines = stdout.split("\n");
    expect(lines[0]).toBe("readable text of page.html (html), as npm run check reads it; markers:");
    expect(lines).toContain("  ⍽  a no-break space (U+00A0, &nbsp; in HTML)");
    const text = lines.slice(lines.indexOf("") + 1);
    expect(text).toEqual(["1 | ", "2 | Tier 1:⍽661,··321", "3 | ", "4 | ", "5 | Tier→2: 42·", "6 | ", ""]);
  });

  it("reads a .txt capture as it is, carriage returns included", async () => {
    const { stdout } = await captureText(dir, "notes.txt");
    expect(stdout.endsWith("1 | Tier 1: 661␍\n2 | \n")).toBe(true);
  });

  it("resolves a relative path from the folder the command was typed in", async () => {
    expect((await captureText(tmpdir(), path.join(path.basename(dir), "notes.txt"))).code).toBe(0);
  });

  it("refuses a missing or extra argument with a usage line, exit 2", async () => {
    for (const args of [[], ["a.html", "b.html"], ["--bogus", "a.html"]]) {
      const { code, stdout, stderr } = await captureText(dir, ...args);
      expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
      expect(stderr).toMatch(/^capture:text: .*\nusage: npm run capture:text -- PATH/);
    }
  });

  it("says plainly why a file cannot be shown, exit 1, never a stack trace", async () => {
    expect(await captureText(dir, "missing.html")).toEqual({ code: 1, stdout: "", stderr: "capture:text: cannot read missing.html (ENOENT)\n" });
    expect(await captureText(dir, ".")).toEqual({ code: 1, stdout: "", stderr: "capture:text: cannot read . (EISDIR)\n" });
    expect(await captureText(dir, "page.pdf")).toEqual({
      code: 1,
      stdout: "",
      stderr: "capture:text: page.pdf is neither .html nor .txt (the capture kinds npm run check reads)\n",
    });
    expect(await captureText(dir, "latin1.txt")).toEqual({
      code: 1,
      stdout: "",
      stderr: "capture:text: latin1.txt is not valid UTF-8 (bad byte at offset 2, line 2, column 1); captures are saved as UTF-8\n",
    });
  });

  // As `npm run check` reads a capture: regular files only, at most 32 MiB.
  it.runIf(process.platform !== "win32")("refuses a FIFO at once rather than waiting for a writer", async () => {
    execFileSync("mkfifo", [path.join(dir, "fifo.html")]);
    expect(await captureText(dir, "fifo.html")).toEqual({
      code: 1,
      stdout: "",
      stderr: "capture:text: cannot read fifo.html (it is a FIFO (named pipe), not a regular file)\n",
    });
  });

  it.runIf(process.platform === "linux")("refuses a device, named or linked to, rather than reading it without end", async () => {
    await symlink("/dev/zero", path.join(dir, "zero.txt"));
    const refusal = "(it is a character device, not a regular file)\n";
    expect(await captureText(dir, "/dev/zero")).toEqual({ code: 1, stdout: "", stderr: `capture:text: cannot read /dev/zero ${refusal}` });
    expect(await captureText(dir, "zero.txt")).toEqual({ code: 1, stdout: "", stderr: `capture:text: cannot read zero.txt ${refusal}` });
  });

  it("refuses a capture over the 32 MiB check accepts, before reading it", async () => {
    await writeFile(path.join(dir, "huge.txt"), "");
    await truncate(path.join(dir, "huge.txt"), 33 * 1024 * 1024);
    expect(await captureText(dir, "huge.txt")).toEqual({
      code: 1,
      stdout: "",
      stderr: "capture:text: cannot read huge.txt (it is 33 MiB, over the limit of 32 MiB for captures)\n",
    });
  });

  it("says a page nested past the limit is not read, as check says it", async () => {
    await writeFile(path.join(dir, "deep.html"), `<p>x</p>\n${"<div>".repeat(1_000_000)}`);
    expect(await captureText(dir, "deep.html")).toEqual({
      code: 1,
      stdout: "",
      stderr: "capture:text: capture deep.html nests elements more than 512 deep (line 2)\n",
    });
  });

  it("escapes control characters of the file name it names", async () => {
    expect(await captureText(dir, "mis\u001b[2Jsing\n.html")).toEqual({ code: 1, stdout: "", stderr: "capture:text: cannot read mis\\x1b[2Jsing\\n.html (ENOENT)\n" });
  });
});

describe("captureTextLines", () => {
  it("drops a leading byte-order mark, as check does", () => {
    const result = captureTextLines("a.txt", Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]));
    expect(result.ok && result.lines.at(-1)).toBe("1 | A");
  });
});
