import { describe, expect, it } from "vitest";
import { parseRequest } from "../../../contract/routes.ts";

describe("GET /v1/items/{def_index}/{paint_index}/seeds/{seed}", () => {
  it("says what a seed must be and echoes what was sent", () => {
    expect(parseRequest("/items/7/44/seeds/1001", new URLSearchParams())).toEqual({ ok: false, error: { status: 422, code: "bad_request", message: 'seed must be an integer from 0 to 1000, got "1001"' } });
  });
});
