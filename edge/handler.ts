// The web-standard handler: `(request: Request) => Promise<Response>` over the plain core. The
// Netlify edge function and the tests use it; the Node server calls the core directly.

import { createCore, type CoreOptions, type EdgeRequest, type EdgeResponse } from "./core.ts";

export type { AssetSource, CoreOptions, EdgeCore, EdgeRequest, EdgeResponse, ExistsCheck } from "./core.ts";

export interface RequestInfo<C = void> {
  /** The client's address, the key of the app rate limit. */
  clientIp?: string;
  /** Passed to the asset source (see AssetSource). */
  context?: C;
}

export type Handler<C = void> = (request: Request, info?: RequestInfo<C>) => Promise<Response>;

export function createHandler<C = void>(options: CoreOptions<C>): Handler<C> {
  const core = createCore(options);
  return async (request, info) => {
    const result = await core.handle(toEdgeRequest(request, info?.clientIp ?? ""), info?.context as C);
    return toResponse(result, request.method);
  };
}

export function toEdgeRequest(request: Request, clientIp: string): EdgeRequest {
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

export function toResponse(result: EdgeResponse, method: string): Response {
  const body = method === "HEAD" ? null : result.body;
  return new Response(body as BodyInit | null, { status: result.status, headers: result.headers });
}
