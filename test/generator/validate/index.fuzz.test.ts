import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Checked, Dataset } from "../../../generator/dataset.ts";
import { readJsonBytes } from "../../../generator/load/json-file.ts";
import type { RawDataset } from "../../../generator/load/raw-dataset.ts";
import { checkDataset } from "../../../generator/validate/index.ts";
import { CAPTURE_HTML, CAPTURE_PATH, sampleGuide, sampleItems } from "../../fixtures/validate/sample-dataset.ts";

// Fuzzing the pure core of `check`: valid dataset files (the shipped example guides with their items and
// captures, and the small literal sample dataset) are damaged the ways a hand edit, a bad merge or a hostile
// file damages them, and checking must answer with problems (each naming its file, a JSON path and a
// message), never throw. The files are assembled into a RawDataset in memory, as the loader would hand them
// over, so each case costs a check and no I/O. Seeds are fixed so a failure reproduces; change them to explore.
// Run counts: 80 cases draw each of the four byte mutations about 20 times; the JSON mutations build
// strings and keys of up to 200,000 characters (~20 ms a case), so that property runs 40 cases, each
// of its five mutations about 8 times. Longer explorations: change the seeds, not the suite's counts.

const DATASET = fileURLToPath(new URL("../../../dataset/", import.meta.url));
const encode = (text: string) => new TextEncoder().encode(text);

interface Files {
  items: Map<string, Uint8Array>;
  guides: Map<string, Uint8Array>;
  /** By snapshot path, relative to snapshots/. */
  captures: Map<string, Uint8Array>;
}

/** One shipped example guide with the item files it names and its capture: a small valid dataset. */
function shippedExample(platformId: string): Files {
  const guideBytes = readFileSync(path.join(DATASET, "guides", `${platformId}.json`));
  const guide = JSON.parse(guideBytes.toString("utf8")) as { snapshot: { path: string }; systems: { item: string }[] };
  const slugs = [...new Set(guide.systems.map((system) => system.item))];
  return {
    items: new Map(slugs.map((slug) => [`items/${slug}.json`, readFileSync(path.join(DATASET, "items", `${slug}.json`))])),
    guides: new Map([[`guides/${platformId}.json`, guideBytes]]),
    captures: new Map([[guide.snapshot.path, readFileSync(path.join(DATASET, "snapshots", guide.snapshot.path))]]),
  };
}

function sampleFiles(): Files {
  const guide = sampleGuide() as { platform_id: string };
  return {
    items: new Map(sampleItems().map((item) => [`items/${(item as { slug: string }).slug}.json`, encode(`${JSON.stringify(item, null, 2)}\n`)])),
    guides: new Map([[`guides/${guide.platform_id}.json`, encode(`${JSON.stringify(guide, null, 2)}\n`)]]),
    captures: new Map([[CAPTURE_PATH, encode(CAPTURE_HTML)]]),
  };
}

const SHIPPED = readdirSync(path.join(DATASET, "guides")).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -".json".length));
const DATASETS: Files[] = [sampleFiles(), ...SHIPPED.map(shippedExample)];

/** What the loader hands to checking, built from bytes in memory. */
function rawDataset(files: Files): RawDataset {
  const guides = [...files.guides].map(([file, bytes]) => {
    const read = readJsonBytes(file, bytes);
    const snapshot = (read.parsed?.json as { snapshot?: { path?: unknown } } | null)?.snapshot;
    const snapshotPath = snapshot !== null && typeof snapshot === "object" ? snapshot.path : undefined;
    if (typeof snapshotPath !== "string") return { ...read, capture: null };
    const bytesOfCapture = files.captures.get(snapshotPath);
    const capture: RawDataset["guides"][number]["capture"] =
      bytesOfCapture === undefined ? { ok: false, problems: [{ file, path: "$.snapshot.path", message: `capture snapshots/${snapshotPath} not found` }] } : { ok: true, value: bytesOfCapture };
    return { ...read, capture };
  });
  return { items: [...files.items].map(([file, bytes]) => readJsonBytes(file, bytes)), guides, problems: [] };
}

/** Checking never throws; a failed check has problems, each with a file of the dataset, a JSON path and a message. */
function checkSafely(files: Files): Checked<Dataset> {
  let checked: Checked<Dataset>;
  try {
    checked = checkDataset(rawDataset(files));
  } catch (error) {
    throw new Error(`check threw instead of returning problems: ${(error as Error).stack}`);
  }
  if (!checked.ok) {
    expect(checked.problems.length).toBeGreaterThan(0);
    const names = new Set([...files.items.keys(), ...files.guides.keys()]);
    for (const problem of checked.problems) {
      expect(names.has(problem.file) || problem.file.endsWith("/"), `problem names no file of the dataset: ${JSON.stringify(problem).slice(0, 300)}`).toBe(true);
      expect(problem.path).toMatch(/^\$/);
      expect(problem.message.length).toBeGreaterThan(0);
    }
  }
  return checked;
}

/** Replaces one file of one folder of a dataset. */
function withFile(files: Files, folder: "items" | "guides", file: string, bytes: Uint8Array): Files {
  return { ...files, [folder]: new Map([...files[folder], [file, bytes]]) };
}

/**
 * A dataset and one of its JSON files, picked by two numbers (so that a counterexample prints as two
 * numbers, not as the files' bytes).
 */
const fileArbitrary = fc.tuple(fc.nat(), fc.nat()).map(([datasetIndex, fileIndex]) => {
  const files = DATASETS[datasetIndex % DATASETS.length]!;
  const all = [...[...files.guides.keys()].map((file) => ["guides", file] as const), ...[...files.items.keys()].map((file) => ["items", file] as const)];
  const [folder, file] = all[fileIndex % all.length]!;
  return { files, folder, file, bytes: files[folder].get(file)! };
});
// fast-check prints the value a counterexample was made from: the file's name is enough.
const named = <T extends { file: string }>(value: T) => Object.assign(value, { toString: () => value.file, [fc.toStringMethod]: () => value.file });

type ByteMutation = (bytes: Uint8Array) => Uint8Array;
const byteMutation: fc.Arbitrary<ByteMutation> = fc.oneof(
  // Flip bits of a few bytes.
  fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 8 }).map((flips): ByteMutation => (bytes) => {
    const copy = Uint8Array.from(bytes);
    for (const [at, mask] of flips) copy[at % copy.length]! ^= mask;
    return copy;
  }),
  // Cut the file short.
  fc.nat().map((length): ByteMutation => (bytes) => bytes.subarray(0, length % bytes.length)),
  // Delete a run of bytes.
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 400 })).map(([at, length]): ByteMutation => (bytes) => {
    const start = at % bytes.length;
    return Uint8Array.from([...bytes.subarray(0, start), ...bytes.subarray(start + length)]);
  }),
  // Insert bytes: random ones, or JSON punctuation that breaks or deepens the structure.
  fc
    .tuple(fc.nat(), fc.oneof(fc.uint8Array({ minLength: 1, maxLength: 16 }), fc.constantFrom('"', "{", "}", "[", "]", ",", ":", "\\", "\u0000", "\uFEFF", "/*", "[".repeat(5000)).map(encode)))
    .map(([at, inserted]): ByteMutation => (bytes) => {
      const start = at % (bytes.length + 1);
      return Uint8Array.from([...bytes.subarray(0, start), ...inserted, ...bytes.subarray(start)]);
    }),
);

// ---- mutations of the parsed JSON, written back as text ----

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every (container, key) of a JSON value, for picking a place to damage. */
function places(value: Json, out: { parent: Json[] | { [key: string]: Json }; key: string | number }[] = []): typeof out {
  if (Array.isArray(value)) value.forEach((child, index) => (out.push({ parent: value, key: index }), places(child, out)));
  else if (value !== null && typeof value === "object") for (const [key, child] of Object.entries(value)) out.push({ parent: value, key }), places(child, out);
  return out;
}

const deepValue = (depth: number): Json => {
  let value: Json = 1;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { deep: value };
  return value;
};

type JsonMutation = { name: string; apply: (parent: Json[] | { [key: string]: Json }, key: string | number) => void };
const jsonMutation: fc.Arbitrary<JsonMutation> = fc.oneof(
  fc.constant<JsonMutation>({ name: "delete", apply: (parent, key) => (Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key]) }),
  fc
    .constantFrom<Json>(null, true, 0, -1, 1.5, 1e21, "", "x", [], {}, [1, "two"], { unexpected: 1 })
    .map((replacement): JsonMutation => ({ name: `swap to ${JSON.stringify(replacement)}`, apply: (parent, key) => ((parent as Record<string, Json>)[key] = structuredClone(replacement)) })),
  fc.integer({ min: 10, max: 3000 }).map((depth): JsonMutation => ({ name: `nest ${depth} deep`, apply: (parent, key) => ((parent as Record<string, Json>)[key] = deepValue(depth)) })),
  fc.integer({ min: 1_000, max: 200_000 }).map((length): JsonMutation => ({ name: `string of ${length}`, apply: (parent, key) => ((parent as Record<string, Json>)[key] = "ab \u200B9".repeat(length / 5)) })),
  fc.integer({ min: 1_000, max: 200_000 }).map((length): JsonMutation => ({
    name: `key of ${length}`,
    apply: (parent) => {
      if (!Array.isArray(parent)) parent[`${"gradings".repeat(length / 8)}`] = 1;
    },
  })),
);

describe("checkDataset on damaged files (fuzz)", () => {
  it("answers problems naming a file, never a throw, whatever bytes of a dataset file are flipped, cut, deleted or inserted", () => {
    fc.assert(
      fc.property(fileArbitrary.map(named), byteMutation, ({ files, folder, file, bytes }, mutate) => {
        checkSafely(withFile(files, folder, file, mutate(bytes)));
      }),
      { seed: 20261123, numRuns: 80 },
    );
  }, 60_000);

  it("answers problems, never a throw, when a key is deleted or added, a value's type swapped, a value nested deeply or made huge", () => {
    fc.assert(
      fc.property(fileArbitrary.map(named), fc.nat(), jsonMutation, ({ files, folder, file, bytes }, at, mutation) => {
        const json = JSON.parse(new TextDecoder().decode(bytes)) as Json;
        const all = places(json);
        const { parent, key } = all[at % all.length]!;
        mutation.apply(parent, key);
        checkSafely(withFile(files, folder, file, encode(JSON.stringify(json, null, 2))));
      }),
      { seed: 1123, numRuns: 40 },
    );
  }, 60_000);

  it("reports the file a required field was deleted from", () => {
    fc.assert(
      fc.property(fileArbitrary.map(named), fc.nat(), ({ files, folder, file, bytes }, at) => {
        const json = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, Json>;
        // Every top-level field of an item or guide file is required but a guide's unassigned_review.
        const keys = Object.keys(json).filter((key) => key !== "unassigned_review");
        const deleted = keys[at % keys.length]!;
        delete json[deleted];
        const checked = checkSafely(withFile(files, folder, file, encode(JSON.stringify(json))));
        expect(checked.ok).toBe(false);
        expect(!checked.ok && checked.problems.some((problem) => problem.file === file && problem.path === `$.${deleted}`)).toBe(true);
      }),
      { seed: 7, numRuns: 40 },
    );
  }, 60_000);

  it("reports a file cut short before its last closing brace as not valid JSON, at a line and column", () => {
    fc.assert(
      fc.property(fileArbitrary.map(named), fc.nat(), ({ files, folder, file, bytes }, at) => {
        const lastBrace = bytes.lastIndexOf("}".charCodeAt(0));
        const checked = checkSafely(withFile(files, folder, file, bytes.subarray(0, at % lastBrace)));
        expect(!checked.ok && checked.problems.filter((problem) => problem.file === file).map((problem) => problem.message)).toEqual([
          expect.stringMatching(/^not valid (JSON at line \d+, column \d+: .+|UTF-8: .+)$/),
        ]);
      }),
      { seed: 99, numRuns: 60 },
    );
  }, 60_000);

  it("starts from valid datasets: the sample and each shipped example guide", () => {
    expect(DATASETS.length).toBeGreaterThan(1);
    for (const files of DATASETS) expect(checkSafely(files)).toMatchObject({ ok: true });
  });
});
