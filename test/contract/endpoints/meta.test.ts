import { describe, expect, it } from "vitest";
import { notFoundMessage, pathFor } from "../../../contract/routes.ts";

describe("GET /v1/meta", () => {
  it("is asked for by its bare path", () => {
    expect(pathFor({ name: "meta" })).toBe("/v1/meta");
  });

  it("words a build without its file", () => {
    expect(notFoundMessage({ name: "meta" })).toBe("no metadata is loaded");
  });
});
