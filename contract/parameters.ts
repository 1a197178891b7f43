// The parameters a request may carry, with the limits and patterns the edge checks them against.
// Its own module, below both the path table (paths.ts) and the registrations that read them
// (endpoints/), so that each of those can import it without importing the other.

export const MAX_ALIAS_LENGTH = 200;
export const MAX_SEED = 1000;

/**
 * The identifiers that reach a path, written once: the dataset's schemas (contract/schema) check
 * stored ids against these, and the edge checks request values against them before any lookup.
 */
export const PLATFORM_ID = /^[0-9]{1,20}$/;
/** A system id (and any other id that becomes a file name). */
export const PATH_SAFE_ID = /^[a-z0-9][a-z0-9_-]{0,99}$/;
export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A changelog name as the description states it: printable ASCII without `"` or `/`, which is what
 * an ETag's opaque value may hold.
 */
const CHANGES_VERSION = "^[\\x21\\x23-\\x2e\\x30-\\x7e]+$";

export interface Parameter {
  /** As written in a path template (`{def_index}`), a query or a request header. */
  readonly name: string;
  readonly in: "path" | "query" | "header";
  /**
   * What a valid value looks like, in JSON Schema. Only what a client may rely on: `system` has no
   * pattern, since an id that no system could have is simply not found (404), not malformed.
   */
  readonly schema: { readonly type: "integer" | "string"; readonly [keyword: string]: unknown };
}

export const PARAMETERS = {
  DefIndex: { name: "def_index", in: "path", schema: { type: "integer", minimum: 0 } },
  PaintIndex: { name: "paint_index", in: "path", schema: { type: "integer", minimum: 0 } },
  Seed: { name: "seed", in: "path", schema: { type: "integer", minimum: 0, maximum: MAX_SEED } },
  PlatformId: { name: "platform_id", in: "path", schema: { type: "string", pattern: PLATFORM_ID.source } },
  System: { name: "system", in: "query", schema: { type: "string" } },
  Topic: { name: "topic", in: "query", schema: { type: "string" } },
  Slug: { name: "slug", in: "query", schema: { type: "string", maxLength: MAX_ALIAS_LENGTH } },
  MarketHashName: { name: "market_hash_name", in: "query", schema: { type: "string", maxLength: MAX_ALIAS_LENGTH } },
  Version: { name: "version", in: "path", schema: { type: "string", pattern: CHANGES_VERSION } },
  /** Taken by every path whose answers carry an ETag (paths.ts, `etag`); no entry lists it. */
  IfNoneMatch: { name: "If-None-Match", in: "header", schema: { type: "string" } },
  AcceptEncoding: { name: "Accept-Encoding", in: "header", schema: { type: "string" } },
} as const satisfies Record<string, Parameter>;

export type ParameterName = keyof typeof PARAMETERS;
