import { describe, expect, it } from "vitest";
import { MAX_ALIAS_LENGTH } from "../../../contract/parameters.ts";
import { fileFor, parseRequest, pathFor } from "../../../contract/routes.ts";

const read = (query: Record<string, string>) => parseRequest("/resolve", new URLSearchParams(query));

describe("GET /v1/resolve", () => {
  it("reads a slug as its alias key, and a market hash name through the name key of its stem (its letters and digits)", () => {
    expect(read({ slug: "ak-47-case-hardened" })).toEqual({ ok: true, route: { name: "resolve", aliasKey: "ak-47-case-hardened", by: "slug" } });
    expect(read({ market_hash_name: "★ StatTrak™ Karambit | Doppler (Factory New)" })).toEqual({ ok: true, route: { name: "resolve", aliasKey: "karambitdoppler", by: "market_hash_name" } });
    expect(fileFor({ name: "resolve", aliasKey: "karambit-doppler", by: "slug" }, { topics: [] })).toBe("v1/resolve/karambit-doppler.json");
    expect(fileFor({ name: "resolve", aliasKey: "karambitdoppler", by: "market_hash_name" }, { topics: [] })).toBe("v1/resolve/names/karambitdoppler.json");
    expect(pathFor({ name: "resolve", aliasKey: "karambit-doppler", by: "slug" })).toBe("/v1/resolve?slug=karambit-doppler");
    expect(pathFor({ name: "resolve", aliasKey: "karambitdoppler", by: "market_hash_name" })).toBe("/v1/resolve?market_hash_name=karambitdoppler");
  });

  it("takes names of up to 200 characters, and says which parameter is longer", () => {
    expect(read({ slug: "a".repeat(MAX_ALIAS_LENGTH) }).ok).toBe(true);
    expect(read({ slug: "a".repeat(MAX_ALIAS_LENGTH + 1) })).toEqual({ ok: false, error: { status: 422, code: "bad_request", message: "slug is longer than 200 characters" } });
    // Within the length, a name of stars alone strips to no alias at all: unknown, not too long.
    expect(read({ market_hash_name: "★".repeat(MAX_ALIAS_LENGTH) })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(read({ market_hash_name: "★".repeat(MAX_ALIAS_LENGTH + 1) })).toEqual({ ok: false, error: { status: 422, code: "bad_request", message: "market_hash_name is longer than 200 characters" } });
  });

  it("asks for one of the two names when neither is sent, and words an alias no item can have", () => {
    expect(read({})).toEqual({ ok: false, error: { status: 400, code: "bad_request", message: "send slug or market_hash_name" } });
    expect(read({ slug: "AK" })).toEqual({ ok: false, error: { status: 404, code: "not_found", message: 'no item has the alias "AK"' } });
  });
});
