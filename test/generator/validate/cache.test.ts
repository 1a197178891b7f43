import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sourceFingerprints } from "../../../generator/emit/source.ts";
import { DEFAULT_LIMITS } from "../../../generator/load/limits.ts";
import {
  CHECK_CACHE_FILE,
  checkCacheKey,
  loadDatasetReusing,
  parseCheckCache,
  readCheckCache,
  serializeCheckCache,
  writeCheckCache,
  type CheckCache,
} from "../../../generator/validate/cache.ts";
import { loadDataset } from "../../../generator/validate/index.ts";

// The check cache must never change what a check answers: after any sequence of edits, a check
// reusing the cache of the check before gives exactly what a check from nothing gives (the same
// problems in the same order, the same dataset), and it does reuse the files the edits left alone.
// The dataset is three of the shipped example guides (example data), the two item files they name
// and two that no guide names (so an item file's change is told from an unrelated one). A check reads
// and validates every item file: with all 221, half the property test's time (4.2 s of it alone, now
// 2.0 s) went on item files no edit touches.

const SHIPPED = fileURLToPath(new URL("../../../dataset/", import.meta.url));
const GUIDES = ["900000001", "900000002", "900000003"];
const ITEM = "items/ak-47-case-hardened.json"; // named by guides 900000001 and 900000002
const ITEMS = [ITEM, "items/karambit-case-hardened.json", "items/aug-amber-fade.json", "items/awp-fade.json"];
const KEY = checkCacheKey("test code", DEFAULT_LIMITS);

let dir: string;
let dataset: string;
let originals: Map<string, Buffer>;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "psg-check-cache-"));
  dataset = path.join(dir, "dataset");
  await mkdir(path.join(dataset, "items"), { recursive: true });
  for (const file of ITEMS) await cp(path.join(SHIPPED, file), path.join(dataset, file));
  await mkdir(path.join(dataset, "guides"));
  await mkdir(path.join(dataset, "snapshots", "examples"), { recursive: true });
  for (const id of GUIDES) {
    await cp(path.join(SHIPPED, "guides", `${id}.json`), path.join(dataset, "guides", `${id}.json`));
    await cp(path.join(SHIPPED, "snapshots", "examples", `${id}.html`), path.join(dataset, "snapshots", "examples", `${id}.html`));
  }
  originals = new Map();
  for (const file of [ITEM, ...GUIDES.map(guideFile), ...GUIDES.map(captureFile)]) originals.set(file, await readFile(path.join(dataset, file)));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const guideFile = (id: string) => `guides/${id}.json`;
const captureFile = (id: string) => `snapshots/examples/${id}.html`;
const original = (file: string) => originals.get(file)!;
const write = (file: string, content: string | Buffer) => writeFile(path.join(dataset, file), content);
const restore = (file: string) => write(file, original(file));
const json = (file: string) => JSON.parse(original(file).toString("utf8")) as Record<string, unknown> & { systems: { gradings: { position: number }[] }[] };

/** Edits a maintainer (or a bad merge) makes, each named; several put back what another changed. */
const EDITS: [name: string, apply: () => Promise<void>][] = [
  ["a grading's position made wrong", () => write(guideFile("900000001"), edited(json(guideFile("900000001")), (guide) => (guide.systems[0]!.gradings[1]!.position = 7)))],
  ["the guide put back", () => restore(guideFile("900000001"))],
  ["the guide cut short (not JSON)", () => write(guideFile("900000001"), original(guideFile("900000001")).subarray(0, 5000))],
  ["the guide reformatted (same value, other bytes)", () => write(guideFile("900000001"), `${JSON.stringify(json(guideFile("900000001")), null, 4)}\n`)],
  ["a key written twice", () => write(guideFile("900000002"), original(guideFile("900000002")).toString("utf8").replace("{", '{\n  "title": "written twice",'))],
  ["that guide put back", () => restore(guideFile("900000002"))],
  ["its capture edited", () => write(captureFile("900000002"), original(captureFile("900000002")).toString("utf8").replace("</body>", "<p>added</p></body>"))],
  ["the capture put back", () => restore(captureFile("900000002"))],
  ["the item both guides name loses their paint", () => write(ITEM, edited(JSON.parse(original(ITEM).toString("utf8")), (item) => (item.paints = [{ ...item.paints[0], paint_index: 9999 }])))],
  ["the item put back", () => restore(ITEM)],
  ["a guide deleted", () => rm(path.join(dataset, guideFile("900000003")))],
  ["the guide back", () => restore(guideFile("900000003"))],
];

function edited<T>(value: T, change: (value: any) => void): string {
  change(value);
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * A check reusing `cache` (sent through its file format) and the bytes the source fingerprint read, as a
 * build does, beside a check from nothing.
 */
async function checkBoth(cache: CheckCache | null, key = KEY) {
  const stored = cache === null ? null : parseCheckCache(serializeCheckCache(cache));
  const { datasetFiles } = await sourceFingerprints(dataset);
  const reusing = await loadDatasetReusing(dataset, DEFAULT_LIMITS, key, stored, datasetFiles);
  const fresh = await loadDataset(dataset);
  return { reusing, fresh };
}

function expectSame(reusing: Awaited<ReturnType<typeof checkBoth>>["reusing"], fresh: Awaited<ReturnType<typeof checkBoth>>["fresh"]) {
  // Byte for byte: problem order, key order, the dataset's values.
  expect(JSON.stringify(reusing.checked)).toBe(JSON.stringify(fresh));
}

/** Makes edit `step`, checks with the cache and from nothing, and asserts the two answer the same. */
async function afterEdit(step: number, cache: CheckCache) {
  await EDITS[step]![1]();
  const both = await checkBoth(cache);
  expectSame(both.reusing, both.fresh);
  return both;
}

describe("the check cache", () => {
  it("answers exactly what a check from nothing answers after any sequence of edits, and reuses what they left alone", async () => {
    let reusedInAll = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: EDITS.length - 1 }), { minLength: 4, maxLength: 9 }), async (steps) => {
        for (const file of originals.keys()) await restore(file);
        let { reusing } = await checkBoth(null);
        for (const step of steps) {
          const both = await afterEdit(step, reusing.cache);
          reusedInAll += both.reusing.reused;
          reusing = both.reusing;
        }
      }),
      { seed: 20261123, numRuns: 5 },
    );
    expect(reusedInAll).toBeGreaterThan(0);
  });

  it("checks again a guide that goes from bad to good and back, and reuses the others", async () => {
    const first = await checkBoth(null);
    expect(first.reusing.checked.ok).toBe(true);
    const bad = await afterEdit(0, first.reusing.cache);
    expect(bad.reusing.reused).toBe(2);
    expect(bad.reusing.checked.ok).toBe(false);
    const good = await afterEdit(1, bad.reusing.cache);
    expect(good.reusing.checked.ok).toBe(true);
    const badAgain = await afterEdit(0, good.reusing.cache);
    expect(badAgain.reusing.checked).toEqual(bad.fresh);
  });

  it("checks again the guide whose capture was edited, though the guide's bytes are the same", async () => {
    const first = await checkBoth(null);
    const after = await afterEdit(6, first.reusing.cache);
    expect(after.reusing.reused).toBe(2);
    expect(after.reusing.checked.ok).toBe(false);
    expect(!after.reusing.checked.ok && after.reusing.checked.problems.map((problem) => `${problem.file} ${problem.path}`)).toEqual(["guides/900000002.json $.snapshot.sha256"]);
  });

  it("runs the item references of a reused guide again when an item it names changes", async () => {
    const first = await checkBoth(null);
    const after = await afterEdit(8, first.reusing.cache);
    // Neither guide was checked again on its own, yet both are told their paint is gone.
    expect(after.reusing.reused).toBe(3);
    const files = after.reusing.checked.ok ? [] : after.reusing.checked.problems.map((problem) => problem.file);
    expect(files).toEqual(expect.arrayContaining(["guides/900000001.json", "guides/900000002.json"]));
  });

  it("is not used when the check code (or the limits) changed, and keeps entries only for the files present", async () => {
    const first = await checkBoth(null);
    expect(first.reusing.cache.entries.size).toBe(3);
    const otherCode = await checkBoth(first.reusing.cache, checkCacheKey("other code", DEFAULT_LIMITS));
    expectSame(otherCode.reusing, otherCode.fresh);
    expect(otherCode.reusing.reused).toBe(0);
    expect(checkCacheKey("test code", { ...DEFAULT_LIMITS, maxDepth: 10 })).not.toBe(KEY);
    await EDITS[10]![1]();
    const fewer = await checkBoth(first.reusing.cache);
    expect(fewer.reusing.reused).toBe(2);
    expect([...fewer.reusing.cache.entries.keys()]).toEqual(["guides/900000001.json", "guides/900000002.json"]);
  });
});

describe("the check cache file", () => {
  it("reads back what was written, and nothing from a torn, foreign or missing file", async () => {
    const { reusing } = await checkBoth(null);
    const out = path.join(dir, "out");
    await mkdir(out);
    expect(await readCheckCache(out)).toBeNull();
    expect(await writeCheckCache(out, reusing.cache)).toBe(true);
    expect(await readdir(out)).toEqual([CHECK_CACHE_FILE]);
    const text = await readFile(path.join(out, CHECK_CACHE_FILE), "utf8");
    expect(serializeCheckCache((await readCheckCache(out))!)).toBe(text);
    expect(parseCheckCache(text.slice(0, text.length - 40))).toBeNull();
    expect(parseCheckCache('{"format":"something else","key":"","entries":[]}')).toBeNull();
    expect(parseCheckCache(text.replace('"crossFileAt":0', '"crossFileAt":99'))).toBeNull();
    expect(parseCheckCache("")).toBeNull();
  });

  it("is an aid only: a cache that cannot be put in place fails quietly and leaves no temporary", async () => {
    const { reusing } = await checkBoth(null);
    const out = path.join(dir, "out");
    // A folder in the way of the cache file: the temporary is written, the rename fails.
    await mkdir(path.join(out, CHECK_CACHE_FILE, "in-the-way"), { recursive: true });
    expect(await writeCheckCache(out, reusing.cache)).toBe(false);
    expect(await readdir(out)).toEqual([CHECK_CACHE_FILE]);
    expect(await readCheckCache(out)).toBeNull();
  });
});
