import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildFiles, manifestOf, topicsOf } from "../../../generator/derive/index.ts";
import { guideSchema } from "../../../generator/schema/guide.ts";
import {
  dumpResponseSchema,
  itemMenuSchema,
  metaResponseSchema,
  patternsResponseSchema,
  resolveResponseSchema,
  seedResponseSchema,
} from "../../../generator/schema/responses.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const files = new Map([...buildFiles(tinyDataset, "vT")].map((file) => [file.path, file.body]));
const text = (path: string) => {
  const body = files.get(path);
  if (body === undefined) throw new Error(`no file ${path}`);
  return typeof body === "string" ? body : Buffer.from(body).toString("utf8");
};

// Which response schema each file of the route table must satisfy.
const schemaFor = (path: string) =>
  /\/seeds\/\d+\.json$/.test(path) ? seedResponseSchema
  : path.endsWith("/patterns.json") ? patternsResponseSchema
  : /^v1\/items\//.test(path) ? itemMenuSchema
  : path.startsWith("v1/guides/") ? guideSchema
  : path.startsWith("v1/resolve/") ? resolveResponseSchema
  : path === "v1/meta.json" ? metaResponseSchema
  : null;

describe("the files of a build", () => {
  it("every per-response file is the data of its response, valid against the spec's shape", () => {
    let checked = 0;
    for (const path of files.keys()) {
      const schema = schemaFor(path);
      if (!schema) continue;
      expect(() => schema.parse(JSON.parse(text(path))), path).not.toThrow();
      checked++;
    }
    expect(checked).toBe(files.size - 2);
  });

  it("the dump is one complete envelope with every pair and every guide, and its gzip holds the same bytes", () => {
    const dump = JSON.parse(text("v1/dump.json"));
    expect(dump.dataset_version).toBe("vT");
    const data = dumpResponseSchema.parse(dump.data);
    expect(data.items).toHaveLength(4);
    expect(data.guides.map((g) => g.platform_id)).toEqual(["30", "200", "4000"]);
    expect(gunzipSync(files.get("v1/dump.json.gz") as Uint8Array).toString("utf8")).toBe(text("v1/dump.json"));
  });

  it("each guide in the dump is exactly what the guide endpoint returns", () => {
    const dump = JSON.parse(text("v1/dump.json"));
    for (const guide of dump.data.guides) expect(JSON.stringify(guide)).toBe(text(`v1/guides/${guide.platform_id}.json`));
  });

  it("a guide file keeps the stored document unchanged, key order included", () => {
    expect(text("v1/guides/200.json")).toBe(JSON.stringify(tinyDataset.guides.find((g) => g.platform_id === "200")));
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
