import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runGuideDraft } from "../../../tools/cli/guide-draft.ts";
import { loadDataset } from "../../../generator/validate/index.ts";
import { sampleItems } from "../../fixtures/validate/sample-dataset.ts";

let dir: string;
let dataset: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "guide-draft-"));
  dataset = path.join(dir, "dataset");
  await mkdir(path.join(dataset, "items"), { recursive: true });
  await mkdir(path.join(dataset, "guides"), { recursive: true });
  await mkdir(path.join(dataset, "snapshots"), { recursive: true });
  const item = sampleItems()[0]!;
  await writeFile(path.join(dataset, "items", `${item.slug}.json`), JSON.stringify(item));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function draft(capture: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const args = ["--capture", capture, "--item", sampleItems()[0]!.slug, "--platform-id", "77", "--dataset", dataset, "--retrieved-at", "2024-03-02T09:30:00+01:00"];
  const code = await runGuideDraft(args, { cwd: dir, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), offsetMinutes: () => 0 });
  return { code, stdout, stderr };
}

/** What the run left in the dataset's guides/ and snapshots/. */
async function leftBehind(): Promise<string[][]> {
  return [await readdir(path.join(dataset, "guides")), await readdir(path.join(dataset, "snapshots"))];
}

describe("npm run guide:draft on bad input", () => {
  it("drafts a small page and copies it into snapshots/", async () => {
    await writeFile(path.join(dir, "page.txt"), "Example guide\nTier 1: 661, 321\nTier 2: 42\n");
    const { code, stderr } = await draft("page.txt");
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(await leftBehind()).toEqual([["77.json"], ["77"]]);
  });

  it("refuses a page listing 200,000 numbers on one line, the draft being over the 16 MiB check accepts, and leaves nothing behind", async () => {
    const numbers = Array.from({ length: 200_000 }, (_, index) => index % 1000).join(", ");
    await writeFile(path.join(dir, "page.txt"), `Example guide\nTier 1: ${numbers}\n`);
    expect(await draft("page.txt")).toEqual({
      code: 1,
      stdout: "",
      stderr: "guide:draft: the draft is larger than the 16 MiB npm run check accepts for a guide file; nothing was written\n",
    });
    expect(await leftBehind()).toEqual([[], []]);
  });

  it.runIf(process.platform !== "win32")("refuses a FIFO at once rather than waiting for a writer", async () => {
    execFileSync("mkfifo", [path.join(dir, "fifo.html")]);
    expect(await draft("fifo.html")).toEqual({ code: 1, stdout: "", stderr: "guide:draft: fifo.html is a FIFO (named pipe), not a regular file\n" });
    expect(await leftBehind()).toEqual([[], []]);
  });

  it.runIf(process.platform === "linux")("refuses a device rather than reading it without end", async () => {
    expect(await draft("/dev/zero")).toEqual({ code: 1, stdout: "", stderr: "guide:draft: /dev/zero is a character device, not a regular file\n" });
  });

  it("refuses a capture over the 32 MiB check accepts, before reading it", async () => {
    await writeFile(path.join(dir, "huge.html"), "");
    await truncate(path.join(dir, "huge.html"), 33 * 1024 * 1024);
    expect(await draft("huge.html")).toEqual({ code: 1, stdout: "", stderr: "guide:draft: huge.html is 33 MiB, over the limit of 32 MiB for captures\n" });
    expect(await leftBehind()).toEqual([[], []]);
  });

  it("removes the copied capture when the page cannot be read, and escapes control characters of the name", async () => {
    await writeFile(path.join(dir, "deep\u001b[2J.html"), `<p>x</p>\n${"<div>".repeat(1000)}`);
    expect(await draft("deep\u001b[2J.html")).toEqual({
      code: 1,
      stdout: "",
      stderr: "guide:draft: capture snapshots/77/deep\\x1b[2J.html nests elements more than 512 deep (line 2)\n",
    });
    expect(await leftBehind()).toEqual([[], []]);
  });
});

describe("npm run guide:draft of a page ranking several items", () => {
  const PAGE = `<h1>Example Guide: an AK-47 and a Karambit</h1><p>EXAMPLE CONTENT</p>
<h2>AK-47 Case Hardened</h2><h3>Tier 1</h3><p>661, 321</p>
<h2>Karambit | Doppler</h2><h3>Phase 2</h3><p>Tier 1: 12, 34</p>
<h2>Trades</h2><h3>Tier 1</h3><p>77</p>`;

  async function draftItems(slugs: readonly string[]) {
    for (const item of sampleItems()) await writeFile(path.join(dataset, "items", `${item.slug}.json`), JSON.stringify(item));
    await writeFile(path.join(dir, "page.html"), PAGE);
    let stdout = "";
    let stderr = "";
    const args = ["--capture", "page.html", ...slugs.flatMap((slug) => ["--item", slug]), "--platform-id", "79", "--dataset", dataset, "--retrieved-at", "2024-03-02T09:30:00+01:00"];
    const code = await runGuideDraft(args, { cwd: dir, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), offsetMinutes: () => 0 });
    return { code, stdout, stderr, file: path.join(dataset, "guides", "79.json") };
  }

  it("takes --item once per item, puts each system on the item its heading names, and prints each system's item and paints", async () => {
    const [ak, doppler] = sampleItems().map((item) => item.slug);
    const { code, stdout, stderr, file } = await draftItems([ak!, doppler!]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const guide = JSON.parse(await readFile(file, "utf8"));
    expect(guide.systems.map((system: { id: string; item: string; paint_indexes: number[] | null }) => [system.id, system.item, system.paint_indexes])).toEqual([
      ["ak_47_case_hardened", ak, null],
      ["phase_2", doppler, [419]],
      ["trades", ak, null],
    ]);
    const lines = stdout.split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        `system ak_47_case_hardened (tier, 1 level, 2 gradings) on ${ak}, all paints: "AK-47 Case Hardened"`,
        `system phase_2 (tier, 1 level, 2 gradings) on ${doppler}, paint Phase 2: "Phase 2"`,
        `  - system trades: no heading names its item; put on ${ak}, change it if wrong`,
      ]),
    );
  });

  it("refuses an item given twice", async () => {
    const [ak] = sampleItems().map((item) => item.slug);
    const { code, stderr } = await draftItems([ak!, ak!]);
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`^guide:draft: --item ${ak} is given twice\n`));
    expect(await leftBehind()).toEqual([[], []]);
  });
});

describe("npm run guide:draft, then npm run check", () => {
  async function draftDoppler(page: string) {
    const doppler = sampleItems().find((item) => item.slug === "karambit-doppler")!;
    await writeFile(path.join(dataset, "items", `${doppler.slug}.json`), JSON.stringify(doppler));
    await writeFile(path.join(dir, "page.txt"), page);
    let stdout = "";
    const args = ["--capture", "page.txt", "--item", doppler.slug, "--platform-id", "78", "--dataset", dataset, "--retrieved-at", "2024-03-02T09:30:00+01:00"];
    const code = await runGuideDraft(args, { cwd: dir, stdout: (text) => (stdout += text), stderr: () => {}, offsetMinutes: () => 0 });
    return { code, stdout, file: path.join(dataset, "guides", "78.json") };
  }

  it("opens the summary with what to check first: placeholders, guessed labels, paints, unread numbers", async () => {
    const { code, stdout } = await draftDoppler("Example guide\nTier 1: 661, 321\nTier 2: 42\nSeen 419 like this one.\n");
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    const from = lines.indexOf("check these:");
    // Right after what was copied and written.
    expect(from).toBe(2);
    const block = lines.slice(from, lines.indexOf("", from));
    expect(block).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ {2}- placeholder \$\.permission_quote: /),
        expect.stringMatching(/^ {2}- placeholder \$\.systems\[0\]\.levels\[0\]\.ordered: /),
        expect.stringMatching(/^ {2}- guessed label of system /),
        expect.stringMatching(/^ {2}- system .* covers every paint of karambit-doppler/),
        "  - 1 number of the text not read as seeds (listed below)",
      ]),
    );
  });

  it("names every problem of a draft in its first check, not only its placeholders", async () => {
    const { file } = await draftDoppler("Example guide\nTier 1: 661, 321\nTier 2: 42\n");
    const guide = JSON.parse(await readFile(file, "utf8"));
    // A mistake made while filling in the draft, before its placeholders are all decided.
    guide.systems[0].gradings[1].seed = 322;
    await writeFile(file, JSON.stringify(guide));
    const checked = await loadDataset(dataset);
    expect(checked.ok).toBe(false);
    const problems = checked.ok ? [] : checked.problems.filter((problem) => problem.file.endsWith("78.json")).map((problem) => problem.path);
    expect(problems).toEqual(
      expect.arrayContaining([
        "$.permission_quote",
        "$.notes",
        "$.systems[0].levels[0].ordered",
        // Found with the placeholders still in place: the paint rule and a seed its quote does not write.
        "$.systems[0].paint_indexes",
        "$.systems[0].gradings[1].seed",
      ]),
    );
  });
});
