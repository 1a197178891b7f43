// Every status and error code of every endpoint, against the local server and a fixture build.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AK_CASE_HARDENED, GLOCK_MOONRISE, GUIDE_ID, KARAMBIT_PHASE_1, KARAMBIT_RUBY, SYSTEM_ID, writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
let server: RunningServer;
const VERSION = "fixture-v1";

beforeAll(async () => {
  // Seed files for the seeds the tests ask for (of 0..1000: a seed file the build lacks would be a 404 here).
  fixture = await writeDistFixture(undefined, { datasetVersion: VERSION });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
});
afterAll(async () => {
  await server.close();
  await fixture.remove();
});

async function expectError(path: string, status: number, code: string) {
  const response = await server.request(path);
  expect(response.status, path).toBe(status);
  const body = response.json();
  expect(body, path).toEqual({ dataset_version: VERSION, error: { code, message: expect.any(String) } });
  expect(body.error.message.length, path).toBeGreaterThan(0);
}

async function expectData(path: string) {
  const response = await server.request(path);
  expect(response.status, path).toBe(200);
  const body = response.json();
  expect(Object.keys(body), path).toEqual(["dataset_version", "data"]);
  expect(body.dataset_version).toBe(VERSION);
  return body.data;
}

describe("GET /v1/items/{def_index}/{paint_index}", () => {
  it("a known item answers its identity and the menu of guides", async () => {
    const data = await expectData("/v1/items/7/44");
    expect(data.item).toEqual(AK_CASE_HARDENED);
    expect(data.guides.map((guide: { platform_id: string }) => guide.platform_id)).toEqual([GUIDE_ID]);
  });
  it("a known item that no guide covers answers 200 with an empty guide list", async () => {
    const data = await expectData(`/v1/items/${GLOCK_MOONRISE.def_index}/${GLOCK_MOONRISE.paint_index}`);
    expect(data).toEqual({ item: GLOCK_MOONRISE, guides: [] });
  });
  it("any topic filter answers 200 with no guides while every system's topic is null", async () => {
    const data = await expectData("/v1/items/7/44?topic=fade");
    expect(data.guides).toEqual([]);
  });
  it("an empty topic is a topic no system carries: every guide is dropped", async () => {
    const data = await expectData("/v1/items/7/44?topic=");
    expect(data.guides).toEqual([]);
  });
  it("an unknown def_index is 404 not_found", () => expectError("/v1/items/9999/44", 404, "not_found"));
  it("a paint_index the item does not have is 404 not_found", () => expectError("/v1/items/7/45", 404, "not_found"));
  it("a def_index too long to be any item is 404 not_found", () => expectError("/v1/items/12345678901/44", 404, "not_found"));
  it("a non-numeric def_index is 422 bad_request", () => expectError("/v1/items/ak47/44", 422, "bad_request"));
  it("a non-numeric paint_index is 422 bad_request", () => expectError("/v1/items/7/x44", 422, "bad_request"));
  it("a negative def_index is 422 bad_request", () => expectError("/v1/items/-7/44", 422, "bad_request"));
  it("a fractional paint_index is 422 bad_request", () => expectError("/v1/items/7/44.0", 422, "bad_request"));
});

describe("GET /v1/items/{def_index}/{paint_index}/seeds/{seed}", () => {
  it("a seed graded twice in one guide gives two verdicts", async () => {
    const data = await expectData("/v1/items/7/44/seeds/151");
    expect(data.item).toEqual({ def_index: 7, paint_index: 44, slug: AK_CASE_HARDENED.slug });
    expect(data.seed).toBe(151);
    expect(data.verdicts.map((verdict: { level: { key: string } }) => verdict.level.key)).toEqual(["t1", "t2"]);
    expect(data.not_listed).toEqual([]);
  });
  it("a seed no guide grades answers 200 with no verdicts and every covering system not listed", async () => {
    const data = await expectData("/v1/items/7/44/seeds/500");
    expect(data.verdicts).toEqual([]);
    expect(data.not_listed).toEqual([{ platform_id: GUIDE_ID, system: SYSTEM_ID }]);
  });
  it("seeds 0 and 1000 are in range", async () => {
    expect((await expectData("/v1/items/7/44/seeds/0")).seed).toBe(0);
    expect((await expectData("/v1/items/7/44/seeds/1000")).seed).toBe(1000);
  });
  it("seed 1001 is 422 bad_request", () => expectError("/v1/items/7/44/seeds/1001", 422, "bad_request"));
  it("seed -1 is 422 bad_request", () => expectError("/v1/items/7/44/seeds/-1", 422, "bad_request"));
  it("a non-numeric seed is 422 bad_request", () => expectError("/v1/items/7/44/seeds/abc", 422, "bad_request"));
  it("a huge seed is 422 bad_request", () => expectError("/v1/items/7/44/seeds/99999999999999999999", 422, "bad_request"));
  it("a seed of an unknown item is 404 not_found", () => expectError("/v1/items/7/45/seeds/151", 404, "not_found"));
  it("a non-numeric def_index on the seed endpoint is 422 bad_request", () => expectError("/v1/items/x/44/seeds/1", 422, "bad_request"));
});

describe("GET /v1/items/{def_index}/{paint_index}/patterns", () => {
  it("patterns list every graded seed keyed by seed", async () => {
    const data = await expectData("/v1/items/7/44/patterns");
    expect(Object.keys(data.seeds).sort()).toEqual(["151", "321", "661"]);
    expect(data.seeds["151"]).toHaveLength(2);
  });
  it("a known item with no guide has no patterns", async () => {
    const data = await expectData(`/v1/items/${GLOCK_MOONRISE.def_index}/${GLOCK_MOONRISE.paint_index}/patterns`);
    expect(data.seeds).toEqual({});
  });
  it("patterns of an unknown item are 404 not_found", () => expectError("/v1/items/1/1/patterns", 404, "not_found"));
  it("patterns with a non-numeric paint_index are 422 bad_request", () => expectError("/v1/items/7/x/patterns", 422, "bad_request"));
});

describe("GET /v1/guides/{platform_id}", () => {
  it("a known guide answers the full guide document", async () => {
    const data = await expectData(`/v1/guides/${GUIDE_ID}`);
    expect(data.platform_id).toBe(GUIDE_ID);
    expect(data.systems.map((system: { id: string }) => system.id)).toEqual([SYSTEM_ID]);
  });
  it("a known system of a known guide narrows the document to it", async () => {
    const data = await expectData(`/v1/guides/${GUIDE_ID}?system=${SYSTEM_ID}`);
    expect(data.systems).toHaveLength(1);
    expect(data.discrepancies).toHaveLength(1);
  });
  it("an unknown platform_id is 404 not_found", () => expectError("/v1/guides/1", 404, "not_found"));
  it("a platform_id that is not digits is 404 not_found", () => expectError("/v1/guides/abc", 404, "not_found"));
  it("an unknown system of a known guide is 404 not_found", () => expectError(`/v1/guides/${GUIDE_ID}?system=fade`, 404, "not_found"));
  it("a system id that could never exist is 404 not_found", () => expectError(`/v1/guides/${GUIDE_ID}?system=..%2F..`, 404, "not_found"));
});

describe("GET /v1/resolve", () => {
  it("a slug resolves to every item that carries it, one per paint index", async () => {
    const data = await expectData("/v1/resolve?slug=karambit-doppler");
    expect(data.items).toEqual([KARAMBIT_RUBY, KARAMBIT_PHASE_1]);
  });
  for (const name of [
    "★ StatTrak™ Karambit | Doppler (Factory New)",
    "★ Karambit | Doppler (Minimal Wear)",
    "★ Karambit | Doppler",
    "Karambit | Doppler",
    "karambit | doppler (field-tested)",
    "★  StatTrak™   Karambit  |  Doppler  (Battle-Scarred)",
  ]) {
    it(`the market hash name "${name}" resolves to the Karambit Doppler items`, async () => {
      const data = await expectData(`/v1/resolve?market_hash_name=${encodeURIComponent(name)}`);
      expect(data.items).toEqual([KARAMBIT_RUBY, KARAMBIT_PHASE_1]);
    });
  }
  it("a market hash name with spaces sent as '+' resolves too", async () => {
    const data = await expectData("/v1/resolve?market_hash_name=StatTrak%E2%84%A2+AK-47+%7C+Case+Hardened+(Well-Worn)");
    expect(data.items).toEqual([AK_CASE_HARDENED]);
  });
  it("Souvenir market hash names resolve to their stem", async () => {
    const data = await expectData(`/v1/resolve?market_hash_name=${encodeURIComponent("Souvenir AK-47 | Case Hardened (Factory New)")}`);
    expect(data.items).toEqual([AK_CASE_HARDENED]);
  });
  it("with both parameters the slug wins", async () => {
    const data = await expectData(`/v1/resolve?slug=ak-47-case-hardened&market_hash_name=${encodeURIComponent("★ Karambit | Doppler")}`);
    expect(data.items).toEqual([AK_CASE_HARDENED]);
  });
  it("with both parameters an unknown slug is 404 even when the market hash name is known", () =>
    expectError(`/v1/resolve?slug=no-such-item&market_hash_name=${encodeURIComponent("★ Karambit | Doppler")}`, 404, "not_found"));
  it("with both parameters an over-long market hash name is ignored", async () => {
    const data = await expectData(`/v1/resolve?slug=ak-47-case-hardened&market_hash_name=${"x".repeat(201)}`);
    expect(data.items).toEqual([AK_CASE_HARDENED]);
  });
  it("neither parameter is 400 bad_request", () => expectError("/v1/resolve", 400, "bad_request"));
  it("an empty slug is sent: it wins over market_hash_name and resolves to nothing, 404", () =>
    expectError(`/v1/resolve?slug=&market_hash_name=${encodeURIComponent("★ Karambit | Doppler")}`, 404, "not_found"));
  it("an empty system on a known guide is 404 not_found", () => expectError(`/v1/guides/${GUIDE_ID}?system=`, 404, "not_found"));
  it("a seed written with leading zeros is the same seed", async () => {
    expect((await expectData("/v1/items/7/44/seeds/00661")).seed).toBe(661);
  });
  it("a non-numeric seed is 422 even when the def_index is too long to be an item", () =>
    expectError("/v1/items/99999999999/44/seeds/abc", 422, "bad_request"));
  it("a malformed percent-escape in a numeric parameter is 422 bad_request", () => expectError("/v1/items/%FF/44", 422, "bad_request"));
  it("an unrelated parameter alone is 400 bad_request", () => expectError("/v1/resolve?name=karambit-doppler", 400, "bad_request"));
  it("a slug over 200 characters is 422 bad_request", () => expectError(`/v1/resolve?slug=${"a".repeat(201)}`, 422, "bad_request"));
  it("a market hash name over 200 characters is 422 bad_request", () =>
    expectError(`/v1/resolve?market_hash_name=${"a".repeat(201)}`, 422, "bad_request"));
  it("a slug of exactly 200 characters is checked, not refused: 404 when unknown", () =>
    expectError(`/v1/resolve?slug=${"a".repeat(200)}`, 404, "not_found"));
  it("an unknown slug is 404 not_found", () => expectError("/v1/resolve?slug=karambit-fade", 404, "not_found"));
  it("an unknown market hash name is 404 not_found", () =>
    expectError(`/v1/resolve?market_hash_name=${encodeURIComponent("★ Karambit | Fade (Factory New)")}`, 404, "not_found"));
  it("a slug with capitals or spaces is 404 not_found", () => expectError("/v1/resolve?slug=Karambit%20Doppler", 404, "not_found"));
});

describe("GET /v1/meta", () => {
  it("meta answers the dataset version and integer counts", async () => {
    const data = await expectData("/v1/meta");
    expect(data.dataset_version).toBe(VERSION);
    expect(Object.values(data.counts).every(Number.isInteger)).toBe(true);
  });
});

describe("unknown paths", () => {
  for (const path of ["/v1/nope", "/v1", "/v1/", "/v1/items", "/v1/items/7", "/v1/items/7/44/extra", "/v1/items/7/44/seeds", "/v1/meta/", "/v1/guides", "/V1/meta"]) {
    it(`${path} is 404 not_found in the envelope`, () => expectError(path, 404, "not_found"));
  }
  it("a path outside /v1 is 404 not_found in the envelope", () => expectError("/favicon.ico", 404, "not_found"));
  it("the build's raw files are not served by their own paths", async () => {
    await expectError(`/${fixture.manifest.generation}/v1/meta.json`, 404, "not_found");
    await expectError("/manifest.json", 404, "not_found");
  });
});
