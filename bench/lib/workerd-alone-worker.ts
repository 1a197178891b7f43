// The Worker of bench:serve's "workerd alone" row (workerd-alone.ts bundles it): for each request of
// the mix, one read through the assets binding of the file the API's Worker reads for it when it is
// not in memory (the chunk holding a seed, the patterns file), its bytes copied into an answer of the
// API's length, with the API's headers; a matching If-None-Match gets the API's 304 and no read.
// Nothing else: no route, no limit, no check, no envelope, no cache. Runs in workerd: no Node API.

import { ifNoneMatchMatches } from "../../edge/conditional.ts";

/** What the API answers one request of the mix, and the file its Worker reads for it. */
export interface BareTarget {
  /** The file under the build folder read through the assets binding, e.g. `g-…/v1/items/7/44/seeds/0.pack`. */
  asset: string;
  /** The length of the API's 200 body. */
  length: number;
  /** Index into `BareTable.answers`: the API's headers for it. */
  answer: number;
}

/** The headers the API answers with, shared by the targets that get the same ones. */
export interface BareAnswer {
  etag: string;
  headers: Record<string, string>;
  notModified: Record<string, string>;
}

export interface BareTable {
  targets: Record<string, BareTarget>;
  answers: BareAnswer[];
}

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
}

/** The Worker over `table`, keyed by request target (path and query). */
export function createBareWorker(table: BareTable) {
  const targets = new Map(Object.entries(table.targets));
  return {
    async fetch(request: Request, env: Env): Promise<Response> {
      const url = new URL(request.url);
      const target = targets.get(url.pathname + url.search);
      if (target === undefined) return new Response(null, { status: 404 });
      const answer = table.answers[target.answer]!;
      if (ifNoneMatchMatches(request.headers.get("if-none-match"), answer.etag)) return new Response(null, { status: 304, headers: answer.notModified });
      const read = await env.ASSETS.fetch(new Request(new URL(`/${target.asset}`, url), { headers: { "accept-encoding": "identity" } }));
      if (!read.ok) return new Response(null, { status: 503 });
      const bytes = new Uint8Array(await read.arrayBuffer());
      const body = new Uint8Array(target.length);
      body.set(bytes.subarray(0, target.length));
      return new Response(body, { headers: answer.headers });
    },
  };
}

// workerd-alone.ts puts the table in front of this bundle, as a global set before the module runs.
declare const BARE_TABLE: BareTable;
export default typeof BARE_TABLE === "undefined" ? undefined : createBareWorker(BARE_TABLE);
