// Writes a small build for tests of the edge, with the real generator (derive + emit) from a
// literal dataset: dist/manifest.json plus dist/<generation>/v1/..., so the HTTP tests serve exactly
// what `npm run build` writes. Example data written for these tests; not a transcription of any guide.

import { readFileSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative as relativePath, sep } from "node:path";
import type { Dataset } from "../../generator/dataset.ts";
import { itemOf } from "../../generator/derive/blocks.ts";
import { buildFiles, type BuildFile } from "../../generator/derive/index.ts";
import { documentsOf } from "../../generator/docs/documents.ts";
import { readExplorerBundle } from "../../generator/docs/explorer-bundle.ts";
import { readRedocBundle } from "../../generator/docs/redoc-bundle.ts";
import { changelogStep } from "../../generator/changes/changelog.ts";
import { commitManifest } from "../../generator/emit/build-folder.ts";
import { emitBuild, filesStep, type EmitReport } from "../../generator/emit/emit-build.ts";
import { bundleServer } from "../../generator/emit/server-bundle.ts";
import { writeServingIndex } from "../../generator/emit/file-index.ts";
import type { ItemFile } from "../../contract/schema/item.ts";
import { akCaseHardened, glockMoonrise, guide, karambitDoppler, system } from "../../generator/example-data.ts";
import type { Item } from "../../contract/schema/responses.ts";
import { MANIFEST_FORMAT, type Manifest, type ManifestDraft } from "../../contract/manifest.ts";
import { fileFor } from "../../contract/routes.ts";
import { MANIFEST_FILE } from "../../contract/manifest.ts";
import { SERVING_INDEX_FILE } from "../../contract/serving-index.ts";
import { fingerprint } from "../../generator/fingerprint.ts";
const DUMP_FILE = fileFor({ name: "dump" }, { topics: [] });

export { commitManifest };

const akItem = akCaseHardened();
const karambitItem = karambitDoppler([415, 418]);
const glockItem = glockMoonrise();

const pair = (item: ItemFile, paintIndex: number): Item => itemOf({ item, paint: item.paints.find((p) => p.paint_index === paintIndex)! });
export const AK_CASE_HARDENED = pair(akItem, 44);
export const KARAMBIT_RUBY = pair(karambitItem, 415);
export const KARAMBIT_PHASE_1 = pair(karambitItem, 418);
/** A known item that no guide covers. */
export const GLOCK_MOONRISE = pair(glockItem, 694);
export const FIXTURE_ITEMS = [AK_CASE_HARDENED, KARAMBIT_RUBY, KARAMBIT_PHASE_1, GLOCK_MOONRISE];

export const GUIDE_ID = "3094412345";
export const SYSTEM_ID = "blue-gem";

const fixtureGuide = guide({
  platform_id: GUIDE_ID,
  title: "Example: AK-47 Case Hardened blue gem tiers",
  updated: "2024-03-01T18:20:00",
  posted: "2023-11-02T09:00:00",
  snapshot: { path: `examples/${GUIDE_ID}.html`, retrieved_at: "2024-03-05T10:00:00+00:00", sha256: "0".repeat(64) },
  notes: "Example data written for the edge tests; not a transcription of a real guide.",
  discrepancies: [{ kind: "duplicate_seed", seed: 151, where: [`${SYSTEM_ID}:t1`, `${SYSTEM_ID}:t2`], note: "151 is listed in Tier 1 and Tier 2" }],
  systems: [
    system({
      id: SYSTEM_ID,
      label: "Blue gem",
      paint_indexes: [44],
      gradings: [
        { seed: 661, level: "t1", quote: "661, 151", evidence: "text", position: 0 },
        { seed: 151, level: "t1", quote: "661, 151", evidence: "text", position: 1 },
        { seed: 151, level: "t2", quote: "151  and 321", evidence: "text", position: 0 },
        { seed: 321, level: "t2", quote: "151  and 321", evidence: "text", position: 1 },
      ],
    }),
  ],
});

export const FIXTURE_DATASET: Dataset = { items: [akItem, glockItem, karambitItem], guides: [fixtureGuide] };

export interface DistFixtureOptions {
  datasetVersion?: string;
  generation?: string;
  /** Whether the build has its description document and reference page (as every real build does); true by default. */
  documents?: boolean;
  /** The dataset to build; the literal one of this file by default. */
  dataset?: Dataset;
  /** Whether the build writes the folder's own server, serve.mjs, as `npm run build` does; false by default (only the mirror's tests run it). */
  server?: boolean;
}

export interface DistFixture {
  /** The dist folder (holds manifest.json). */
  dir: string;
  manifest: Manifest;
  /** The `data` of every file holding one response (not the dump nor the seed packs), by path relative to the generation folder. */
  readonly files: Map<string, unknown>;
  /** Runs the same build again with `--verify`: every file read back, what differs repaired, the manifest committed again. */
  verify(): Promise<EmitReport>;
  /** Deletes the whole dist folder. */
  remove(): Promise<void>;
}

/** Every one-response file of the fixture build in memory: its `data`, keyed by file path. */
export function fixtureFiles(datasetVersion: string, dataset: Dataset = FIXTURE_DATASET): Map<string, unknown> {
  const files = new Map<string, unknown>();
  for (const file of buildFiles(dataset, datasetVersion)) {
    if (file.path !== DUMP_FILE && file.path.endsWith(".json")) files.set(file.path, JSON.parse(Buffer.from(file.body).toString("utf8")));
  }
  return files;
}

// The page bundles depend only on files no test changes, and a test worker writes some dozens of
// fixtures: made once per worker (esbuild's synchronous build starts a process each time).
let bundles: { redoc: ReturnType<typeof readRedocBundle>; explorer: ReturnType<typeof readExplorerBundle> } | undefined;
const pageBundles = () => (bundles ??= { redoc: readRedocBundle(), explorer: readExplorerBundle() });
let serverBundle: Promise<string> | undefined;

/** Writes a build into `dir` (a new temporary folder by default), as the generator does: the manifest last, by rename. */
export async function writeDistFixture(dir?: string, options: DistFixtureOptions = {}): Promise<DistFixture> {
  const root = dir ?? (await mkdtemp(join(tmpdir(), "edge-dist-")));
  const datasetVersion = options.datasetVersion ?? "fixture-v1";
  const dataset = options.dataset ?? FIXTURE_DATASET;
  const documents = options.documents === false ? undefined : documentsOf(pageBundles().redoc, pageBundles().explorer);
  const draft: ManifestDraft = { format: MANIFEST_FORMAT, dataset_version: datasetVersion, generation: options.generation ?? `g-${datasetVersion}`, topics: [] };
  if (documents) draft.docs = documents.folder;
  const server = options.server ? await (serverBundle ??= bundleServer()) : undefined;
  const build = (readBack: boolean) =>
    emitBuild({ outDir: root, manifest: draft, steps: [filesStep(buildFiles(dataset, datasetVersion)), changelogStep(datasetVersion, draft.generation)], documents, server, readBack });
  await build(false);
  const manifest = JSON.parse(await readFile(join(root, MANIFEST_FILE), "utf8")) as Manifest;
  let files: Map<string, unknown> | undefined;
  return {
    dir: root,
    manifest,
    // Derived again only when a test asks (few do).
    get files() {
      return (files ??= fixtureFiles(datasetVersion, dataset));
    },
    verify: () => build(true),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** The manifest a build commits for a generation already written in `dir`: the draft with its serving index's fingerprint. */
export function committedManifestOf(dir: string, draft: Omit<ManifestDraft, "format">): Manifest {
  const index = readFileSync(join(dir, draft.generation, SERVING_INDEX_FILE));
  return { format: MANIFEST_FORMAT, ...draft, index: fingerprint(SERVING_INDEX_FILE, index) };
}

/**
 * Makes what a test wrote into a build's generation part of the build, as if the build had written it:
 * the serving index written afresh from the files on disk and the manifest committed with its fingerprint.
 */
export async function indexAfresh(dir: string, manifest: Manifest): Promise<Manifest> {
  const generationDir = join(dir, manifest.generation);
  const prints = new Map<string, string>();
  for (const entry of await readdir(generationDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = relativePath(generationDir, join(entry.parentPath, entry.name)).split(sep).join("/");
    if (relative !== SERVING_INDEX_FILE) prints.set(relative, fingerprint(relative, await readFile(join(generationDir, relative))));
  }
  const committed = { ...manifest, index: await writeServingIndex(generationDir, prints) };
  await commitManifest(dir, committed);
  return committed;
}
