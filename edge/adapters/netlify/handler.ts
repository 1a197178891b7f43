// The Netlify adapter: the edge core inside a Netlify edge function (Deno), entered like every
// adapter through `core.handle` with a plain request converted from the web one. Edge functions cannot
// read files, so the build's files are fetched with subrequests that continue down Netlify's chain
// to the static files of the deploy (`context.next(new Request(url))`), and every answer is a
// fresh Response carrying the core's headers (a plain rewrite would serve the file's own headers).
// The manifest is fetched the same way, once per isolate: a deploy is immutable, and a new deploy
// starts new isolates.

import type { ByteCacheOptions } from "../../byte-cache.ts";
import { OWN_READS } from "../../build-reader.ts";
import { createCore, type AssetSource } from "../../core.ts";
import type { RateLimitOptions } from "../../rate-limit.ts";
import { assetBytesOf, deployedManifest, edgeRequestOf, webResponseOf } from "../web.ts";

/** The part of Netlify's edge function context this adapter uses. */
export interface NetlifyContext {
  /** The client's IP address. */
  ip?: string;
  next(request: Request): Promise<Response>;
}

interface Scope {
  request: Request;
  context: NetlifyContext;
}

export interface NetlifyHandlerOptions {
  rateLimit?: RateLimitOptions | false;
  cache?: ByteCacheOptions | false;
  /** Where failures are told (Netlify's function log by default). */
  log?: (message: string, error: unknown) => void;
}

/**
 * Edge isolates share 512 MB between every function of a deploy: a smaller cache than the Node
 * server's. As on Workers, every answer not in memory costs one subrequest whatever its size, so
 * answers of 16 KiB or more (patterns answers, the dump) are kept in a quarter of it, where they never
 * take the room of the seed answers of about 1 KB.
 */
const NETLIFY_CACHE: ByteCacheOptions = {
  maxBytes: 64 * 1024 * 1024,
  maxEntryBytes: 8 * 1024 * 1024,
  maxEntries: 50_000,
  large: { fromBytes: 16 * 1024, maxBytes: 16 * 1024 * 1024 },
};

/** A file of the deploy, by a subrequest to the static files; 404 means it does not exist. */
const fetchAsset: AssetSource<Scope> = async (path, { request, context }) =>
  // Paths come from `fileFor` (contract/routes.ts): plain segments of [A-Za-z0-9._-], nothing to escape.
  assetBytesOf(path, await context.next(new Request(new URL(`/${path}`, request.url), { headers: { "accept-encoding": "identity" } })));

export function createNetlifyHandler(options: NetlifyHandlerOptions = {}) {
  const log = options.log ?? ((message: string, error: unknown) => console.error(message, error));
  const manifest = deployedManifest(fetchAsset, log);
  const core = createCore<Scope>({
    manifest: manifest.current,
    assets: fetchAsset,
    rateLimit: options.rateLimit,
    cache: options.cache ?? NETLIFY_CACHE,
    // Each request reads for itself, as on Workers: an isolate serves many requests, and none
    // should hang on a read another one started.
    reads: OWN_READS,
    onError: (error) => log("internal error:", error),
  });

  return async (request: Request, context: NetlifyContext): Promise<Response> => {
    const scope = { request, context };
    await manifest.ensure(scope);
    return webResponseOf(await core.handle(edgeRequestOf(request, context.ip ?? ""), scope), request.method);
  };
}
