// The Cloudflare Workers adapter: the edge core inside a Worker, entered like every adapter through
// `core.handle`. wrangler.jsonc sends every request to the Worker first (`run_worker_first`), and the build's
// files, uploaded as the Worker's static assets, are read through the assets binding, the manifest once per
// isolate: a deploy is immutable, and a new deploy starts new isolates. The edge burst limit is answered here,
// in front of the core, as the platform answers it on Netlify: a plain 429 without CORS headers
// (docs/README.md, "Caching, CORS, limits"). Nothing here may use a Node API; bundle.ts refuses to bundle one.

import type { ByteCacheOptions } from "../../byte-cache.ts";
import { OWN_READS } from "../../build-reader.ts";
import { createCore, type AppLimiter, type AssetSource } from "../../core.ts";
import { ALLOWED, APP_RATE_LIMIT, type RateDecision, type RateLimitOptions } from "../../rate-limit.ts";
import { isBurstLimited } from "../../../contract/paths.ts";
import { blockedAnswer, createBurstLimiter, EDGE_BURST_LIMIT } from "../../burst-limit.ts";
import { assetBytesOf, deployedManifest, edgeRequestOf, webResponseOf } from "../web.ts";
import { bindingAppLimiter, bindingBurstLimiter, type RateLimitBinding } from "./limits.ts";

/** The bindings wrangler.jsonc declares; a limit whose binding is missing is counted in the isolate's memory. */
export interface WorkerEnv {
  ASSETS: { fetch(request: Request): Promise<Response> };
  APP_RATE_LIMIT?: RateLimitBinding;
  BURST_RATE_LIMIT?: RateLimitBinding;
}

/** The part of Cloudflare's request properties this adapter reads. */
interface RequestProperties {
  /** The client's own Accept-Encoding: Cloudflare sends the Worker "gzip, br" whatever the client asked for. */
  clientAcceptEncoding?: string | null;
}

interface Scope {
  request: Request;
  env: WorkerEnv;
}

export interface WorkerOptions {
  /**
   * The in-memory app limit used when the APP_RATE_LIMIT binding is missing (default: the API's stated app
   * limit).
   */
  rateLimit?: RateLimitOptions;
  cache?: ByteCacheOptions | false;
  /** The clock of the limits kept in memory when a binding is missing (tests inject one). */
  now?: () => number;
  /** Where failures are told (the Worker's logs by default). */
  log?: (message: string, error?: unknown) => void;
}

/**
 * An isolate has 128 MB: a bounded share for response bytes. Every answer not in memory costs one read
 * through the assets binding, a seed's (about 1 KB, cut from a chunk of about 48 KB) as a patterns
 * answer's (99 KB on average at the stated scale, up to a few hundred): answers of 16 KiB or more
 * (patterns answers, the dump) are kept in a quarter of it, so that they never take the room of the
 * seed answers, some seventy to a patterns answer, each of which spares a read as well.
 */
const WORKER_CACHE: ByteCacheOptions = {
  maxBytes: 32 * 1024 * 1024,
  maxEntryBytes: 8 * 1024 * 1024,
  maxEntries: 50_000,
  large: { fromBytes: 16 * 1024, maxBytes: 8 * 1024 * 1024 },
};

/** A file of the deploy through the assets binding, which answers whole files only (no byte ranges). */
const fetchAsset: AssetSource<Scope> = async (path, { request, env }) =>
  // Paths come from `fileFor` (contract/routes.ts): plain segments of [A-Za-z0-9._-], nothing to escape.
  assetBytesOf(path, await env.ASSETS.fetch(new Request(new URL(`/${path}`, request.url), { headers: { "accept-encoding": "identity" } })));

export function createWorker(options: WorkerOptions = {}) {
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ""));
  const manifest = deployedManifest(fetchAsset, log);
  let isolate: { core: ReturnType<typeof createCore<Scope>>; burst: AppLimiter } | null = null;

  // The bindings arrive with the first request, not at module load.
  const isolateFor = (env: WorkerEnv) => {
    if (isolate !== null) return isolate;
    if (env.APP_RATE_LIMIT === undefined) log("no APP_RATE_LIMIT binding: the app limit is counted per isolate");
    if (env.BURST_RATE_LIMIT === undefined) log("no BURST_RATE_LIMIT binding: the edge burst limit is counted per isolate");
    const core = createCore<Scope>({
      manifest: manifest.current,
      assets: fetchAsset,
      // wrangler.jsonc gives the app binding the app limit's period, a minute (docs/deploy.md, "Rate limits").
      appLimiter: env.APP_RATE_LIMIT && bindingAppLimiter(env.APP_RATE_LIMIT, APP_RATE_LIMIT.windowMs / 1000, (error) => log("app rate limit unavailable:", error)),
      rateLimit: options.rateLimit,
      now: options.now,
      cache: options.cache ?? WORKER_CACHE,
      // A request that awaits I/O another request started is cancelled as hung: each reads for itself.
      reads: OWN_READS,
      onError: (error) => log("internal error:", error),
    });
    const burst = env.BURST_RATE_LIMIT ? bindingBurstLimiter(env.BURST_RATE_LIMIT, EDGE_BURST_LIMIT.blockMs, options.now) : createBurstLimiter({ ...EDGE_BURST_LIMIT, now: options.now });
    return (isolate = { core, burst });
  };

  const burstDecision = async (burst: AppLimiter, clientIp: string): Promise<RateDecision> => {
    try {
      return await burst.hit(clientIp);
    } catch (error) {
      // A limiter that cannot answer must not take the API down with it; the app limit still counts.
      log("edge burst limit unavailable:", error);
      return ALLOWED;
    }
  };

  return {
    async fetch(request: Request, env: WorkerEnv): Promise<Response> {
      const { core, burst } = isolateFor(env);
      const clientIp = request.headers.get("cf-connecting-ip") ?? "";
      const acceptEncoding = (request as { cf?: RequestProperties }).cf?.clientAcceptEncoding;
      // The request's URL is parsed once, here.
      const edgeRequest = { ...edgeRequestOf(request, clientIp), acceptEncoding: acceptEncoding ?? request.headers.get("accept-encoding") };
      if (isBurstLimited(edgeRequest.path)) {
        const decision = await burstDecision(burst, clientIp);
        if (!decision.allowed) {
          const blocked = blockedAnswer(decision);
          return new Response(request.method === "HEAD" ? null : blocked.body, { status: blocked.status, headers: blocked.headers });
        }
      }
      const scope = { request, env };
      await manifest.ensure(scope);
      return webResponseOf(await core.handle(edgeRequest, scope), request.method);
    },
  };
}

export default createWorker();
