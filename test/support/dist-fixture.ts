// Writes a small but realistic build (the layout the generator emits) into a folder, for tests of
// the edge: dist/manifest.json plus dist/<generation>/v1/... with one file per response, each
// holding the response's `data` JSON, and the enveloped dump with its gzip. The data follows the
// spec's shapes; it is literal test data, not the shipped dataset.

import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import {
  DUMP_FILE,
  DUMP_GZIP_FILE,
  guideFile,
  guideSystemFile,
  itemFile,
  itemNoTopicFile,
  MANIFEST_FILE,
  META_FILE,
  patternsFile,
  resolveFile,
  seedFile,
  type Manifest,
} from "../../edge/routes.ts";
import { aliasKey } from "../../edge/market-name.ts";

export interface FixtureItem {
  def_index: number;
  paint_index: number;
  slug: string;
  weapon: string;
  finish: string;
  paint_label: string;
}

export const AK_CASE_HARDENED: FixtureItem = {
  def_index: 7,
  paint_index: 44,
  slug: "ak-47-case-hardened",
  weapon: "AK-47",
  finish: "Case Hardened",
  paint_label: "",
};
export const KARAMBIT_RUBY: FixtureItem = {
  def_index: 507,
  paint_index: 415,
  slug: "karambit-doppler",
  weapon: "Karambit",
  finish: "Doppler",
  paint_label: "Ruby",
};
export const KARAMBIT_PHASE_1: FixtureItem = { ...KARAMBIT_RUBY, paint_index: 418, paint_label: "Phase 1" };
/** A known item that no guide covers. */
export const GLOCK_MOONRISE: FixtureItem = {
  def_index: 4,
  paint_index: 694,
  slug: "glock-18-moonrise",
  weapon: "Glock-18",
  finish: "Moonrise",
  paint_label: "",
};
export const FIXTURE_ITEMS = [AK_CASE_HARDENED, KARAMBIT_RUBY, KARAMBIT_PHASE_1, GLOCK_MOONRISE];

export const GUIDE_ID = "3094412345";
export const SYSTEM_ID = "blue-gem";

const guide = {
  schema: "1",
  platform_id: GUIDE_ID,
  title: "AK-47 Case Hardened blue gem tiers",
  authors: ["someone"],
  url: `https://steamcommunity.com/sharedfiles/filedetails/?id=${GUIDE_ID}`,
  updated: "2024-03-01T18:20:00",
  permission: "unknown",
  collaborators: 0,
  posted: "2023-11-02T09:00:00",
  snapshot: {
    path: `steam/${GUIDE_ID}.html`,
    retrieved_at: "2024-03-05T10:00:00+00:00",
    sha256: "0".repeat(64),
  },
  permission_quote: "",
  incomplete: null,
  complete: null,
  notes: "",
  related_guides: [],
  remarks: [],
  item_claims: [],
  callouts: [],
  discrepancies: [
    { kind: "duplicate_seed", seed: 151, where: [`${SYSTEM_ID}:t1`, `${SYSTEM_ID}:t2`], note: "151 is listed in Tier 1 and Tier 2" },
  ],
  systems: [
    {
      id: SYSTEM_ID,
      label: "Blue gem",
      item: AK_CASE_HARDENED.slug,
      paint_indexes: [AK_CASE_HARDENED.paint_index],
      alias: null,
      topic: null,
      scale: { kind: "tier", best: 1, worst: 2 },
      remarks: [],
      levels: [
        { key: "t1", label: "Tier 1", images: [], ordered: false, ordered_quote: null },
        { key: "t2", label: "Tier 2", images: [], ordered: false, ordered_quote: null },
      ],
      gradings: [
        { seed: 661, level: "t1", quote: "661, 151", evidence: "text", position: 0 },
        { seed: 151, level: "t1", quote: "661, 151", evidence: "text", position: 1 },
        { seed: 151, level: "t2", quote: "151  and 321", evidence: "text", position: 0 },
        { seed: 321, level: "t2", quote: "151  and 321", evidence: "text", position: 1 },
      ],
    },
  ],
};

const system = guide.systems[0]!;
const guideBlock = {
  platform_id: guide.platform_id,
  title: guide.title,
  authors: guide.authors,
  url: guide.url,
  permission: guide.permission,
  updated: guide.updated,
};
const seedRef = (item: FixtureItem) => ({ def_index: item.def_index, paint_index: item.paint_index, slug: item.slug });
const covers = (item: FixtureItem) => item === AK_CASE_HARDENED;

function itemData(item: FixtureItem) {
  const guides = covers(item)
    ? [
        {
          ...guideBlock,
          systems: [
            {
              id: system.id,
              label: system.label,
              alias: system.alias,
              topic: system.topic,
              kind: system.scale.kind,
              levels: system.levels.length,
              seeds: system.gradings.length,
            },
          ],
        },
      ]
    : [];
  return { item, guides };
}

function seedData(item: FixtureItem, seed: number) {
  const gradings = covers(item) ? system.gradings.filter((grading) => grading.seed === seed) : [];
  const verdicts = gradings.map((grading) => {
    const place = system.levels.findIndex((level) => level.key === grading.level) + 1;
    const level = system.levels[place - 1]!;
    return {
      guide: guideBlock,
      system: { id: system.id, label: system.label, topic: system.topic, kind: system.scale.kind },
      level: { key: level.key, label: level.label, place, of: system.levels.length },
      rank: null,
      equivalent_to: null,
      value: null,
      evidence: grading.evidence,
      quote: grading.quote,
    };
  });
  const notListed = covers(item) && verdicts.length === 0 ? [{ platform_id: GUIDE_ID, system: SYSTEM_ID }] : [];
  return { item: seedRef(item), seed, verdicts, not_listed: notListed };
}

function patternsData(item: FixtureItem) {
  if (!covers(item)) return { item: seedRef(item), guides: {}, seeds: {} };
  const seeds: Record<string, unknown[]> = {};
  for (const grading of system.gradings) {
    const place = system.levels.findIndex((level) => level.key === grading.level) + 1;
    (seeds[String(grading.seed)] ??= []).push({
      guide: GUIDE_ID,
      system: SYSTEM_ID,
      level: grading.level,
      place,
      rank: null,
      equivalent_to: null,
      value: null,
    });
  }
  const { platform_id: _, ...block } = guideBlock;
  return {
    item: seedRef(item),
    guides: {
      [GUIDE_ID]: {
        ...block,
        systems: {
          [SYSTEM_ID]: {
            label: system.label,
            topic: system.topic,
            kind: system.scale.kind,
            levels: system.levels.map(({ key, label }) => ({ key, label })),
          },
        },
      },
    },
    seeds,
  };
}

export interface DistFixtureOptions {
  datasetVersion?: string;
  generation?: string;
  /** Seeds written for every item; all of 0..1000 by default, as a real build has. */
  seeds?: readonly number[];
}

export interface DistFixture {
  /** The dist folder (holds manifest.json). */
  dir: string;
  manifest: Manifest;
  /** The `data` of every response file, by path relative to the generation folder. */
  files: Map<string, unknown>;
  /** Deletes the whole dist folder. */
  remove(): Promise<void>;
}

const ALL_SEEDS = Array.from({ length: 1001 }, (_, seed) => seed);

/** Builds every response of the fixture build in memory, keyed by file path. */
export function fixtureFiles(datasetVersion: string, seeds: readonly number[] = ALL_SEEDS): Map<string, unknown> {
  const files = new Map<string, unknown>();
  for (const item of FIXTURE_ITEMS) {
    files.set(itemFile(item.def_index, item.paint_index), itemData(item));
    // Every topic is null in the dataset, so any ?topic= drops every guide (spec, GET /items).
    files.set(itemNoTopicFile(item.def_index, item.paint_index), { item, guides: [] });
    files.set(patternsFile(item.def_index, item.paint_index), patternsData(item));
    for (const seed of seeds) files.set(seedFile(item.def_index, item.paint_index, seed), seedData(item, seed));
  }
  files.set(guideFile(GUIDE_ID), guide);
  files.set(guideSystemFile(GUIDE_ID, SYSTEM_ID), guide);
  const slugs = new Set(FIXTURE_ITEMS.map((item) => item.slug));
  for (const slug of slugs) {
    files.set(resolveFile(aliasKey(slug)), { items: FIXTURE_ITEMS.filter((item) => item.slug === slug) });
  }
  files.set(META_FILE, {
    dataset_version: datasetVersion,
    loaded_at: "2024-03-05T10:00:00+00:00",
    counts: { items: FIXTURE_ITEMS.length, guides: 1, aliases: slugs.size, systems: 1, gradings: system.gradings.length },
  });
  return files;
}

/** Writes a build into `dir` (a new temporary folder by default), the manifest last, atomically. */
export async function writeDistFixture(dir?: string, options: DistFixtureOptions = {}): Promise<DistFixture> {
  const root = dir ?? (await mkdtemp(join(tmpdir(), "edge-dist-")));
  const datasetVersion = options.datasetVersion ?? "fixture-v1";
  const generation = options.generation ?? `g-${datasetVersion}`;
  const files = fixtureFiles(datasetVersion, options.seeds);
  const folders = new Set([...files.keys()].map((file) => dirname(join(root, generation, file))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  const entries = [...files];
  // In batches: thousands of concurrent writes would run out of file descriptors.
  for (let start = 0; start < entries.length; start += 256) {
    const batch = entries.slice(start, start + 256);
    await Promise.all(batch.map(([file, data]) => writeFile(join(root, generation, file), JSON.stringify(data))));
  }

  const dump = JSON.stringify({ dataset_version: datasetVersion, data: { items: FIXTURE_ITEMS, guides: [guide] } });
  await writeFile(join(root, generation, DUMP_FILE), dump);
  await writeFile(join(root, generation, DUMP_GZIP_FILE), gzipSync(dump));

  const manifest: Manifest = { format: 1, dataset_version: datasetVersion, generation, topics: [] };
  await commitManifest(root, manifest);
  return { dir: root, manifest, files, remove: () => rm(root, { recursive: true, force: true }) };
}

/** Writes manifest.json by rename, so a reader sees the old manifest or the new one, never half. */
export async function commitManifest(root: string, manifest: Manifest): Promise<void> {
  const temporary = join(root, `${MANIFEST_FILE}.${process.pid}.tmp`);
  await writeFile(temporary, JSON.stringify(manifest));
  await rename(temporary, join(root, MANIFEST_FILE));
}
