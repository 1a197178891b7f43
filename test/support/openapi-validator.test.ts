// The helper that holds every HTTP test's responses to the description document must itself refuse
// what the document does not describe.

import { describe, expect, it } from "vitest";
import { assertMatchesDescription } from "./openapi-validator.ts";

const json = "application/json; charset=utf-8";
const meta = { dataset_version: "v", loaded_at: "2024-01-01T00:00:00+00:00", counts: { items: 1, guides: 1, aliases: 1, systems: 1, gradings: 1 } };

describe("checking a response against the description document", () => {
  it("accepts a body that matches the schema declared for its path and status", () => {
    const location = assertMatchesDescription({ method: "GET", target: "/v1/meta", status: 200, contentType: json, body: JSON.stringify({ dataset_version: "v", data: meta }) });
    expect(location).toBe("paths//v1/meta/get/responses/200/content/application/json/schema");
  });

  it("refuses a body missing a required field", () => {
    expect(() =>
      assertMatchesDescription({ method: "GET", target: "/v1/meta", status: 200, contentType: json, body: JSON.stringify({ dataset_version: "v", data: {} }) }),
    ).toThrow(/must have required property 'loaded_at'/);
  });

  it("refuses a status the document does not declare for that endpoint", () => {
    expect(() => assertMatchesDescription({ method: "GET", target: "/v1/meta", status: 422, contentType: json, body: "{}" })).toThrow(/422 is not declared/);
  });

  it("refuses an error code outside the document's list", () => {
    const body = JSON.stringify({ dataset_version: "v", error: { code: "teapot", message: "m" } });
    expect(() => assertMatchesDescription({ method: "GET", target: "/v1/items/1/2", status: 404, contentType: json, body })).toThrow(/allowed values/);
  });

  it("refuses an error code that is not the one the document gives that status", () => {
    const body = JSON.stringify({ dataset_version: "v", error: { code: "bad_request", message: "m" } });
    expect(() => assertMatchesDescription({ method: "GET", target: "/v1/items/1/2", status: 404, contentType: json, body })).toThrow(/must be equal to constant/);
  });

  it("holds unknown paths to the error envelope", () => {
    expect(() => assertMatchesDescription({ method: "GET", target: "/v2/meta", status: 200, contentType: json, body: "{}" })).toThrow(/undescribed path/);
  });
});
