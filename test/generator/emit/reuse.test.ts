// Incremental builds against full builds: after random edits of a (reduced) scale fixture, a
// rebuild that reuses the serving generation's unchanged units must leave exactly the files, and
// the index, that a build from nothing writes. Synthetic data from the fixture generator; the whole
// scale is `npm run bench:build`'s.

import { mkdtempSync, promises as fs, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Dataset } from "../../../generator/dataset.ts";
import { derivationUnits, manifestOf } from "../../../generator/derive/index.ts";
import { emitBuild } from "../../../generator/emit/emit-build.ts";
import { reuseUnchanged, unitHash, type EmitEntry } from "../../../generator/emit/reuse.ts";
import { emptyIndex, type GenerationIndex } from "../../../contract/file-index.ts";
import { chunkFileOf } from "../../../contract/pack-chunks.ts";
import type { DerivationUnit, DerivedFile } from "../../../generator/derive/index.ts";
import { createRandom, type Random } from "../../../tools/fixture/random.ts";
import { scaleFixture } from "../../../tools/fixture/scale.ts";
import { datasetVersion } from "../../../generator/version.ts";

const CODE = "test-code";
const root = mkdtempSync(path.join(tmpdir(), "psg-reuse-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const freshDir = () => path.join(root, `dist-${++folders}`);

/** Each build reads its own copy, as each real build loads the dataset afresh (derivation memoizes per guide object). */
async function build(outDir: string, edited: Dataset, code = CODE) {
  const dataset = structuredClone(edited);
  const version = datasetVersion(dataset);
  let reusedUnits = 0;
  const report = await emitBuild({
    outDir,
    manifest: manifestOf(dataset, version),
    steps: [
      {
        name: "derive",
        *files({ previous }) {
          for (const entry of reuseUnchanged(derivationUnits(dataset, version), code, previous)) {
            if ("kind" in entry && entry.kind === "reused") reusedUnits++;
            yield entry;
          }
        },
      },
    ],
  });
  return { version, report, reusedUnits };
}

/** Every file of a generation by its path, and the generation's index bytes. */
async function generationOf(outDir: string, version: string): Promise<Map<string, string>> {
  const generation = path.join(outDir, `g-${version}`);
  const files = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() || (entry.isSymbolicLink() && (await fs.stat(full)).isDirectory())) await walk(full);
      else files.set(path.relative(generation, full), await fs.readFile(full, "latin1"));
    }
  };
  await walk(generation);
  files.set("(index)", gunzipSync(await fs.readFile(path.join(outDir, `g-${version}.files.gz`))).toString("latin1"));
  return files;
}

/** Paths whose contents differ between two generations (a short failure message rather than two trees). */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((p) => a.get(p) !== b.get(p)).slice(0, 10);
}

/** One random edit of the kinds a maintainer makes; returns what it did. */
function edit(dataset: Dataset, random: Random): string {
  const guide = random.pick(dataset.guides);
  const system = random.pick(guide.systems);
  switch (random.int(0, 6)) {
    case 0: {
      const grading = random.pick(system.gradings);
      const level = random.pick(system.levels.filter((l) => l.gradings !== null));
      grading.level = level.key;
      return `guide ${guide.platform_id}: a grading of seed ${grading.seed} moved to ${level.key}`;
    }
    case 1: {
      const level = random.pick(system.levels);
      level.label = `${level.label} (renamed)`;
      return `guide ${guide.platform_id}: level ${level.key} renamed`;
    }
    case 2:
      guide.title = `${guide.title} (retitled)`;
      return `guide ${guide.platform_id} retitled`;
    case 3:
      dataset.guides.splice(dataset.guides.indexOf(guide), 1);
      return `guide ${guide.platform_id} removed`;
    case 4: {
      const item = random.pick(dataset.items);
      item.finish = `${item.finish} (corrected)`;
      return `item ${item.slug}: finish corrected`;
    }
    case 5: {
      const added = structuredClone(guide);
      added.platform_id = String(8_800_000_000 + random.int(0, 999_999));
      dataset.guides.push(added);
      return `guide ${added.platform_id} added (copy of ${guide.platform_id})`;
    }
    default: {
      const grading = random.pick(system.gradings);
      grading.evidence = grading.evidence === "text" ? "caption" : "text";
      return `guide ${guide.platform_id}: evidence of seed ${grading.seed} changed`;
    }
  }
}

describe("an incremental rebuild", () => {
  it("writes the same files and index as a full build, over a run of random edits", { timeout: 60_000 }, async () => {
    const fixture = scaleFixture({ items: 3, guides: 4, averageGuideBytes: 3000 });
    const dataset: Dataset = { items: fixture.items, guides: fixture.guides };
    const random = createRandom(7, 0);
    const incremental = freshDir();
    await build(incremental, dataset);
    for (let round = 0; round < 5; round++) {
      const done = [edit(dataset, random), edit(dataset, random)];
      const { version, report } = await build(incremental, dataset);
      const full = freshDir();
      await build(full, dataset);
      expect(report.mode).toBe("new");
      // Some units are taken from the serving build, not derived.
      expect(report.reused, done.join("; ")).toBeGreaterThan(0);
      const [a, b] = [await generationOf(incremental, version), await generationOf(full, version)];
      expect(a.size).toBe(b.size);
      expect(differences(a, b), done.join("; ")).toEqual([]);
      await fs.rm(full, { recursive: true, force: true });
    }
  });

  it("derives only the units whose inputs changed", async () => {
    const fixture = scaleFixture({ items: 4, guides: 4, averageGuideBytes: 3000 });
    const dataset: Dataset = { items: fixture.items, guides: fixture.guides };
    const out = freshDir();
    await build(out, dataset);
    const guide = dataset.guides[0]!;
    guide.systems[0]!.gradings[0]!.evidence = guide.systems[0]!.gradings[0]!.evidence === "text" ? "caption" : "text";
    const derived: string[] = [];
    const copy = structuredClone(dataset);
    const version = datasetVersion(copy);
    await emitBuild({
      outDir: out,
      manifest: manifestOf(dataset, version),
      steps: [
        {
          name: "derive",
          *files({ previous }) {
            for (const entry of reuseUnchanged(derivationUnits(copy, version), CODE, previous)) {
              if ("kind" in entry && entry.kind === "derived") derived.push(entry.key);
              yield entry;
            }
          },
        },
      ],
    });
    const slugs = new Set(guide.systems.map((system) => system.item));
    const pairs = dataset.items.filter((item) => slugs.has(item.slug)).flatMap((item) => item.paints.map((paint) => `pair ${item.def_index}/${paint.paint_index}`));
    // Meta and the dump carry the version and are always derived; they record no inputs.
    expect(derived.sort()).toEqual([...pairs.filter((key) => guide.systems.some((s) => s.paint_indexes === null || s.paint_indexes.includes(Number(key.split("/")[1])))), `guide ${guide.platform_id}`].sort());
  });

  it("derives every unit again when the code changed, even those whose inputs did not", async () => {
    const fixture = scaleFixture({ items: 4, guides: 3, averageGuideBytes: 3000 });
    const dataset: Dataset = { items: fixture.items, guides: fixture.guides };
    const out = freshDir();
    await build(out, dataset);
    const edited = structuredClone(dataset);
    edited.guides[0]!.title += " (edited)";
    const { report, reusedUnits } = await build(out, edited, "other-code");
    expect(report.mode).toBe("new");
    expect(reusedUnits).toBe(0);
    // The same code again reuses every unit but the edited guide's.
    const again = structuredClone(edited);
    again.guides[0]!.title += " again";
    const { reusedUnits: next } = await build(out, again, "other-code");
    expect(next).toBeGreaterThan(0);
  });
});

describe("reuseUnchanged, unit by unit", () => {
  const PACK = "v1/seeds/7/44.pack";
  /** A unit of a guide file and a pack, with these inputs; `derived` counts the times its files were asked for. */
  const unitOf = (inputs: string | null, counter = { derived: 0 }): DerivationUnit => ({
    key: "pair 7/44",
    inputs,
    paths: ["v1/items/7/44.json", PACK],
    routes: () => [],
    *files(): Generator<DerivedFile> {
      counter.derived++;
      yield { path: "v1/items/7/44.json", body: "{\"EXAMPLE CONTENT\":true}" };
      yield { path: chunkFileOf(PACK, 0), body: new Uint8Array([1, 2, 3]) };
      yield { path: "dump.json.gz", pieces: [] };
    },
  });
  /** An index that recorded the unit with `inputs`, its pack in two chunks. */
  const indexWith = (inputs: string, files = ["v1/items/7/44.json", chunkFileOf(PACK, 0), chunkFileOf(PACK, 500)]): GenerationIndex => {
    const index = emptyIndex();
    index.inputs.set("pair 7/44", { hash: unitHash(CODE, inputs), files: 3, bytes: 30 });
    for (const file of files) index.files.set(file, `print of ${file}`);
    return index;
  };

  it("records a unit's hash as 32 hex digits that change with its inputs and with the code", () => {
    expect(unitHash(CODE, "a")).toMatch(/^[0-9a-f]{32}$/);
    expect(unitHash(CODE, "b")).not.toBe(unitHash(CODE, "a"));
    expect(unitHash("other-code", "a")).not.toBe(unitHash(CODE, "a"));
  });

  it("derives a unit when there is no serving generation, its text as bytes, and records how many files and bytes it gave", () => {
    const entries = [...reuseUnchanged([unitOf("in")], CODE, null)];
    expect(entries).toEqual([
      { path: "v1/items/7/44.json", body: Buffer.from("{\"EXAMPLE CONTENT\":true}") },
      { path: chunkFileOf(PACK, 0), body: new Uint8Array([1, 2, 3]) },
      { path: "dump.json.gz", pieces: [] },
      { kind: "derived", key: "pair 7/44", record: { hash: unitHash(CODE, "in"), files: 3, bytes: 27 } },
    ]);
  });

  it("takes an unchanged unit from the serving generation, each chunk of its pack by its fingerprint, without deriving it", () => {
    const counter = { derived: 0 };
    const entries: EmitEntry[] = [...reuseUnchanged([unitOf("in", counter)], CODE, { index: indexWith("in") })];
    expect(counter.derived).toBe(0);
    expect(entries).toEqual([
      {
        kind: "reused",
        key: "pair 7/44",
        record: { hash: unitHash(CODE, "in"), files: 3, bytes: 30 },
        files: [
          ["v1/items/7/44.json", "print of v1/items/7/44.json"],
          [chunkFileOf(PACK, 0), `print of ${chunkFileOf(PACK, 0)}`],
          [chunkFileOf(PACK, 500), `print of ${chunkFileOf(PACK, 500)}`],
        ],
      },
    ]);
  });

  it("derives a unit again when its inputs changed, when the serving index lacks one of its files, or when it has no inputs to compare", () => {
    const derivedOf = (unit: DerivationUnit, index: GenerationIndex) => [...reuseUnchanged([unit], CODE, { index })].filter((entry) => "kind" in entry).map((entry) => (entry as { kind: string }).kind);
    expect(derivedOf(unitOf("changed"), indexWith("in"))).toEqual(["derived"]);
    expect(derivedOf(unitOf("in"), indexWith("in", ["v1/items/7/44.json"]))).toEqual(["derived"]);
    expect(derivedOf(unitOf("in"), indexWith("in", [chunkFileOf(PACK, 0)]))).toEqual(["derived"]);
    expect(derivedOf(unitOf(null), indexWith("in"))).toEqual([]);
  });

  it("derives a unit without inputs even when a damaged serving index records it with no hash", () => {
    const index = indexWith("in");
    // As a hand-edited index reads back: readGenerationIndex takes each record as it stands.
    index.inputs.set("pair 7/44", { hash: null as unknown as string, files: 3, bytes: 30 });
    const entries = [...reuseUnchanged([unitOf(null)], CODE, { index })];
    expect(entries.map((entry) => ("kind" in entry ? entry.kind : entry.path))).toEqual(["v1/items/7/44.json", chunkFileOf(PACK, 0), "dump.json.gz"]);
  });
});

