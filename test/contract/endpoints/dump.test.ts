import { describe, expect, it } from "vitest";
import { notFoundMessage, pathFor } from "../../../contract/routes.ts";

describe("GET /v1/dump", () => {
  it("is asked for by its bare path", () => {
    expect(pathFor({ name: "dump" })).toBe("/v1/dump");
  });

  it("words a build without its file", () => {
    expect(notFoundMessage({ name: "dump" })).toBe("no dump is built");
  });
});
