// The description document: the committed copy is what a build serves, it describes every endpoint and error of
// the API reference (docs/README.md), and its examples are valid. Spectral's lint of the committed copy is a
// step of its own in CI (`npm run lint:openapi` in .ci/run), not repeated here: it takes ~10 s to start.

import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../../contract/endpoints/index.ts";
import { COMMITTED_OPENAPI } from "../../../generator/cli/openapi.ts";
import { openApiText } from "../../../generator/docs/documents.ts";
import { EXAMPLE_DATASET } from "../../../generator/openapi/example-dataset.ts";
import { guideSchema } from "../../../contract/schema/guide.ts";
import { itemFileSchema } from "../../../contract/schema/item.ts";
import { isExampleGuideUrl } from "../../../explorer/src/example-data.ts";

const committed = readFileSync(COMMITTED_OPENAPI, "utf8");
const document = JSON.parse(committed);

describe("the description document", () => {
  it("docs/openapi.json is exactly what every build serves (npm run docs:openapi rewrites it)", () => {
    expect(committed === openApiText(), "docs/openapi.json is stale: run npm run docs:openapi").toBe(true);
  });

  it("shows example data only: the example dataset's guides, which say so, on real items", () => {
    for (const item of EXAMPLE_DATASET.items) expect(itemFileSchema.safeParse(item).success, item.slug).toBe(true);
    for (const guide of EXAMPLE_DATASET.guides) {
      expect(guideSchema.safeParse(guide).success, guide.platform_id).toBe(true);
      expect(guide.title, guide.platform_id).toMatch(/^Example/);
      expect(isExampleGuideUrl(guide.url), guide.url).toBe(true);
    }
    const example = document.paths["/v1/guides/{platform_id}"].get.responses["200"].content["application/json"].example;
    expect(EXAMPLE_DATASET.guides.map((guide) => guide.platform_id)).toContain(example.data.platform_id);
  });

  it("is OpenAPI 3.1, version 1.0.0, and describes every registered endpoint, /health, the changelog and itself", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("1.0.0");
    expect(Object.keys(document.paths).sort()).toEqual([...Object.values(ENDPOINTS).map((endpoint) => endpoint.path), "/health", "/changes/{version}.json", "/openapi.json"].sort());
  });

  it("declares every status the API reference gives each endpoint, 304 and 429 included", () => {
    const statuses = (path: string) => Object.keys(document.paths[path].get.responses).sort();
    expect(statuses("/v1/resolve")).toEqual(["200", "304", "400", "404", "422", "429", "503"]);
    expect(statuses("/v1/items/{def_index}/{paint_index}/seeds/{seed}")).toEqual(["200", "304", "404", "422", "429", "503"]);
    expect(statuses("/v1/dump")).toEqual(["200", "304", "429", "503"]);
    expect(statuses("/health")).toEqual(["200", "503"]);
    expect(document.components.schemas.ErrorEnvelope.properties.error.properties.code.enum).toEqual(["bad_request", "not_found", "rate_limited", "internal_error"]);
    const codeOf = (name: string) => document.components.responses[name].content["application/json"].schema.allOf[1].properties.error.properties.code.const;
    expect(["BadRequest", "NotFound", "Unprocessable", "RateLimited", "InternalError"].map(codeOf)).toEqual([
      "bad_request",
      "not_found",
      "bad_request",
      "rate_limited",
      "internal_error",
    ]);
    expect(Object.keys(document.components.responses.RateLimited.headers)).toContain("Retry-After");
  });

  it("declares the seed's range and the aliases' length limit on the parameters", () => {
    expect(document.components.parameters.Seed.schema).toEqual({ type: "integer", minimum: 0, maximum: 1000 });
    expect(document.components.parameters.Slug.schema.maxLength).toBe(200);
    expect(document.components.parameters.MarketHashName.schema.maxLength).toBe(200);
  });

  it("every example is valid against the schema declared beside it", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
    ajv.addSchema(document, "openapi");
    const checked: string[] = [];
    const visit = (node: unknown, at: string[]) => {
      if (node === null || typeof node !== "object") return;
      const object = node as Record<string, unknown>;
      if ("schema" in object && "example" in object) {
        const pointer = `openapi#/${[...at, "schema"].map((s) => s.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
        const validate = ajv.getSchema(pointer)!;
        expect(validate(object.example), `${at.join("/")}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        checked.push(at.join("/"));
      }
      for (const [key, value] of Object.entries(object)) visit(value, [...at, key]);
    };
    visit(document, []);
    expect(checked.length).toBeGreaterThan(20);
  });
});
