import { describe, expect, it } from "vitest";
import { parseRequest } from "../../../contract/routes.ts";

const read = (path: string) => parseRequest(path, new URLSearchParams());

describe("the two indexes of an item pair", () => {
  it("are digits only: anything else after them is malformed (422)", () => {
    expect(read("/items/7x/44")).toEqual({ ok: false, error: { status: 422, code: "bad_request", message: 'def_index must be a non-negative integer, got "7x"' } });
    expect(read("/items/7/44x/patterns")).toEqual({ ok: false, error: { status: 422, code: "bad_request", message: 'paint_index must be a non-negative integer, got "44x"' } });
  });

  it("too long to name an item are unknown (404), named by their digits without leading zeros only", () => {
    expect(read("/items/10000000007/44")).toEqual({ ok: false, error: { status: 404, code: "not_found", message: "no item has def_index 10000000007 and paint_index 44" } });
    expect(read("/items/7/0010000000044")).toEqual({ ok: false, error: { status: 404, code: "not_found", message: "no item has def_index 7 and paint_index 10000000044" } });
    expect(read("/items/000000000000/44").ok).toBe(true);
  });
});
