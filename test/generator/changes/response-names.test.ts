// Naming a build's responses by the request each answers, from what the build holds; a file no route
// names is named by its path. Snapshots written here: one example guide, one alias of one pair.

import { describe, expect, it } from "vitest";
import type { BuildSnapshot } from "../../../generator/changes/compare.ts";
import { requestsOf, responseNames } from "../../../generator/changes/response-names.ts";
import { guide, system } from "../../../generator/example-data.ts";
import { fileFor } from "../../../contract/routes.ts";

const part = <T>(value: T) => ({ print: "p", read: () => value });
const item = { def_index: 7, paint_index: 44, slug: "ak-47-case-hardened", weapon: "AK-47", finish: "Case Hardened", paint_label: "", star: false } as never;
const build: BuildSnapshot = {
  datasetVersion: "vA",
  guides: new Map([["200", part(guide({ platform_id: "200", systems: [system({ id: "blue", topic: "gems" })] }))]]),
  slugs: new Map([["ak-47-case-hardened", part([item])]]),
};
const file = (route: Parameters<typeof fileFor>[0]) => fileFor(route, { topics: ["gems"] });

describe("naming responses by their requests", () => {
  it("names a file by its route's request and a pack's entry by its own", () => {
    expect(
      requestsOf(build, [
        { file: file({ name: "seed", defIndex: 7, paintIndex: 44, seed: 0 }), entry: 661 },
        { file: file({ name: "item", defIndex: 7, paintIndex: 44, topic: "gems" }), entry: null },
        { file: file({ name: "guide", platformId: "200", system: "blue" }), entry: null },
        { file: file({ name: "meta" }), entry: null },
      ]),
    ).toEqual(["/v1/items/7/44/seeds/661", "/v1/items/7/44?topic=gems", "/v1/guides/200?system=blue", "/v1/meta"]);
  });

  it("names a file no route of the build names by its path, an entry with its index", () => {
    expect(requestsOf(build, [{ file: "v1/items/9/9/seeds.pack", entry: 3 }, { file: "v1/stray.json", entry: null }])).toEqual(["v1/items/9/9/seeds.pack#3", "v1/stray.json"]);
  });

  it("names the removed responses from the earlier build, the others from the later", () => {
    const later: BuildSnapshot = { ...build, guides: new Map() };
    const guideFile = { file: file({ name: "guide", platformId: "200", system: null }), entry: null };
    expect(responseNames(build, later, { changed: [], added: [], removed: [guideFile] }).removed).toEqual(["/v1/guides/200"]);
    expect(responseNames(build, later, { changed: [guideFile], added: [], removed: [] }).changed).toEqual([guideFile.file]);
  });

  it("names an alias's file by the resolve request of its slug, and its market hash name's by that", () => {
    expect(
      requestsOf(build, [
        { file: file({ name: "resolve", aliasKey: "ak-47-case-hardened", by: "slug" }), entry: null },
        { file: file({ name: "resolve", aliasKey: "ak47casehardened", by: "market_hash_name" }), entry: null },
      ]),
    ).toEqual(["/v1/resolve?slug=ak-47-case-hardened", "/v1/resolve?market_hash_name=ak47casehardened"]);
  });

  it("names an entry of a file the build holds whole by the file's path and the entry's index", () => {
    const guideFile = file({ name: "guide", platformId: "200", system: null });
    expect(requestsOf(build, [{ file: guideFile, entry: 3 }])).toEqual([`${guideFile}#3`]);
  });

  it("naming no responses reads nothing of the build", () => {
    const reads: string[] = [];
    const watched: BuildSnapshot = {
      datasetVersion: "vA",
      guides: new Map([["200", { print: "p", read: () => (reads.push("guide 200"), build.guides.get("200")!.read()) }]]),
      slugs: new Map([["ak-47-case-hardened", { print: "p", read: () => (reads.push("slug ak-47-case-hardened"), [item]) }]]),
    };
    expect(responseNames(watched, watched, { changed: [], added: [], removed: [] })).toEqual({ changed: [], added: [], removed: [] });
    expect(reads).toEqual([]);
  });
});
