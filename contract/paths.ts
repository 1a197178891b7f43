// Every path the service answers, one entry each: the /v1 endpoints (one per registration,
// contract/endpoints/), /health, the changelog and the documents. The edge looks a request's path up
// here and serves it by its entry's kind; the description document writes its `paths` from these
// entries and the client's endpoint types come from them.
//
// The prose of the entries outside /v1 (summary, description) is in path-descriptions.ts, keyed by
// the same names: only the description document reads it.

import type { Kind, Tag } from "./endpoint.ts";
import { ENDPOINTS } from "./endpoints/index.ts";
import type { ParameterName } from "./parameters.ts";

export type { Tag };

export const BASE_PATH = "/v1";
export const HEALTH_PATH = "/health";
/** The description document and the reference page, outside /v1 like /health. */
export const OPENAPI_PATH = "/openapi.json";
export const DOCS_PATH = "/docs/";
/** `/docs` without its slash: answered with a redirect, so the page's relative links resolve. */
export const DOCS_PATH_BARE = DOCS_PATH.slice(0, -1);
/** The explorer page at {api_root}/ with its script, style sheet and icon. */
export const EXPLORER_PATH = "/";
export const EXPLORER_SCRIPT_PATH = "/explorer.js";
export const EXPLORER_STYLE_PATH = "/explorer.css";
export const EXPLORER_ICON_PATH = "/explorer.svg";
export const CHANGES_PATH = "/changes/";

/** Files of the documents folder (Manifest.docs). */
export const OPENAPI_FILE = "openapi.json";
export const REFERENCE_PAGE_FILE = "index.html";
export const EXPLORER_PAGE_FILE = "explorer.html";
export const EXPLORER_SCRIPT_FILE = "explorer.js";
export const EXPLORER_STYLE_FILE = "explorer.css";
export const EXPLORER_ICON_FILE = "explorer.svg";

/**
 * How a path is served:
 * - `data`: the route's file (its registration's `file`, contract/endpoints/), enveloped;
 * - `packed`: one entry of the route's pack (pack.ts), enveloped;
 * - `dump`: the route's file, a whole envelope stored gzip-encoded, decoded for a client without gzip;
 * - `changelog`: the serving build's changelog, as stored;
 * - `document`: a file of the documents folder;
 * - `redirect`: a redirect to `location`;
 * - `health`: whether a build is loaded and readable.
 */
export type PathKind = Kind | "changelog" | "document" | "redirect" | "health";

/** Which header set a document is served with (documents.ts). */
export type DocumentType = "openapi" | "page" | "explorer" | "script" | "style" | "icon";
/** The header set of an entry's 200: the edge's (`data`, `dump`, `health`) or a document's. */
export type HeaderSet = "data" | "dump" | "health" | "redirect" | DocumentType;

type Endpoints = typeof ENDPOINTS;
type EndpointName = keyof Endpoints;

/** The component name of a 200's schema (its `data` where enveloped): each endpoint's, and /health's and the changelog's. */
export type ResponseSchemaName = Endpoints[EndpointName]["response"] | "Health" | "Changes";

interface Entry {
  /** `{name}` is a parameter; one path segment under /v1, the rest of the path outside it. */
  readonly template: string;
  readonly kind: PathKind;
  /** In the order a client sends them; If-None-Match is implied by `etag`. */
  readonly parameters: readonly ParameterName[];
  /** Null where the body is not the API's JSON (pages) or is the description itself. */
  readonly response: ResponseSchemaName | null;
  /** Error statuses of the path itself; besides these, 429 where rate limited and 503 everywhere but /health. */
  readonly errors: readonly (400 | 404 | 422)[];
  /** `{dataset_version, data}` around the stored data. */
  readonly enveloped: boolean;
  /** Counted against the app rate limit (OPTIONS and refused methods always are). */
  readonly rateLimited: boolean;
  /**
   * Counted against the edge burst limit, which the platform enforces in front of the app. On
   * Netlify a path that is not counted (only /health) has a function of its own in netlify.toml.
   */
  readonly burstLimited: boolean;
  /** What the ETag names: the response content, or the documents folder (a hash of its bytes). */
  readonly etag: "dataset_version" | "docs" | null;
  readonly headers: HeaderSet;
  /** How the description document names it; null for the pages, which it does not describe. */
  readonly operation: { readonly id: string; readonly tag: Tag } | null;
}

export type PathEntry =
  | (Entry & { readonly kind: "document"; readonly file: string; readonly headers: DocumentType })
  | (Entry & { readonly kind: "redirect"; readonly location: string })
  | (Entry & { readonly kind: Exclude<PathKind, "document" | "redirect"> });

/** The entry of a /v1 endpoint: enveloped, rate limited, ETag its dataset_version. */
const v1 = <E extends Endpoints[EndpointName]>(endpoint: E) =>
  ({
    template: endpoint.path,
    kind: endpoint.kind as E["kind"],
    parameters: endpoint.parameters,
    response: endpoint.response as E["response"],
    errors: endpoint.errors,
    enveloped: true,
    rateLimited: true,
    burstLimited: true,
    etag: "dataset_version",
    headers: endpoint.kind === "dump" ? "dump" : "data",
    operation: endpoint.operation,
  }) as const;

/** The documents describe the API, they are not its data: not rate limited, ETag of their folder. */
const document = (template: string, file: string, headers: DocumentType) =>
  ({
    template,
    kind: "document",
    file,
    parameters: [],
    response: null,
    errors: [404],
    enveloped: false,
    rateLimited: false,
    burstLimited: true,
    etag: "docs",
    headers,
    operation: null,
  }) as const;

/** The /v1 endpoints' entries, in the order of their registrations. */
const ENDPOINT_PATHS = Object.fromEntries(Object.entries(ENDPOINTS).map(([name, endpoint]) => [name, v1(endpoint)])) as {
  [N in EndpointName]: ReturnType<typeof v1<Endpoints[N]>>;
};

export const PATHS = {
  ...ENDPOINT_PATHS,
  // Outside /v1: not enveloped, never rate limited (a monitor polls it), never cached, no dataset_version.
  health: {
    template: HEALTH_PATH,
    kind: "health",
    parameters: [],
    response: "Health",
    errors: [],
    enveloped: false,
    rateLimited: false,
    burstLimited: false,
    etag: null,
    headers: "health",
    operation: { id: "getHealth", tag: "service" },
  },
  // The serving build's changelog: outside /v1 and not enveloped, but data (ETag: its dataset_version).
  changes: {
    template: `${CHANGES_PATH}{version}.json`,
    kind: "changelog",
    parameters: ["Version"],
    response: "Changes",
    errors: [404],
    enveloped: false,
    rateLimited: true,
    burstLimited: true,
    etag: "dataset_version",
    headers: "data",
    operation: { id: "getChanges", tag: "dataset" },
  },
  openapi: { ...document(OPENAPI_PATH, OPENAPI_FILE, "openapi"), operation: { id: "getDescription", tag: "service" } },
  referencePage: document(DOCS_PATH, REFERENCE_PAGE_FILE, "page"),
  // Relative, so that it stays right under any prefix a proxy puts in front of the API root.
  referencePageBare: {
    template: DOCS_PATH_BARE,
    kind: "redirect",
    location: "docs/",
    parameters: [],
    response: null,
    errors: [404],
    enveloped: false,
    rateLimited: false,
    burstLimited: true,
    etag: null,
    headers: "redirect",
    operation: null,
  },
  explorer: document(EXPLORER_PATH, EXPLORER_PAGE_FILE, "explorer"),
  explorerScript: document(EXPLORER_SCRIPT_PATH, EXPLORER_SCRIPT_FILE, "script"),
  explorerStyle: document(EXPLORER_STYLE_PATH, EXPLORER_STYLE_FILE, "style"),
  explorerIcon: document(EXPLORER_ICON_PATH, EXPLORER_ICON_FILE, "icon"),
} as const satisfies Record<string, PathEntry>;

export type PathName = keyof typeof PATHS;
/** The entries the description document describes (and the client types): those with an operation. */
export type OperationName = { [N in PathName]: (typeof PATHS)[N]["operation"] extends null ? never : N }[PathName];

/**
 * A path found in the table: its entry's name and kind, and the values of its template's parameters.
 * Discriminated by `kind`, so that serving a kind sees only the names of that kind.
 */
export type PathMatch = { [N in PathName]: { name: N; kind: (typeof PATHS)[N]["kind"]; values: Readonly<Record<string, string>> } }[PathName];
/** A match of a /v1 route: its parameters are read by routes.ts, `routeOf`. */
export type RouteMatch = Extract<PathMatch, { name: EndpointName }>;

/** The /v1 entries, each template cut into its segments. */
const UNDER_BASE = (Object.keys(PATHS) as PathName[])
  .filter((name) => PATHS[name].template.startsWith(`${BASE_PATH}/`))
  .map((name) => ({ name, segments: PATHS[name].template.slice(BASE_PATH.length + 1).split("/") }));

/** The entries outside /v1, compared as written: a template's one parameter is the rest of the path after its prefix (the text before it). */
const OUTSIDE_BASE = (Object.keys(PATHS) as PathName[])
  .filter((name) => !PATHS[name].template.startsWith(`${BASE_PATH}/`))
  .map((name) => {
    const { template } = PATHS[name];
    const open = template.indexOf("{");
    if (open === -1) return { name, prefix: template, parameter: null };
    return { name, prefix: template.slice(0, open), parameter: template.slice(open + 1, template.indexOf("}")) };
  });

const match = (name: PathName, values: Record<string, string>) => ({ name, kind: PATHS[name].kind, values }) as PathMatch;

/**
 * The entry answering a request path (still percent-encoded, without its query), or null when no
 * entry does (404). Under /v1 each segment is percent-decoded before it is compared, as the
 * parameters are read decoded; a malformed escape stays as written and then fails its parameter's
 * pattern. Outside /v1 paths are compared as written, and a template with a parameter claims every
 * path under its prefix, the parameter being the rest as written (`latest.json` under /changes/):
 * an unknown name there is the changelog's to answer, with a 404 naming the serving version.
 */
export function lookupPath(path: string): PathMatch | null {
  if (path.startsWith(`${BASE_PATH}/`)) return lookupUnderBase(path.slice(BASE_PATH.length));
  for (const { name, prefix, parameter } of OUTSIDE_BASE) {
    if (parameter === null ? path === prefix : path.startsWith(prefix)) {
      return match(name, parameter === null ? {} : { [parameter]: path.slice(prefix.length) });
    }
  }
  return null;
}

/**
 * Whether every /v1 entry counts against the burst limit: then so does every path under /v1, whether
 * an entry answers it or none does, and a request under /v1 is counted without looking its path up
 * (the lookup would cost a request answered from memory as much as the rest of its answer).
 */
const EVERY_UNDER_BASE_BURST_LIMITED = UNDER_BASE.every(({ name }) => PATHS[name].burstLimited);

/** Whether a request for `path` counts against the edge burst limit: a path no entry answers does. */
export function isBurstLimited(path: string): boolean {
  if (EVERY_UNDER_BASE_BURST_LIMITED && path.startsWith(`${BASE_PATH}/`)) return true;
  const found = lookupPath(path);
  return found === null || PATHS[found.name].burstLimited;
}

/** The /v1 entry answering a path under {base_url} (already stripped of "/v1"), or null. */
export function lookupUnderBase(pathname: string): RouteMatch | null {
  if (!pathname.startsWith("/")) return null;
  const decoded = pathname.slice(1).split("/");
  for (let index = 0; index < decoded.length; index++) decoded[index] = decodeSegment(decoded[index]!);
  // The /v1 templates are the routes' (ENDPOINT_PATHS).
  for (const { name, segments } of UNDER_BASE) {
    if (segments.length !== decoded.length) continue;
    const values = valuesOf(segments, decoded);
    if (values !== null) return match(name, values) as RouteMatch;
  }
  return null;
}

/** A template's parameters read from a path's decoded segments, or null when a literal segment differs. */
function valuesOf(segments: readonly string[], decoded: readonly string[]): Record<string, string> | null {
  const values: Record<string, string> = {};
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    if (segment.charCodeAt(0) === OPEN_BRACE) values[segment.slice(1, -1)] = decoded[index]!;
    else if (segment !== decoded[index]) return null;
  }
  return values;
}

const OPEN_BRACE = "{".charCodeAt(0);

/** A segment percent-decoded; one without `%` is as written, which is most of them, so it is not decoded. */
function decodeSegment(raw: string): string {
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
