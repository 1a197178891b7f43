import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, type DatasetLimits } from "../../../generator/load/limits.ts";
import { readDatasetDir } from "../../../generator/load/read-dataset.ts";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "read-dataset-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes files (path relative to the dataset folder -> content) into the temporary dataset folder. */
async function files(contents: Record<string, string | Uint8Array>) {
  for (const [name, content] of Object.entries(contents)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

const guideJson = (snapshotPath: unknown) => JSON.stringify({ platform_id: "1", snapshot: { path: snapshotPath } });

describe("readDatasetDir", () => {
  it("reads item and guide files, and each guide's capture", async () => {
    await files({ "items/a.json": '{"slug": "a"}', "guides/1.json": guideJson("g/1.html"), "snapshots/g/1.html": "<p>hi</p>" });
    const raw = await readDatasetDir(dir);
    expect(raw.problems).toEqual([]);
    expect(raw.items).toEqual([{ file: "items/a.json", name: "a", parsed: { json: { slug: "a" } }, problems: [] }]);
    expect(raw.guides).toEqual([
      {
        file: "guides/1.json",
        name: "1",
        parsed: { json: { platform_id: "1", snapshot: { path: "g/1.html" } } },
        problems: [],
        capture: { ok: true, value: Buffer.from("<p>hi</p>") },
      },
    ]);
  });

  it("reports a dataset folder that does not exist", async () => {
    const raw = await readDatasetDir(path.join(dir, "nope"));
    expect(raw.problems).toEqual([{ file: ".", path: "$", message: `dataset folder ${path.join(dir, "nope")} not found`, expected: "a folder holding items/, guides/ and snapshots/" }]);
  });

  it("reports missing and empty folders", async () => {
    await mkdir(path.join(dir, "guides"));
    const raw = await readDatasetDir(dir);
    expect(raw.problems).toEqual([
      { file: "items/", path: "$", message: "folder is missing", expected: "items/ with one <slug>.json per item" },
      { file: "guides/", path: "$", message: "no .json files", expected: "guides/ with one <platform_id>.json per guide" },
    ]);
  });

  it("reports a file that is not .json instead of skipping it silently", async () => {
    await files({ "items/a.json": "{}", "items/b.jsn": "{}", "items/.gitkeep": "", "guides/1.json": guideJson(null) });
    expect((await readDatasetDir(dir)).problems).toEqual([{ file: "items/b.jsn", path: "$", message: "not a .json file, so not read", expected: "only .json files in items/" }]);
  });

  it("keeps a file that is not JSON as a problem and reads the others", async () => {
    await files({ "items/a.json": '{"slug": "a",}', "items/b.json": '{"slug": "b"}', "guides/1.json": guideJson(7) });
    const raw = await readDatasetDir(dir);
    expect(raw.items.map((item) => [item.name, item.parsed, item.problems.map((problem) => problem.message)])).toEqual([
      ["a", null, ["not valid JSON at line 1, column 14: trailing comma before '}'"]],
      ["b", { json: { slug: "b" } }, []],
    ]);
    // A guide whose snapshot.path is not a string has no capture to read; shape validation reports the path.
    expect(raw.guides[0]!.capture).toBeNull();
  });

  it("reads a capture whose file name starts with two dots", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("..notes.txt"), "snapshots/..notes.txt": "notes" });
    expect((await readDatasetDir(dir)).guides[0]!.capture).toEqual({ ok: true, value: Buffer.from("notes") });
  });

  it("reports a capture that does not exist", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("g/missing.html"), "snapshots/other.html": "" });
    expect((await readDatasetDir(dir)).guides[0]!.capture).toEqual({
      ok: false,
      problems: [{ file: "guides/1.json", path: "$.snapshot.path", message: "capture snapshots/g/missing.html not found", expected: "the path of a capture file, relative to dataset/snapshots/" }],
    });
  });

  it("refuses a snapshot path that leaves the snapshots folder", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("../items/a.json") });
    expect((await readDatasetDir(dir)).guides[0]!.capture).toEqual({
      ok: false,
      problems: [{ file: "guides/1.json", path: "$.snapshot.path", message: '"../items/a.json" points outside snapshots/', expected: "a path relative to dataset/snapshots/, inside it" }],
    });
  });

  it("refuses a capture that is a link to a file outside the snapshots folder", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("link.html"), "outside.html": "<p>x</p>" });
    await symlink(path.join(dir, "outside.html"), path.join(dir, "snapshots", "link.html")).catch(async () => {
      await mkdir(path.join(dir, "snapshots"));
      await symlink(path.join(dir, "outside.html"), path.join(dir, "snapshots", "link.html"));
    });
    const capture = (await readDatasetDir(dir)).guides[0]!.capture;
    expect(capture?.ok === false && capture.problems.map((problem) => problem.message)).toEqual(["snapshots/link.html links to a file outside snapshots/"]);
  });

  it("reads a capture shared by two guides once and gives each guide its bytes", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("shared.txt"), "guides/2.json": guideJson("shared.txt"), "snapshots/shared.txt": "text" });
    const [first, second] = (await readDatasetDir(dir)).guides;
    expect(first!.capture).toEqual({ ok: true, value: Buffer.from("text") });
    expect(second!.capture).toBe(first!.capture);
  });
});

// FIFOs and sockets in a folder exist only on POSIX systems.
const posix = process.platform !== "win32";
const mkfifo = (location: string) => execFileSync("mkfifo", [location]);
const limitsWith = (maxBytes: Partial<DatasetLimits["maxBytes"]>): DatasetLimits => ({ ...DEFAULT_LIMITS, maxBytes: { ...DEFAULT_LIMITS.maxBytes, ...maxBytes } });
const messagesOf = (capture: unknown) => (capture as { ok: false; problems: { message: string }[] }).problems.map((problem) => problem.message);

describe("readDatasetDir on hostile folders", () => {
  it.runIf(posix)("refuses a capture that is a FIFO instead of waiting on it forever", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("pipe.html"), "snapshots/.keep": "" });
    mkfifo(path.join(dir, "snapshots", "pipe.html"));
    expect((await readDatasetDir(dir)).guides[0]!.capture).toEqual({
      ok: false,
      problems: [{ file: "guides/1.json", path: "$.snapshot.path", message: "capture snapshots/pipe.html is a FIFO (named pipe), not a regular file", expected: "a regular file" }],
    });
  });

  it.runIf(posix)("refuses a guide file that is a FIFO and an item file that is a socket, naming each", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson(null) });
    mkfifo(path.join(dir, "guides", "2.json"));
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(path.join(dir, "items", "b.json"), resolve));
    try {
      const raw = await readDatasetDir(dir);
      expect(raw.problems).toEqual([
        { file: "items/b.json", path: "$", message: "is a socket, not a regular file", expected: "a regular file (one <slug>.json per item)" },
        { file: "guides/2.json", path: "$", message: "is a FIFO (named pipe), not a regular file", expected: "a regular file (one <platform_id>.json per guide)" },
      ]);
      expect(raw.guides.map((guide) => guide.file)).toEqual(["guides/1.json"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses a folder named like a JSON file instead of ignoring it", async () => {
    await files({ "items/a.json": "{}", "items/x.json/inner.json": "{}", "items/drafts/b.json": "{}", "guides/1.json": guideJson(null) });
    expect((await readDatasetDir(dir)).problems).toEqual([
      { file: "items/drafts", path: "$", message: "is a folder, so not read", expected: "a regular file (one <slug>.json per item)" },
      { file: "items/x.json", path: "$", message: "is a folder, not a file", expected: "a regular file (one <slug>.json per item)" },
    ]);
  });

  it("refuses guide and item files that are links out of the dataset, and follows links inside it", async () => {
    const outside = await mkdtemp(path.join(tmpdir(), "read-dataset-outside-"));
    try {
      await writeFile(path.join(outside, "secret.json"), '{"platform_id": "2"}');
      await files({ "items/a.json": '{"slug": "a"}', "guides/1.json": guideJson(null), "shared/b.json": '{"slug": "b"}' });
      await symlink(path.join(outside, "secret.json"), path.join(dir, "guides", "2.json"));
      await symlink(path.join(dir, "shared", "b.json"), path.join(dir, "items", "b.json"));
      await symlink(path.join(dir, "nowhere.json"), path.join(dir, "items", "c.json"));
      const raw = await readDatasetDir(dir);
      expect(raw.problems).toEqual([
        { file: "items/c.json", path: "$", message: "is a symbolic link that leads nowhere (ENOENT)", expected: "a regular file (one <slug>.json per item)" },
        { file: "guides/2.json", path: "$", message: "is a symbolic link to a file outside the dataset folder", expected: "a file kept inside the dataset folder" },
      ]);
      expect(raw.items.map((item) => [item.file, item.parsed])).toEqual([
        ["items/a.json", { json: { slug: "a" } }],
        ["items/b.json", { json: { slug: "b" } }],
      ]);
      expect(raw.guides.map((guide) => guide.file)).toEqual(["guides/1.json"]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it("refuses item, guide and snapshot folders that are links out of the dataset", async () => {
    const outside = await mkdtemp(path.join(tmpdir(), "read-dataset-outside-"));
    try {
      await mkdir(path.join(outside, "items"));
      await mkdir(path.join(outside, "snapshots"));
      await writeFile(path.join(outside, "items", "a.json"), "{}");
      await writeFile(path.join(outside, "snapshots", "page.txt"), "text");
      await files({ "guides/1.json": guideJson("page.txt") });
      await symlink(path.join(outside, "items"), path.join(dir, "items"));
      await symlink(path.join(outside, "snapshots"), path.join(dir, "snapshots"));
      const raw = await readDatasetDir(dir);
      expect(raw.problems).toEqual([{ file: "items/", path: "$", message: "is a symbolic link to a folder outside the dataset folder", expected: "items/ kept inside the dataset folder" }]);
      expect(raw.items).toEqual([]);
      expect(messagesOf(raw.guides[0]!.capture)).toEqual(["snapshots/ is a symbolic link to a folder outside the dataset folder"]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it("refuses files over their folder's size limit without reading them, and reads files at the limit", async () => {
    await files({ "items/a.json": '{"slug":"a"}', "items/b.json": '{"slug": "b"}', "guides/1.json": guideJson("page.txt"), "snapshots/page.txt": "0123456789!" });
    const raw = await readDatasetDir(dir, limitsWith({ items: 12, snapshots: 10 }));
    expect(raw.items.map((item) => [item.file, item.parsed, item.problems])).toEqual([
      ["items/a.json", { json: { slug: "a" } }, []],
      ["items/b.json", null, [{ file: "items/b.json", path: "$", message: "file is 13 bytes, over the limit of 12 bytes for items/", expected: "at most 12 bytes (--max-item-size raises the limit)" }]],
    ]);
    expect(messagesOf(raw.guides[0]!.capture)).toEqual(["capture snapshots/page.txt is 11 bytes, over the limit of 10 bytes for snapshots/"]);
  });

  it("has default limits the shipped dataset's largest files fit many times over", () => {
    expect(DEFAULT_LIMITS.maxBytes).toEqual({ items: 1024 * 1024, guides: 16 * 1024 * 1024, snapshots: 32 * 1024 * 1024 });
  });

  it.runIf(posix)("refuses a capture that is a link to a device outside the dataset", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("zero.html"), "snapshots/.keep": "" });
    await symlink("/dev/zero", path.join(dir, "snapshots", "zero.html"));
    expect(messagesOf((await readDatasetDir(dir)).guides[0]!.capture)).toEqual(["snapshots/zero.html links to a file outside snapshots/"]);
  });

  it.runIf(posix)("reports every hostile entry of one folder in one run", async () => {
    await files({ "items/a.json": "{}", "items/big.json": `{"slug": "${"x".repeat(100)}"}`, "items/dir.json/x": "", "guides/1.json": guideJson("pipe.txt"), "snapshots/.keep": "" });
    mkfifo(path.join(dir, "items", "pipe.json"));
    mkfifo(path.join(dir, "snapshots", "pipe.txt"));
    const raw = await readDatasetDir(dir, limitsWith({ items: 50 }));
    const all = [...raw.problems, ...raw.items.flatMap((item) => item.problems), ...(raw.guides[0]!.capture?.ok === false ? raw.guides[0]!.capture.problems : [])];
    expect(all.map((problem) => `${problem.file}: ${problem.message}`)).toEqual([
      "items/dir.json: is a folder, not a file",
      "items/pipe.json: is a FIFO (named pipe), not a regular file",
      "items/big.json: file is 112 bytes, over the limit of 50 bytes for items/",
      "guides/1.json: capture snapshots/pipe.txt is a FIFO (named pipe), not a regular file",
    ]);
  });
});

describe("readDatasetDir for the check cache", () => {
  const sha256 = (content: string) => createHash("sha256").update(content).digest("hex");
  const guide = `{\n  "platform_id": "1",\n  "snapshot": { "path": "1/page.txt" }\n}\n`;

  it("gives each file and capture the sha256 of its bytes", async () => {
    await files({ "items/a.json": '{"slug": "a"}', "guides/1.json": guide, "snapshots/1/page.txt": "the capture" });
    const plain = await readDatasetDir(dir);
    expect(plain.guides[0]!.sha256).toBeUndefined();
    const hashed = await readDatasetDir(dir, DEFAULT_LIMITS, { digests: true });
    expect([hashed.items[0]!.sha256, hashed.guides[0]!.sha256, hashed.guides[0]!.captureSha256]).toEqual([sha256('{"slug": "a"}'), sha256(guide), sha256("the capture")]);
  });

  it("takes the bytes and hashes of files the build's fingerprint read just before, still under the size limits, and reads the rest", async () => {
    await files({ "items/a.json": '{"slug": "a"}', "guides/1.json": guide, "snapshots/1/page.txt": "the capture" });
    // Stand-ins that differ from the files on disk prove that what was given is what is used.
    const given = `{"platform_id": "1", "snapshot": {"path": "1/page.txt"}, "title": "given"}`;
    const known = new Map([
      ["guides/1.json", { bytes: Buffer.from(given), sha256: "the hash given with the guide" }],
      ["snapshots/1/page.txt", { bytes: Buffer.from("the capture as given"), sha256: "the hash given with the capture" }],
    ]);
    const read = await readDatasetDir(dir, DEFAULT_LIMITS, { digests: true, known });
    expect(read.guides[0]!.parsed?.json).toEqual(JSON.parse(given));
    expect([read.guides[0]!.sha256, read.guides[0]!.captureSha256]).toEqual(["the hash given with the guide", "the hash given with the capture"]);
    expect(read.guides[0]!.capture).toEqual({ ok: true, value: Buffer.from("the capture as given") });
    expect(read.items[0]!.sha256).toBe(sha256('{"slug": "a"}'));
    const small: DatasetLimits = { ...DEFAULT_LIMITS, maxBytes: { ...DEFAULT_LIMITS.maxBytes, guides: 10 } };
    const limited = await readDatasetDir(dir, small, { digests: true, known });
    expect(limited.guides[0]!.problems.map((problem) => problem.message)).toEqual([expect.stringContaining("over the limit of 10 bytes")]);
  });

  it("reads a file known to be clean with JSON.parse alone, to the same result, and reads other bytes in full", async () => {
    const twice = '{"platform_id": "1", "platform_id": "2"}';
    await files({ "items/a.json": '{"slug": "a"}', "guides/1.json": guide, "guides/2.json": twice });
    const full = await readDatasetDir(dir, DEFAULT_LIMITS, { digests: true });
    // guides/2.json is said to be clean but its bytes are not the ones named: it gets the full read and its problem.
    const clean = new Map([
      ["guides/1.json", sha256(guide)],
      ["guides/2.json", sha256("other bytes")],
    ]);
    const fast = await readDatasetDir(dir, DEFAULT_LIMITS, { digests: true, clean });
    expect(fast).toEqual(full);
    expect(fast.guides[1]!.problems.map((problem) => problem.message)).toEqual([expect.stringContaining("key written twice")]);
  });
});
