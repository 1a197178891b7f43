// The conversions for a runtime that speaks web-standard Request and Response (Netlify's Deno
// isolates, Cloudflare's Workers, tests): a Request becomes the core's plain request and the core's
// answer a Response.
// They are an adapter's first and last lines, not a second entry: every adapter calls the same
// `core.handle(EdgeRequest)` (docs/serving.md, "Why the entry is a plain request").

import type { AssetSource, EdgeRequest, EdgeResponse } from "../core.ts";
import { parseManifest } from "../../contract/manifest.ts";
import { MANIFEST_FILE, type Manifest } from "../../contract/manifest.ts";

export function edgeRequestOf(request: Request, clientIp: string): EdgeRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    ifNoneMatch: request.headers.get("if-none-match"),
    acceptEncoding: request.headers.get("accept-encoding"),
    clientIp,
  };
}

/**
 * The core keeps a HEAD answer's body (its length is GET's); a Response to HEAD has none. A body the
 * core sends encoded (the dump's gzip file) is marked so (`encodeBody`, workerd's): workerd would
 * otherwise compress it again by its Content-Encoding. Other runtimes ignore the member.
 */
export function webResponseOf(result: EdgeResponse, method: string): Response {
  const body = method === "HEAD" ? null : result.body;
  const encodeBody = result.headers["content-encoding"] === undefined ? "automatic" : "manual";
  return new Response(body as BodyInit | null, { status: result.status, headers: result.headers, encodeBody } as ResponseInit);
}

/** A build file's bytes from a subrequest for it: 404 means the file does not exist, any other failure throws. */
export async function assetBytesOf(path: string, response: Response): Promise<Uint8Array | null> {
  if (response.status !== 200) {
    await response.body?.cancel();
    if (response.status === 404) return null;
    throw new Error(`reading ${path} answered ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The manifest of a deploy, read through the adapter's asset source until one read succeeds: a deploy
 * is immutable, and a new deploy starts new isolates. Each request that finds none reads it itself
 * (never awaiting another request's read, which a Worker cancels as hung); a failed read is told and
 * tried again by the next request (meanwhile the core answers 503).
 */
export function deployedManifest<C>(assets: AssetSource<C>, log: (message: string, error: unknown) => void) {
  let manifest: Manifest | null = null;
  const load = async (context: C): Promise<Manifest> => {
    const bytes = await assets(MANIFEST_FILE, context);
    if (bytes === null) throw new Error(`${MANIFEST_FILE} is not in the deploy`);
    const parsed = parseManifest(bytes);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.manifest;
  };
  return {
    current: () => manifest,
    async ensure(context: C): Promise<void> {
      if (manifest !== null) return;
      try {
        const loaded = await load(context);
        // Requests that read it at once keep the first, so the core sees one build.
        manifest ??= loaded;
      } catch (error) {
        log("no build loaded:", error);
      }
    },
  };
}
