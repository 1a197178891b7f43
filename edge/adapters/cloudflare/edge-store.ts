// The API's edge cache on Workers. A Worker that answers every request (`run_worker_first`) is
// cached at the edge only where it asks to be: Cloudflare caches nothing of its responses by their
// Cache-Control alone. So the Worker keeps the checked bytes of each response in its location's
// cache (the Cache API, `caches.default`) for the edge cache's ten minutes, and a request whose
// bytes are there reads neither the chunk nor the file. The Worker still runs for every request, so
// the rate limits count every request, as they must. Only checked bytes go in (build-reader.ts),
// under keys that start with the generation, named by dataset_version: a new deploy never meets an
// older version's bytes, and 429s, 503s and edge blocks are never stored.

import type { SharedStore } from "../../build-reader.ts";

/** The edge cache's lifetime (docs/README.md, "Caching, CORS, limits": ten minutes). */
export const EDGE_CACHE_SECONDS = 600;

/** The Cache API as a Worker sees it (`caches.default`). */
export interface EdgeCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

interface StoreScope {
  request: Request;
  context?: { waitUntil(promise: Promise<unknown>): void };
}

/**
 * A key in the request's own origin (the Cache API keeps entries per zone), under a path no route
 * answers; an entry of a pack is its own key.
 */
const keyOf = (request: Request, key: string) => new Request(new URL(`/.edge-cache/${key.replace("#", "/entry-")}`, request.url));

export function edgeStore(cache: EdgeCache): SharedStore<StoreScope> {
  return {
    async get(key, { request }) {
      const hit = await cache.match(keyOf(request, key));
      return hit === undefined ? undefined : new Uint8Array(await hit.arrayBuffer());
    },
    put(key, bytes, { request, context }) {
      const response = new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "cache-control": `public, max-age=${EDGE_CACHE_SECONDS}` } });
      // Stored after the answer is sent; a put that fails costs a later read, nothing else.
      const putting = cache.put(keyOf(request, key), response).catch(() => undefined);
      if (context === undefined) void putting;
      else context.waitUntil(putting);
    },
  };
}
