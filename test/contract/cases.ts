// The one list of HTTP cases every adapter runs (contract.ts runs them): status and error codes of
// every endpoint, the envelope, ETag and conditional requests, CORS, caching headers, methods,
// the documents, the changelog and the limits. A case sees a base URL and the fixture build only.

import { gunzipSync } from "node:zlib";
import { expect } from "vitest";
import { AK_CASE_HARDENED, GLOCK_MOONRISE, GUIDE_ID, KARAMBIT_PHASE_1, KARAMBIT_RUBY, SYSTEM_ID } from "../support/dist-fixture.ts";
import { expectCors, expectData, expectEnveloped, expectError, sendMany, type Api, type ContractCase } from "./contract.ts";

const error = (name: string, path: string, status: number, code: string): ContractCase => ({ name, run: (api) => expectError(api, path, status, code).then(() => {}) });

const items: ContractCase[] = [
  {
    name: "a known item answers its identity and the menu of guides",
    async run(api) {
      const data = await expectData(api, "/v1/items/7/44");
      expect(data.item).toEqual(AK_CASE_HARDENED);
      expect(data.guides.map((guide: { platform_id: string }) => guide.platform_id)).toEqual([GUIDE_ID]);
    },
  },
  {
    name: "a known item that no guide covers answers 200 with an empty guide list",
    async run(api) {
      expect(await expectData(api, `/v1/items/${GLOCK_MOONRISE.def_index}/${GLOCK_MOONRISE.paint_index}`)).toEqual({ item: GLOCK_MOONRISE, guides: [] });
    },
  },
  {
    name: "any topic filter, the empty one too, answers 200 with no guides while every system's topic is null",
    async run(api) {
      expect((await expectData(api, "/v1/items/7/44?topic=fade")).guides).toEqual([]);
      expect((await expectData(api, "/v1/items/7/44?topic=")).guides).toEqual([]);
    },
  },
  {
    name: "the data of a response is the build's, unchanged",
    async run(api) {
      expect(await expectData(api, "/v1/items/7/44")).toEqual(api.fixture.files.get("v1/items/7/44.json"));
    },
  },
  error("an unknown def_index is 404 not_found", "/v1/items/9999/44", 404, "not_found"),
  error("a paint_index the item does not have is 404 not_found", "/v1/items/7/45", 404, "not_found"),
  error("a def_index too long to be any item is 404 not_found", "/v1/items/12345678901/44", 404, "not_found"),
  error("a non-numeric def_index is 422 bad_request", "/v1/items/ak47/44", 422, "bad_request"),
  error("a non-numeric paint_index is 422 bad_request", "/v1/items/7/x44", 422, "bad_request"),
  error("a negative def_index is 422 bad_request", "/v1/items/-7/44", 422, "bad_request"),
  error("a fractional paint_index is 422 bad_request", "/v1/items/7/44.0", 422, "bad_request"),
  error("a malformed percent-escape in a numeric parameter is 422 bad_request", "/v1/items/%FF/44", 422, "bad_request"),
];

const seeds: ContractCase[] = [
  {
    name: "a seed graded twice in one guide gives two verdicts",
    async run(api) {
      const data = await expectData(api, "/v1/items/7/44/seeds/151");
      expect(data.item).toEqual({ def_index: 7, paint_index: 44, slug: AK_CASE_HARDENED.slug });
      expect(data.seed).toBe(151);
      expect(data.verdicts.map((verdict: { level: { key: string; label: string } }) => [verdict.level.key, verdict.level.label])).toEqual([
        ["t1", "Tier 1"],
        ["t2", "Tier 2"],
      ]);
      expect(data.not_listed).toEqual([]);
    },
  },
  {
    name: "a seed no guide grades answers 200 with no verdicts and every covering system not listed",
    async run(api) {
      const data = await expectData(api, "/v1/items/7/44/seeds/500");
      expect(data.verdicts).toEqual([]);
      expect(data.not_listed).toEqual([{ platform_id: GUIDE_ID, system: SYSTEM_ID }]);
    },
  },
  {
    name: "seeds 0, 1 and 1000 are in range",
    async run(api) {
      for (const seed of [0, 1, 1000]) expect((await expectData(api, `/v1/items/7/44/seeds/${seed}`)).seed).toBe(seed);
    },
  },
  {
    name: "a seed written with leading zeros is the same seed",
    async run(api) {
      expect((await expectData(api, "/v1/items/7/44/seeds/00661")).seed).toBe(661);
    },
  },
  error("seed 1001 is 422 bad_request", "/v1/items/7/44/seeds/1001", 422, "bad_request"),
  error("seed -1 is 422 bad_request", "/v1/items/7/44/seeds/-1", 422, "bad_request"),
  error("a non-numeric seed is 422 bad_request", "/v1/items/7/44/seeds/abc", 422, "bad_request"),
  error("a huge seed is 422 bad_request", "/v1/items/7/44/seeds/99999999999999999999", 422, "bad_request"),
  error("a non-numeric seed is 422 even when the def_index is too long to be an item", "/v1/items/99999999999/44/seeds/abc", 422, "bad_request"),
  error("a seed of an unknown item is 404 not_found", "/v1/items/7/45/seeds/151", 404, "not_found"),
  error("a non-numeric def_index on the seed endpoint is 422 bad_request", "/v1/items/x/44/seeds/1", 422, "bad_request"),
];

const patterns: ContractCase[] = [
  {
    name: "patterns list every graded seed keyed by seed",
    async run(api) {
      const data = await expectData(api, "/v1/items/7/44/patterns");
      expect(Object.keys(data.seeds).sort()).toEqual(["151", "321", "661"]);
      expect(data.seeds["151"]).toHaveLength(2);
    },
  },
  {
    name: "a known item with no guide has no patterns",
    async run(api) {
      expect((await expectData(api, `/v1/items/${GLOCK_MOONRISE.def_index}/${GLOCK_MOONRISE.paint_index}/patterns`)).seeds).toEqual({});
    },
  },
  error("patterns of an unknown item are 404 not_found", "/v1/items/1/1/patterns", 404, "not_found"),
  error("patterns with a non-numeric paint_index are 422 bad_request", "/v1/items/7/x/patterns", 422, "bad_request"),
];

const guides: ContractCase[] = [
  {
    name: "a known guide answers the full guide document",
    async run(api) {
      const data = await expectData(api, `/v1/guides/${GUIDE_ID}`);
      expect(data.platform_id).toBe(GUIDE_ID);
      expect(data.systems.map((system: { id: string }) => system.id)).toEqual([SYSTEM_ID]);
    },
  },
  {
    name: "a known system of a known guide narrows the systems to it and keeps every other field whole",
    async run(api) {
      const data = await expectData(api, `/v1/guides/${GUIDE_ID}?system=${SYSTEM_ID}`);
      expect(data.systems.map((system: { id: string }) => system.id)).toEqual([SYSTEM_ID]);
      expect(data.discrepancies).toHaveLength(1);
    },
  },
  error("an unknown platform_id is 404 not_found", "/v1/guides/1", 404, "not_found"),
  error("a platform_id that is not digits is 404 not_found", "/v1/guides/abc", 404, "not_found"),
  error("an unknown system of a known guide is 404 not_found", `/v1/guides/${GUIDE_ID}?system=fade`, 404, "not_found"),
  error("an empty system on a known guide is 404 not_found", `/v1/guides/${GUIDE_ID}?system=`, 404, "not_found"),
  error("a system id that could never exist is 404 not_found", `/v1/guides/${GUIDE_ID}?system=..%2F..`, 404, "not_found"),
];

const KARAMBIT_DOPPLER = "★ Karambit | Doppler";
const resolve: ContractCase[] = [
  {
    name: "a slug resolves to every item that carries it, one per paint index",
    async run(api) {
      expect((await expectData(api, "/v1/resolve?slug=karambit-doppler")).items).toEqual([KARAMBIT_RUBY, KARAMBIT_PHASE_1]);
    },
  },
  {
    name: "a market hash name resolves with or without star, StatTrak, wear, capitals or extra spaces",
    async run(api) {
      for (const name of [
        "★ StatTrak™ Karambit | Doppler (Factory New)",
        "★ Karambit | Doppler (Minimal Wear)",
        KARAMBIT_DOPPLER,
        "Karambit | Doppler",
        "karambit | doppler (field-tested)",
        "★  StatTrak™   Karambit  |  Doppler  (Battle-Scarred)",
      ]) {
        expect((await expectData(api, `/v1/resolve?market_hash_name=${encodeURIComponent(name)}`)).items, name).toEqual([KARAMBIT_RUBY, KARAMBIT_PHASE_1]);
      }
    },
  },
  {
    name: "a market hash name with spaces sent as '+' resolves too",
    async run(api) {
      const data = await expectData(api, "/v1/resolve?market_hash_name=StatTrak%E2%84%A2+AK-47+%7C+Case+Hardened+(Well-Worn)");
      expect(data.items).toEqual([AK_CASE_HARDENED]);
    },
  },
  {
    name: "a Souvenir market hash name resolves to its stem",
    async run(api) {
      const data = await expectData(api, `/v1/resolve?market_hash_name=${encodeURIComponent("Souvenir AK-47 | Case Hardened (Factory New)")}`);
      expect(data.items).toEqual([AK_CASE_HARDENED]);
    },
  },
  {
    name: "with both parameters the slug wins, and an over-long market hash name beside it is ignored",
    async run(api) {
      expect((await expectData(api, `/v1/resolve?slug=ak-47-case-hardened&market_hash_name=${encodeURIComponent(KARAMBIT_DOPPLER)}`)).items).toEqual([AK_CASE_HARDENED]);
      expect((await expectData(api, `/v1/resolve?slug=ak-47-case-hardened&market_hash_name=${"x".repeat(201)}`)).items).toEqual([AK_CASE_HARDENED]);
    },
  },
  error("with both parameters an unknown slug is 404 even when the market hash name is known", `/v1/resolve?slug=no-such-item&market_hash_name=${encodeURIComponent(KARAMBIT_DOPPLER)}`, 404, "not_found"),
  error("an empty slug wins over market_hash_name and resolves to nothing: 404", `/v1/resolve?slug=&market_hash_name=${encodeURIComponent(KARAMBIT_DOPPLER)}`, 404, "not_found"),
  error("neither parameter is 400 bad_request", "/v1/resolve", 400, "bad_request"),
  error("an unrelated parameter alone is 400 bad_request", "/v1/resolve?name=karambit-doppler", 400, "bad_request"),
  error("a slug over 200 characters is 422 bad_request", `/v1/resolve?slug=${"a".repeat(201)}`, 422, "bad_request"),
  error("a market hash name over 200 characters is 422 bad_request", `/v1/resolve?market_hash_name=${"a".repeat(201)}`, 422, "bad_request"),
  error("a slug of exactly 200 characters is checked, not refused: 404 when unknown", `/v1/resolve?slug=${"a".repeat(200)}`, 404, "not_found"),
  error("an unknown slug is 404 not_found", "/v1/resolve?slug=karambit-fade", 404, "not_found"),
  error("an unknown market hash name is 404 not_found", `/v1/resolve?market_hash_name=${encodeURIComponent("★ Karambit | Fade (Factory New)")}`, 404, "not_found"),
  error("a slug with capitals or spaces is 404 not_found", "/v1/resolve?slug=Karambit%20Doppler", 404, "not_found"),
];

const meta: ContractCase[] = [
  {
    name: "meta answers the dataset version and integer counts",
    async run(api) {
      const data = await expectData(api, "/v1/meta");
      expect(data.dataset_version).toBe(api.version);
      expect(Object.values(data.counts).every(Number.isInteger)).toBe(true);
    },
  },
];

const unknownPaths: ContractCase[] = [
  ...["/v1/nope", "/v1", "/v1/", "/v1/items", "/v1/items/7", "/v1/items/7/44/extra", "/v1/items/7/44/seeds", "/v1/meta/", "/v1/guides"].map((path) =>
    error(`${path} is 404 not_found in the envelope`, path, 404, "not_found"),
  ),
  {
    name: "a path outside the API and the build's own files (the manifest, a generation's files, a chunk of a seeds pack) are 404 not_found in the envelope, never served as they are",
    async run(api) {
      const generation = api.fixture.manifest.generation;
      for (const path of ["/nowhere", "/manifest.json", `/${generation}/v1/meta.json`, `/${generation}/v1/items/7/44/seeds/0.pack`, "/.assetsignore"]) {
        expectCors(await expectError(api, path, 404, "not_found"), path);
      }
    },
  },
];

const dump: ContractCase[] = [
  {
    name: "the dump is the whole dataset in the envelope, public for an hour, varying on Accept-Encoding even when plain",
    async run(api) {
      const response = await api.request("/v1/dump");
      expect(response.status).toBe(200);
      expectEnveloped(api, response, "dump");
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["cache-control"]).toBe("public, max-age=3600");
      const body = response.json();
      expect(body.dataset_version).toBe(api.version);
      expect(body.data.items).toHaveLength(4);
      expect(body.data.guides.map((guide: { platform_id: string }) => guide.platform_id)).toEqual([GUIDE_ID]);
    },
  },
  {
    name: "a client that refuses gzip (gzip;q=0) gets the plain dump",
    async run(api) {
      const response = await api.request("/v1/dump", { headers: { "accept-encoding": "gzip;q=0, identity" } });
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.json().dataset_version).toBe(api.version);
    },
  },
  {
    name: "a client that accepts gzip gets the gzip-encoded dump, the same document as the plain one, with its length",
    needs: "clientAcceptEncoding",
    async run(api) {
      const plain = await api.request("/v1/dump");
      const gzip = await api.request("/v1/dump", { headers: { "accept-encoding": "gzip, deflate, br" } });
      expect(gzip.status).toBe(200);
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.headers.vary).toBe("Accept-Encoding");
      expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    },
  },
  {
    name: "a wildcard Accept-Encoding gets the gzip dump",
    needs: "clientAcceptEncoding",
    async run(api) {
      expect((await api.request("/v1/dump", { headers: { "accept-encoding": "*" } })).headers["content-encoding"]).toBe("gzip");
    },
  },
  {
    name: "the dump answers a matching If-None-Match with 304, keeping Vary and its Cache-Control",
    async run(api) {
      const response = await api.request("/v1/dump", { headers: { "if-none-match": api.etag, "accept-encoding": "gzip" } });
      expect(response.status).toBe(304);
      expect(response.body.length).toBe(0);
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["cache-control"]).toBe("public, max-age=3600");
      expectCors(response, "304");
    },
  },
];

const health: ContractCase[] = [
  {
    name: "health answers 200 with a bare status ok, no dataset_version, never cached, with CORS",
    async run(api) {
      const response = await api.request("/health");
      expect(response.status).toBe(200);
      expect(response.json()).toEqual({ status: "ok" });
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["access-control-allow-origin"]).toBe("*");
    },
  },
  {
    name: "health is never answered 304",
    async run(api) {
      expect((await api.request("/health", { headers: { "if-none-match": "*" } })).status).toBe(200);
    },
  },
];

const conditional: ContractCase[] = [
  {
    name: "If-None-Match equal to the ETag gets 304 with no body, keeping the ETag, CORS and Cache-Control of the 200",
    async run(api) {
      const full = await api.request("/v1/items/7/44/seeds/661");
      const notModified = await api.request("/v1/items/7/44/seeds/661", { headers: { "if-none-match": api.etag } });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(api.etag);
      expect(notModified.headers["cache-control"]).toBe(full.headers["cache-control"]);
      expectCors(notModified, "304");
    },
  },
  {
    name: "a weak If-None-Match gets 304",
    async run(api) {
      expect((await api.request("/v1/items/7/44", { headers: { "if-none-match": `W/${api.etag}` } })).status).toBe(304);
    },
  },
  {
    name: "an If-None-Match list that contains the ETag gets 304",
    async run(api) {
      expect((await api.request("/v1/items/7/44", { headers: { "if-none-match": `"old", ${api.etag}` } })).status).toBe(304);
    },
  },
  {
    name: "If-None-Match * gets 304",
    async run(api) {
      expect((await api.request("/v1/items/7/44/patterns", { headers: { "if-none-match": "*" } })).status).toBe(304);
    },
  },
  {
    name: "an If-None-Match of another version gets the full 200",
    async run(api) {
      await expectData(api, "/v1/items/7/44", { headers: { "if-none-match": '"older-version"' } });
    },
  },
  {
    name: "an error is never turned into a 304, strong or weak If-None-Match alike",
    async run(api) {
      const ifNoneMatch = { headers: { "if-none-match": api.etag } };
      await expectError(api, "/v1/items/1/1", 404, "not_found", ifNoneMatch);
      await expectError(api, "/v1/resolve", 400, "bad_request", ifNoneMatch);
      await expectError(api, "/v1/items/7/44/seeds/1001", 422, "bad_request", { headers: { "if-none-match": `W/${api.etag}` } });
    },
  },
];

const corsAndCaching: ContractCase[] = [
  {
    name: "an answer to a request with an Origin header allows any origin and does not vary on it",
    async run(api) {
      await expectData(api, "/v1/resolve?slug=karambit-doppler", { headers: { origin: "https://example.org" } });
      await expectError(api, "/v1/unknown", 404, "not_found", { headers: { origin: "https://example.org" } });
    },
  },
  {
    name: "a preflight is answered 204 allowing GET and the If-None-Match header, with the ETag",
    async run(api) {
      const response = await api.request("/v1/items/7/44", {
        method: "OPTIONS",
        headers: { origin: "https://example.org", "access-control-request-method": "GET", "access-control-request-headers": "if-none-match" },
      });
      expect(response.status).toBe(204);
      expect(response.body.length).toBe(0);
      expect(response.headers["access-control-allow-methods"]).toContain("GET");
      expect(response.headers["access-control-allow-headers"]).toMatch(/if-none-match/i);
      expect(Number(response.headers["access-control-max-age"])).toBeGreaterThan(0);
      expect(response.headers.etag).toBe(api.etag);
      expectCors(response, "OPTIONS");
    },
  },
  {
    name: "a preflight to an unknown path under /v1 is still answered 204",
    async run(api) {
      expect((await api.request("/v1/unknown", { method: "OPTIONS" })).status).toBe(204);
    },
  },
  {
    name: "data responses carry a short public Cache-Control, and shared caches keep them 10 minutes",
    async run(api) {
      const value = (await api.request("/v1/meta")).headers["cache-control"] ?? "";
      expect(value).toMatch(/^public, max-age=\d+/);
      expect(Number(/max-age=(\d+)/.exec(value)?.[1])).toBeLessThanOrEqual(600);
      expect(value).toContain("s-maxage=600");
    },
  },
  {
    name: "a 404 carries a short public Cache-Control",
    async run(api) {
      expect((await expectError(api, "/v1/items/1/1", 404, "not_found")).headers["cache-control"]).toMatch(/^public, max-age=\d+/);
    },
  },
];

const methods: ContractCase[] = [
  ...["POST", "PUT", "DELETE", "PATCH", "PROPFIND", "QUERY"].map(
    (method): ContractCase => ({
      name: `${method} is refused with 405, an Allow header and the error envelope`,
      async run(api) {
        const response = await expectError(api, "/v1/items/7/44", 405, "bad_request", { method });
        expect(response.headers.allow).toBe("GET, HEAD, OPTIONS");
      },
    }),
  ),
  {
    name: "HEAD answers like GET without a body, announcing GET's length or none",
    async run(api) {
      const [head, get] = [await api.request("/v1/items/7/44", { method: "HEAD" }), await api.request("/v1/items/7/44")];
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers.etag).toBe(api.etag);
      if (head.headers["content-length"] !== undefined) expect(Number(head.headers["content-length"])).toBe(get.body.length);
      expectCors(head, "HEAD");
    },
  },
  {
    name: "HEAD of an unknown item is 404 without a body",
    async run(api) {
      const head = await api.request("/v1/items/1/1", { method: "HEAD" });
      expect(head.status).toBe(404);
      expect(head.body.length).toBe(0);
    },
  },
];

const docsEtag = (api: Api) => `"${api.fixture.manifest.docs}"`;
const documents: ContractCase[] = [
  {
    name: "the description document is OpenAPI 3.1, version 1.0.0, describing every endpoint, with its own ETag and CORS",
    async run(api) {
      const response = await api.request("/openapi.json");
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.headers.etag).toBe(docsEtag(api));
      expect(response.headers["cache-control"]).toBe("public, max-age=60, s-maxage=600");
      expectCors(response, "openapi.json");
      const document = response.json();
      expect(document.openapi).toBe("3.1.0");
      expect(document.info.version).toBe("1.0.0");
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/v1/meta", "/health", "/openapi.json"]));
    },
  },
  {
    name: "the description document answers its matching If-None-Match with 304",
    async run(api) {
      const again = await api.request("/openapi.json", { headers: { "if-none-match": docsEtag(api) } });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    },
  },
  {
    name: "the reference page has its getting-started and a policy that forbids requests elsewhere",
    async run(api) {
      const response = await api.request("/docs/");
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(response.text).toContain("Getting started");
      expect(response.text).toContain("/v1/resolve?market_hash_name=");
      expect(response.text).not.toMatch(/<(script|link|img)[^>]+(src|href)="https?:/);
    },
  },
  {
    name: "/docs without its slash redirects to docs/, relative to wherever the API root is",
    needs: "redirectsToClient",
    async run(api) {
      const response = await api.request("/docs");
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe("docs/");
    },
  },
  {
    name: "HEAD of the reference page answers its headers without its body",
    async run(api) {
      const response = await api.request("/docs/", { method: "HEAD" });
      expect(response.status).toBe(200);
      expect(response.body.length).toBe(0);
    },
  },
  {
    name: "the explorer is at the root, with the documents' ETag and a policy that allows its own origin only, whatever the query",
    async run(api) {
      const plain = await api.request("/");
      expect(plain.status).toBe(200);
      expect(plain.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(plain.headers["content-security-policy"]).toContain("default-src 'none'; script-src 'self'");
      expect(plain.headers.etag).toBe(docsEtag(api));
      expect(plain.text).toContain("<title>Pattern-Seed Guides Explorer</title>");
      const deep = await api.request("/?item=7-44&seed=661");
      expect(deep.status).toBe(200);
      expect(deep.text).toBe(plain.text);
    },
  },
  {
    name: "the explorer's script, style sheet and icon are served with their types",
    async run(api) {
      for (const [path, type] of [
        ["/explorer.js", "text/javascript; charset=utf-8"],
        ["/explorer.css", "text/css; charset=utf-8"],
        ["/explorer.svg", "image/svg+xml"],
      ] as const) {
        const response = await api.request(path);
        expect(response.status, path).toBe(200);
        expect(response.headers["content-type"], path).toBe(type);
        expect(response.headers["x-content-type-options"], path).toBe("nosniff");
        expect(response.body.length, path).toBeGreaterThan(0);
      }
    },
  },
  {
    name: "the explorer answers its matching If-None-Match with 304",
    async run(api) {
      expect((await api.request("/", { headers: { "if-none-match": docsEtag(api) } })).status).toBe(304);
    },
  },
];

const changes: ContractCase[] = [
  {
    name: "the changelog of the serving build is at /changes/latest.json and under its version, with the data headers",
    async run(api) {
      const latest = await api.request("/changes/latest.json");
      expect(latest.status).toBe(200);
      expect(latest.json()).toMatchObject({ from: null, to: api.version });
      expect(latest.headers.etag).toBe(api.etag);
      expect(latest.headers["cache-control"]).toBe("public, max-age=60, s-maxage=600");
      expectCors(latest, "changes");
      const byVersion = await api.request(`/changes/${api.version}.json`);
      expect(byVersion.text).toBe(latest.text);
    },
  },
  {
    name: "the changelog revalidates with the dataset ETag",
    async run(api) {
      expect((await api.request("/changes/latest.json", { headers: { "if-none-match": api.etag } })).status).toBe(304);
    },
  },
  {
    name: "the changelog of a version not served is 404 not_found, pointing to the latest",
    async run(api) {
      const older = await expectError(api, "/changes/older.json", 404, "not_found");
      expect(older.json().error.message).toContain("/changes/latest.json");
    },
  },
];

/** The limits' numbers, as the description document states them. */
const BURST = 170;
const APP = 1000;
const limits: ContractCase[] = [
  {
    name: "a client's 171st request within 10 seconds is refused at the edge with a plain 429 and no CORS headers",
    needs: "exactBurstCount",
    ownServer: true,
    async run(api) {
      const allowed = await sendMany(api, "/v1/meta", BURST);
      expect(allowed.filter((response) => response.status !== 200)).toEqual([]);
      const blocked = await api.request("/v1/meta", { headers: { origin: "https://example.org" } });
      expect(blocked.status).toBe(429);
      expect(blocked.headers["access-control-allow-origin"]).toBeUndefined();
      expect(blocked.headers["access-control-expose-headers"]).toBeUndefined();
      expect(() => blocked.json()).toThrow();
    },
  },
  {
    // One case, not two: each case with a server of its own starts one (a workerd, for the Worker).
    name: "health is never counted by the edge burst limit, and a client past it is blocked on every path under /v1, preflight included, while health still answers",
    needs: "edgeBurstLimit",
    ownServer: true,
    async run(api) {
      const health = await sendMany(api, "/health", BURST + 10);
      expect(new Set(health.map((response) => response.status))).toEqual(new Set([200]));
      await expectData(api, "/v1/meta");
      // Until the first refusal: a limiter that counts in fixed windows may let a window turn first.
      let sent = 1;
      let refused = false;
      while (!refused && sent <= 2 * BURST + 1) {
        const answers = await sendMany(api, "/v1/meta", 20);
        sent += answers.length;
        refused = answers.some((response) => response.status === 429);
      }
      expect(refused, `no refusal in ${sent} requests`).toBe(true);
      expect(sent).toBeGreaterThan(BURST);
      for (const [path, method] of [
        ["/v1/items/7/44", "GET"],
        ["/v1/meta", "OPTIONS"],
      ] as const) {
        const response = await api.request(path, { method });
        expect(response.status, `${method} ${path}`).toBe(429);
        expect(response.headers["access-control-allow-origin"], `${method} ${path}`).toBeUndefined();
      }
      expect((await api.request("/health")).status).toBe(200);
    },
  },
  {
    name: "past the app limit a client gets 429 rate_limited in the envelope, with Retry-After, ETag, CORS and no-store, and no 304",
    needs: "appLimitAlone",
    ownServer: true,
    async run(api) {
      const allowed = await sendMany(api, "/v1/meta", APP, 50);
      expect(allowed.filter((response) => response.status !== 200)).toEqual([]);
      const limited = await expectError(api, "/v1/meta", 429, "rate_limited", { headers: { origin: "https://example.org", "if-none-match": api.etag } });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect(limited.headers["cache-control"]).toBe("no-store");
      expect((await api.request("/health")).status).toBe(200);
    },
  },
];

export const CASES: readonly ContractCase[] = [
  ...items,
  ...seeds,
  ...patterns,
  ...guides,
  ...resolve,
  ...meta,
  ...unknownPaths,
  ...dump,
  ...health,
  ...conditional,
  ...corsAndCaching,
  ...methods,
  ...documents,
  ...changes,
  ...limits,
];
