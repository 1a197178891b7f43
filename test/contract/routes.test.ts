import { describe, expect, it } from "vitest";
import { fileFor, notFoundMessage, packEntryOf, parseRequest, storedEncodingOf, type Parsed } from "../../contract/routes.ts";

const parse = (target: string): Parsed => {
  const url = new URL(target, "http://localhost");
  return parseRequest(url.pathname.replace(/^\/v1/, ""), url.searchParams);
};
const fileOf = (target: string, topics: string[] = []) => {
  const parsed = parse(target);
  if (!parsed.ok) throw new Error(`${target}: ${parsed.error.message}`);
  return fileFor(parsed.route, { topics });
};
const errorOf = (target: string) => {
  const parsed = parse(target);
  return parsed.ok ? null : [parsed.error.status, parsed.error.code];
};

describe("the routes of the registrations", () => {
  it.each([
    ["/v1/items/7/44", "v1/items/7/44.json"],
    ["/v1/items/007/044", "v1/items/7/44.json"],
    // Leading zeros are not digits of the index: ten or more of them still name item 7/44.
    ["/v1/items/0000000007/00000000044", "v1/items/7/44.json"],
    ["/v1/items/7/44/seeds/0", "v1/items/7/44/seeds.pack"],
    ["/v1/items/7/44/seeds/1000", "v1/items/7/44/seeds.pack"],
    ["/v1/items/7/44/patterns", "v1/items/7/44/patterns.json"],
    ["/v1/items/7/44?topic=anything", "v1/items/7/44/topics/_none.json"],
    ["/v1/guides/900000001", "v1/guides/900000001.json"],
    ["/v1/guides/900000001?system=blue_gem", "v1/guides/900000001/systems/blue_gem.json"],
    ["/v1/resolve?slug=karambit-doppler", "v1/resolve/karambit-doppler.json"],
    // A market hash name is looked up by its letters and digits, in a folder of its own.
    ["/v1/resolve?market_hash_name=%E2%98%85%20Karambit%20%7C%20Doppler%20(Factory%20New)", "v1/resolve/names/karambitdoppler.json"],
    ["/v1/resolve?market_hash_name=AK47%20%7C%20Case%20Hardened", "v1/resolve/names/ak47casehardened.json"],
    ["/v1/resolve?slug=ak-47-case-hardened&market_hash_name=x", "v1/resolve/ak-47-case-hardened.json"],
    // ★ + U+FE0F, a zero-width space and fullwidth letters, as copied from a page or a chat.
    ["/v1/resolve?market_hash_name=%E2%98%85%EF%B8%8F%20StatTrak%E2%84%A2%20Kara%E2%80%8Bmbit%20%7C%20%EF%BC%A4oppler", "v1/resolve/names/karambitdoppler.json"],
    // A slug is exact: its letters and digits alone are no slug.
    ["/v1/resolve?slug=ak47casehardened", "v1/resolve/ak47casehardened.json"],
    ["/v1/meta", "v1/meta.json"],
    ["/v1/dump", "v1/dump.json.gz"],
  ])("%s is answered by %s", (target, file) => {
    expect(fileOf(target)).toBe(file);
  });

  it("a 404 names what is missing: the item, the guide, the guide's system or the alias", () => {
    expect(notFoundMessage({ name: "patterns", defIndex: 7, paintIndex: 45 })).toBe("no item has def_index 7 and paint_index 45");
    expect(notFoundMessage({ name: "guide", platformId: "200", system: null })).toBe('no guide has platform_id "200"');
    expect(notFoundMessage({ name: "guide", platformId: "200", system: "gold" })).toBe('guide "200" has no system "gold"');
    expect(notFoundMessage({ name: "resolve", aliasKey: "awp-dragon-lore", by: "slug" })).toBe('no item has the alias "awp-dragon-lore"');
    expect(notFoundMessage({ name: "resolve", aliasKey: "awpdragonlore", by: "market_hash_name" })).toBe('no item\'s market hash name reads "awpdragonlore" (compared by its letters and digits)');
    // A system id no system could have is answered before any file is looked for, in the same words.
    expect(parseRequest("/guides/200", new URLSearchParams("system=Gold!"))).toEqual({ ok: false, error: { status: 404, code: "not_found", message: 'guide "200" has no system "Gold!"' } });
  });

  it("an index too long to name an item is not found, named as sent without its leading zeros", () => {
    const parsed = parseRequest("/items/00012345678901/44", new URLSearchParams());
    expect(parsed).toEqual({ ok: false, error: { status: 404, code: "not_found", message: "no item has def_index 12345678901 and paint_index 44" } });
  });

  it("a topic in the vocabulary has its own file, hex-escaped outside [a-z0-9-]", () => {
    expect(fileOf("/v1/items/7/44?topic=colour_blue", ["colour_blue"])).toBe("v1/items/7/44/topics/colour_5fblue.json");
    expect(fileOf("/v1/items/7/44?topic=_none", ["_none"])).toBe("v1/items/7/44/topics/_5fnone.json");
  });

  it.each([
    ["/v1/resolve", 400, "bad_request"],
    ["/v1/resolve?market_hash_name=", 404, "not_found"],
    [`/v1/resolve?slug=${"a".repeat(201)}`, 422, "bad_request"],
    [`/v1/resolve?market_hash_name=${"★".repeat(201)}`, 422, "bad_request"],
    [`/v1/resolve?slug=ak-47-case-hardened&market_hash_name=${"a".repeat(201)}`, null, null],
    ["/v1/resolve?slug=AK-47-Case-Hardened", 404, "not_found"],
    ["/v1/items/ak/44", 422, "bad_request"],
    ["/v1/items/7/-44", 422, "bad_request"],
    ["/v1/items/7/44/seeds/1001", 422, "bad_request"],
    ["/v1/items/7/44/seeds/-1", 422, "bad_request"],
    ["/v1/items/7/44/seeds/1.5", 422, "bad_request"],
    ["/v1/items/12345678901/44", 404, "not_found"],
    ["/v1/items/12345678901/44/seeds/x", 422, "bad_request"],
    ["/v1/items/7/44/", 404, "not_found"],
    ["/v1/items/7/44/seeds", 404, "not_found"],
    ["/v1/items/7/44/other", 404, "not_found"],
    ["/v1/guides/abc", 404, "not_found"],
    ["/v1/guides/1?system=", 404, "not_found"],
    ["/v1/guides/1?system=..%2F..%2Fmanifest", 404, "not_found"],
    ["/v1/guides/%2e%2e", 404, "not_found"],
    ["/v1/", 404, "not_found"],
    ["/v1/unknown", 404, "not_found"],
  ])("%s is %s %s", (target, status, code) => {
    expect(errorOf(target)).toEqual(status === null ? null : [status, code]);
  });

  it("only the dump is stored encoded: gzip", () => {
    const routeOf = (target: string) => {
      const parsed = parse(target);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.route;
    };
    expect(fileOf("/v1/dump")).toBe("v1/dump.json.gz");
    expect(storedEncodingOf(routeOf("/v1/dump"))).toBe("gzip");
    for (const target of ["/v1/meta", "/v1/items/7/44", "/v1/items/7/44/seeds/1", "/v1/items/7/44/patterns", "/v1/guides/1", "/v1/resolve?slug=a"]) {
      expect(storedEncodingOf(routeOf(target)), target).toBeNull();
    }
  });

  it("every seed of a pair is an entry of the pair's one pack, entry i for seed i", () => {
    for (const seed of [0, 1, 661, 1000]) {
      const parsed = parse(`/v1/items/7/44/seeds/${seed}`);
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(fileFor(parsed.route, { topics: [] })).toBe("v1/items/7/44/seeds.pack");
      expect(packEntryOf(parsed.route)).toEqual({ index: seed, count: 1001 });
    }
    const patterns = parse("/v1/items/7/44/patterns");
    expect(patterns.ok && packEntryOf(patterns.route)).toBeNull();
  });

  it("no request can name a path outside the registrations' own shapes", () => {
    const hostile = ["/v1/guides/..%2F..%2Fetc%2Fpasswd", "/v1/resolve?slug=..%2Fmanifest", "/v1/items/7/44?topic=..%2F..%2Fx", "/v1/guides/1%00"];
    for (const target of hostile) {
      const parsed = parse(target);
      if (parsed.ok) expect(fileFor(parsed.route, { topics: [] })).toMatch(/^v1\/[a-z0-9_/.-]+\.json$/);
      if (parsed.ok) expect(fileFor(parsed.route, { topics: [] })).not.toContain("..");
    }
  });
});
