import { describe, expect, it } from "vitest";
import { notFoundMessage, parseRequest } from "../../../contract/routes.ts";

describe("GET /v1/items/{def_index}/{paint_index}/seeds/{seed}", () => {
  it("says what a seed must be and echoes what was sent", () => {
    expect(parseRequest("/items/7/44/seeds/1001", new URLSearchParams())).toEqual({ ok: false, error: { status: 422, code: "bad_request", message: 'seed must be an integer from 0 to 1000, got "1001"' } });
  });

  it("words a seed of an unknown pair as the pair unknown", () => {
    expect(notFoundMessage({ name: "seed", defIndex: 7, paintIndex: 45, seed: 661 })).toBe("no item has def_index 7 and paint_index 45");
  });
});
