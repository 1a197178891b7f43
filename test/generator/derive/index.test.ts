import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../../contract/endpoints/index.ts";
import { SEEDS_PER_PACK } from "../../../contract/endpoints/seed.ts";
import { entriesOf } from "../../../contract/pack.ts";
import { CHUNK_STEP, chunkFileOf, chunkOfFile, packChunksOf } from "../../../contract/pack-chunks.ts";
import { fileFor, packEntryOf, parseRequest, pathFor, storedEncodingOf, type Route } from "../../../contract/routes.ts";
import { nameKey } from "../../../contract/market-name.ts";
import { BASE_PATH } from "../../../contract/paths.ts";
import { coverageOf } from "../../../generator/derive/coverage.ts";
import { derivationOf } from "../../../generator/derive/derivations.ts";
import { buildFiles, derivationUnits, manifestOf, responseTo, topicsOf, unitOf } from "../../../generator/derive/index.ts";
import { pairsOf, sortGuides, type Pair } from "../../../generator/derive/order.ts";
import { seedResponses } from "../../../generator/derive/verdicts.ts";
import type { Dataset } from "../../../generator/dataset.ts";
import { dumpResponseSchema } from "../../../contract/schema/responses.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const stored = new Map([...buildFiles(tinyDataset, "vT")].map((file) => [file.path, file.body]));
const DUMP_FILE = fileFor({ name: "dump" }, manifestOf(tinyDataset, "vT"));
/** A file of the build as the name it is known by: a chunk by its pack's name, any other file by its own. */
const storedAs = (path: string) => chunkOfFile(path)?.pack ?? path;
/** Every response of the build by a name of its own: a pack's entry i as `<pack>#i`, whatever chunk holds it; the dump decoded. */
const files = new Map<string, string>();
for (const [path, body] of stored) {
  const bytes = typeof body === "string" ? Buffer.from(body) : Buffer.from(body);
  const chunk = chunkOfFile(path);
  if (chunk !== null) entriesOf(bytes).forEach((entry, at) => files.set(`${chunk.pack}#${chunk.first + at}`, Buffer.from(entry).toString("utf8")));
  else if (path === DUMP_FILE) files.set(path, gunzipSync(bytes).toString("utf8"));
  else files.set(path, bytes.toString("utf8"));
}
const text = (path: string) => {
  const body = files.get(path);
  if (body === undefined) throw new Error(`no response ${path}`);
  return body;
};

describe("the files of a build", () => {
  it("every response of the build is valid against the response schema of its endpoint's derivation", () => {
    const manifest = manifestOf(tinyDataset, "vT");
    const checked = new Set<string>();
    for (const route of [...derivationUnits(tinyDataset, "vT")].flatMap((unit) => [...unit.routes()])) {
      const entry = packEntryOf(route);
      const name = entry === null ? fileFor(route, manifest) : `${fileFor(route, manifest)}#${entry.index}`;
      const body = JSON.parse(text(name));
      // A file stored encoded (the dump's) holds its whole envelope.
      const data = storedEncodingOf(route) === null ? body : body.data;
      expect(() => derivationOf(route.name).schema.parse(data), name).not.toThrow();
      checked.add(name);
    }
    expect(checked.size).toBe(files.size);
  });

  it("a pair's 1,001 seed responses are one pack stored in chunks of consecutive seeds, entry i answering seed i", () => {
    const starts = packChunksOf(stored.keys()).get("v1/items/7/44/seeds.pack")!;
    expect(starts.length).toBeGreaterThan(1);
    const chunks = starts.map((first) => entriesOf(Buffer.from(stored.get(chunkFileOf("v1/items/7/44/seeds.pack", first))!)));
    chunks.forEach((entries, at) => expect(entries).toHaveLength((starts[at + 1] ?? SEEDS_PER_PACK) - starts[at]!));
    const entries = chunks.flat();
    expect(entries).toHaveLength(SEEDS_PER_PACK);
    for (const seed of [0, starts[1]! - 1, starts[1]!, 500, 1000]) expect(JSON.parse(Buffer.from(entries[seed]!).toString("utf8")).seed).toBe(seed);
    for (const first of starts) expect(stored.get(chunkFileOf("v1/items/7/44/seeds.pack", first))!.length).toBeLessThan(CHUNK_STEP + 4096);
    expect(stored.has("v1/items/7/44/seeds.pack")).toBe(false);
  });

  it("the dump is stored only gzip-encoded, one complete envelope with every pair and every guide", () => {
    expect(stored.has("v1/dump.json")).toBe(false);
    const dump = JSON.parse(text("v1/dump.json.gz"));
    expect(dump.dataset_version).toBe("vT");
    const data = dumpResponseSchema.parse(dump.data);
    expect(data.items).toHaveLength(4);
    expect(data.guides.map((g) => g.platform_id)).toEqual(["30", "200", "4000"]);
  });

  it("each guide in the dump is exactly what the guide endpoint returns", () => {
    const dump = JSON.parse(text("v1/dump.json.gz"));
    for (const guide of dump.data.guides) expect(JSON.stringify(guide)).toBe(text(`v1/guides/${guide.platform_id}.json`));
  });

  it("a guide file keeps the stored document unchanged, key order included", () => {
    expect(text("v1/guides/200.json")).toBe(JSON.stringify(tinyDataset.guides.find((g) => g.platform_id === "200")));
  });

  it("a guide's ?system= file holds that one system and every other field of the guide whole", () => {
    const stored = tinyDataset.guides.find((g) => g.platform_id === "30")!;
    const narrowed = JSON.parse(text(fileFor({ name: "guide", platformId: "30", system: "purple" }, manifestOf(tinyDataset, "vT"))));
    expect(narrowed.systems.map((system: { id: string }) => system.id)).toEqual(["purple"]);
    expect({ ...narrowed, systems: stored.systems }).toEqual(stored);
  });

  it("every topic value maps to a file: today the vocabulary is empty and the no-topic file has no guides", () => {
    expect(topicsOf(tinyDataset)).toEqual([]);
    expect(manifestOf(tinyDataset, "vT").topics).toEqual([]);
    expect(JSON.parse(text("v1/items/7/44/topics/_none.json")).guides).toEqual([]);
  });

  it("meta names the same dataset_version as the manifest", () => {
    expect(JSON.parse(text("v1/meta.json")).dataset_version).toBe(manifestOf(tinyDataset, "vT").dataset_version);
  });
});

/** The tiny dataset with two topics on its systems, so the vocabulary is not empty. */
const withTopics: Dataset = {
  ...tinyDataset,
  guides: tinyDataset.guides.map((guide, g) => ({
    ...guide,
    systems: guide.systems.map((system, s) => (g === 0 && s === 0 ? { ...system, topic: "blue_gem" } : g === 1 ? { ...system, topic: "fade" } : system)),
  })),
};

describe("the routes of a build", () => {
  const manifest = manifestOf(withTopics, "vR");
  const units = [...derivationUnits(withTopics, "vR")];
  const routes = units.flatMap((unit) => [...unit.routes()]);
  const built = new Map([...buildFiles(withTopics, "vR")].map((file) => [file.path, file]));

  it("the fixture has topics, so topic files are enumerated", () => {
    expect(manifest.topics).toEqual(["blue_gem", "fade"]);
    expect(routes.filter((route) => route.name === "item" && route.topic !== null).length).toBe(4 * 3);
  });

  it("every route name is enumerated: a build derives each kind of route", () => {
    expect(new Set(routes.map((route) => route.name))).toEqual(new Set(Object.keys(ENDPOINTS)));
  });

  it("every enumerated route's file is in the build (a pack's, as its chunks), and parsing the route's path finds that same file", () => {
    const packs = packChunksOf(built.keys());
    for (const route of routes) {
      const file = fileFor(route, manifest);
      expect(packEntryOf(route) === null ? built.has(file) : packs.has(file), file).toBe(true);
      const url = new URL(pathFor(route), "http://localhost");
      const parsed = parseRequest(url.pathname.slice(BASE_PATH.length), url.searchParams);
      expect(parsed.ok && fileFor(parsed.route, manifest), pathFor(route)).toBe(file);
    }
  });

  it("every file of the build is the file of an enumerated route, written once; a pack's routes are its entries in order", () => {
    const expected: string[] = [];
    for (const route of routes) {
      const file = fileFor(route, manifest);
      const entry = packEntryOf(route);
      if (entry === null || entry.index === 0) expected.push(file);
      if (entry !== null) expect(routes[routes.indexOf(route) - entry.index]).toMatchObject({ name: route.name, seed: 0 });
    }
    expect(new Set(expected).size).toBe(expected.length);
    expect([...new Set([...built.keys()].map(storedAs))].sort()).toEqual([...expected].sort());
  });

  it("a topic outside the vocabulary shares the no-topic file, which lists no guide", () => {
    const outside: Route = { name: "item", defIndex: 7, paintIndex: 44, topic: "no-system-carries-this" };
    expect(fileFor(outside, manifest)).toBe("v1/items/7/44/topics/_none.json");
    const body = built.get(fileFor(outside, manifest))!.body;
    expect(JSON.parse(String(body)).guides).toEqual([]);
    const carried = JSON.parse(String(built.get(fileFor({ ...outside, topic: "fade" }, manifest))!.body));
    expect(carried.guides.length).toBeGreaterThan(0);
    for (const guide of carried.guides) for (const system of guide.systems) expect(system.topic).toBe("fade");
  });

  it("a unit's files are its routes' files (a pack's, its chunks), in the order of its routes, and its paths name them before deriving", () => {
    for (const unit of units) {
      const paths = [...unit.files()].map((file) => storedAs(file.path)).filter((file, at, all) => all[at - 1] !== file);
      const routeFiles = [...unit.routes()].map((route) => fileFor(route, manifest)).filter((file, at, all) => all[at - 1] !== file);
      expect(paths).toEqual(routeFiles);
      expect(unit.paths).toEqual(paths);
    }
  });
});

describe("the order of guides", () => {
  // platform_ids in the dataset's order "4000", "200", "30": neither numeric nor code-unit order.
  const shuffled: Dataset = { ...tinyDataset, guides: [...tinyDataset.guides].sort((a, b) => b.platform_id.length - a.platform_id.length) };
  const ids = (guides: readonly { platform_id: string }[]) => guides.map((guide) => guide.platform_id);

  it("an item's menu lists its guides by platform_id as numbers, whatever order the dataset holds them in", () => {
    expect(ids(shuffled.guides)).toEqual(["4000", "200", "30"]);
    const menu = responseTo(shuffled, "vS", { name: "item", defIndex: 7, paintIndex: 44, topic: null }) as { guides: { platform_id: string }[] };
    expect(ids(menu.guides)).toEqual(["30", "200"]);
  });

  it("a seed's verdicts come guide by guide in platform_id order", () => {
    const seed = responseTo(shuffled, "vS", { name: "seed", defIndex: 7, paintIndex: 44, seed: 661 }) as { verdicts: { guide: { platform_id: string } }[] };
    expect(ids(seed.verdicts.map((verdict) => verdict.guide))).toEqual(["30", "200", "200"]);
  });

  it("the dump holds every guide in platform_id order", () => {
    const dump = [...buildFiles(shuffled, "vS")].find((file) => file.path === fileFor({ name: "dump" }, manifestOf(shuffled, "vS")))!;
    expect(ids(dumpResponseSchema.parse(JSON.parse(gunzipSync(dump.body).toString("utf8")).data).guides)).toEqual(["30", "200", "4000"]);
  });
});

describe("the parts of a build", () => {
  it("each have a key of their own, named for what they are", () => {
    const keys = [...derivationUnits(tinyDataset, "vK")].map((unit) => unit.key);
    expect(keys).toEqual(expect.arrayContaining(["pair 7/44", "pair 507/415", "guide 200", "resolve ak-47-case-hardened", "resolve karambit-doppler", "meta", "dump"]));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gather the topic vocabulary sorted, whatever order the systems carry it in", () => {
    const topics = { ...tinyDataset, guides: tinyDataset.guides.map((guide, g) => ({ ...guide, systems: guide.systems.map((system) => ({ ...system, topic: ["zeta", "alpha", "mid"][g]! })) })) };
    expect(topicsOf(topics)).toEqual(["alpha", "mid", "zeta"]);
  });

  it("answer a route of nothing the dataset holds with no response", () => {
    expect(responseTo(tinyDataset, "vK", { name: "item", defIndex: 7, paintIndex: 415, topic: null })).toBeNull();
    expect(responseTo(tinyDataset, "vK", { name: "item", defIndex: 507, paintIndex: 44, topic: null })).toBeNull();
    expect(responseTo(tinyDataset, "vK", { name: "guide", platformId: "999", system: null })).toBeNull();
    expect(responseTo(tinyDataset, "vK", { name: "resolve", aliasKey: "m4a1-s-example", by: "slug" })).toBeNull();
    expect(responseTo(tinyDataset, "vK", { name: "item", defIndex: 507, paintIndex: 415, topic: null })).toMatchObject({ item: { def_index: 507, paint_index: 415 } });
  });

  it("answer a market hash name's key as the slug whose letters and digits it is, and a key of no slug with no response", () => {
    const bySlug = responseTo(tinyDataset, "vK", { name: "resolve", aliasKey: "karambit-doppler", by: "slug" });
    expect(bySlug).toMatchObject({ items: [{ slug: "karambit-doppler" }, { slug: "karambit-doppler" }, { slug: "karambit-doppler" }] });
    expect(responseTo(tinyDataset, "vK", { name: "resolve", aliasKey: nameKey("karambit-doppler"), by: "market_hash_name" })).toEqual(bySlug);
    expect(responseTo(tinyDataset, "vK", { name: "resolve", aliasKey: nameKey("m4a1-s-example"), by: "market_hash_name" })).toBeNull();
    expect(responseTo(tinyDataset, "vK", { name: "resolve", aliasKey: "karambit-doppler", by: "market_hash_name" })).toBeNull();
  });
});

describe("a part the build could not store", () => {
  const manifest = manifestOf(tinyDataset, "vU");
  const pairs = pairsOf(tinyDataset.items);
  const [ak, karambit] = [pairs.find(({ item }) => item.def_index === 7)!, pairs.find(({ item }) => item.def_index === 507)!];
  const covering = coverageOf(sortGuides(tinyDataset.guides));
  const pairScope = () => ({ pair: ak, covering: covering(ak), seedResponse: seedResponses(ak, covering(ak)) });
  const build = () => ({ dataset: tinyDataset, datasetVersion: "vU", pairs, guides: sortGuides(tinyDataset.guides), aliases: 0 });
  /** The seeds pack's derivation, answering these routes instead of seeds 0..1000 of one pair. */
  const seedsAnswering = (routes: { pair: Pair; seed: number }[]) => ({
    ...derivationOf("seed"),
    unit: "pair" as const,
    routes: () => routes.map(({ pair, seed }) => ({ defIndex: pair.item.def_index, paintIndex: pair.paint.paint_index, seed })),
  });
  const seedsUnit = (routes: { pair: Pair; seed: number }[]) =>
    unitOf({ key: "pair 7/44", inputs: "i", entries: [seedsAnswering(routes)], source: { pair: ak, topics: [] }, scope: pairScope }, manifest);
  const seeds = (pair: Pair, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, at) => ({ pair, seed: from + at }));

  it("a part that is hashed to be reused may not hold a file stored gzip-encoded, which is encoded only after the part is counted", () => {
    const dump = { ...derivationOf("dump"), unit: "build" as const };
    expect(() => unitOf({ key: "dump", inputs: "i", entries: [dump], source: null, scope: build }, manifest)).toThrow(
      "unit dump: a route stored encoded must be derived every build (inputs null)",
    );
    expect(unitOf({ key: "dump", inputs: null, entries: [dump], source: null, scope: build }, manifest).paths).toEqual([fileFor({ name: "dump" }, manifest)]);
  });

  it("a file stored gzip-encoded whose derivation gives a value is stored as one piece, the value's JSON", () => {
    const value = { items: [], guides: [] };
    const dump = { ...derivationOf("dump"), unit: "build" as const, derive: () => value };
    const [file] = [...unitOf({ key: "dump", inputs: null, entries: [dump], source: null, scope: build }, manifest).files()];
    expect(file).toEqual({ path: fileFor({ name: "dump" }, manifest), pieces: [[Buffer.from(JSON.stringify(value))]] });
  });

  it("a pack's entries must come one by one from the first, all of one pack", () => {
    expect(() => [...seedsUnit([{ pair: ak, seed: 1 }, ...seeds(ak, 0, 1000)]).files()]).toThrow("pair 7/44: entry 1 of v1/items/7/44/seeds.pack is out of order");
    expect(() => [...seedsUnit([...seeds(ak, 0, 2), { pair: ak, seed: 4 }]).files()]).toThrow("pair 7/44: entry 4 of v1/items/7/44/seeds.pack is out of order");
    expect(() => [...seedsUnit([...seeds(ak, 0, 2), ...seeds(karambit, 3, 1000)]).files()]).toThrow(
      `pair 7/44: entry 3 of ${fileFor({ name: "seed", defIndex: 507, paintIndex: karambit.paint.paint_index, seed: 3 }, manifest)} is out of order`,
    );
    expect(new Set([...seedsUnit(seeds(ak, 0, 1000)).files()].map((file) => storedAs(file.path)))).toEqual(new Set(["v1/items/7/44/seeds.pack"]));
  });

  it("a pack short of its last entries is refused rather than stored cut", () => {
    expect(() => [...seedsUnit(seeds(ak, 0, 9)).files()]).toThrow("pair 7/44: v1/items/7/44/seeds.pack has 10 of its 1001 entries");
  });
});
