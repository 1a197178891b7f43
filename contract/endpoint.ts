// What a registration of a /v1 endpoint holds (contract/endpoints/, one file each): its path and
// parameters, how a request is read into its route, the file of a build that answers the route, its
// not-found wording, what the description document says of it, and the name of its derivation. The
// edge reads the registrations to route, the generator to enumerate and name files, the description
// document and the client to describe; each part is required, so a registration that leaves one out
// does not compile.
//
// The response schema is only named here (`response`, its component name in the description
// document): it is defined in contract/schema/responses.ts, and the derivation
// (generator/derive/derivations.ts) pairs it with the function whose return type it is. A
// registration that imported it would put zod's full build into every runtime's bundle of the edge,
// which imports only zod/mini.

import type { ErrorCode } from "./envelope.ts";
import type { Manifest } from "./manifest.ts";
import type { ParameterName } from "./parameters.ts";

export type Tag = "items" | "guides" | "aliases" | "dataset" | "service";

/** A request's answer before any file is read: the status and envelope `error` the edge sends. */
export interface RouteError {
  status: 400 | 404 | 422;
  code: ErrorCode;
  message: string;
}

/** A request read by a registration: its route's own values, or the error its parameters earn. */
export type Read<Fields> = { ok: true; fields: Fields } | { ok: false; error: RouteError };

export const found = <Fields>(fields: Fields): Read<Fields> => ({ ok: true, fields });
export const notFound = (message: string): Read<never> => ({ ok: false, error: { status: 404, code: "not_found", message } });
/** A parameter that is present but malformed or out of range (docs/README.md, "Endpoints"). */
export const invalid = (message: string): Read<never> => ({ ok: false, error: { status: 422, code: "bad_request", message } });
/** A required parameter that is missing. */
export const missing = (message: string): Read<never> => ({ ok: false, error: { status: 400, code: "bad_request", message } });

/** Where a packed response lies in its route's file (pack.ts): entry `index` of `count`. */
export interface PackEntry {
  readonly index: number;
  readonly count: number;
}

/** The example values a description names (generator/openapi/examples.ts picks them from the example dataset). */
export interface ExampleValues {
  pair: { def_index: number; paint_index: number };
  seed: number;
  platformId: string;
  systemId: string;
  slug: string;
}

/** Prose written one source line per line of text: the description document keeps the line breaks. */
export const lines = (...text: string[]): string => text.join("\n");

/** What the description document says of an endpoint. */
export interface Description {
  summary: string;
  description: string;
  /** What a 200 holds, said of the document's example. */
  ok: (examples: ExampleValues) => string;
}

/** A request for a route: the values of its path template's parameters, and its query. */
export interface RequestOf {
  values: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string>>;
}

interface Registration<Name extends string, Fields, Response extends string, Derivation extends string> {
  readonly name: Name;
  /** Under {api_root}: `/v1/...`, each `{parameter}` one path segment. */
  readonly path: `/v1/${string}`;
  /** In the order a client sends them; If-None-Match is implied (every /v1 answer has an ETag). */
  readonly parameters: readonly ParameterName[];
  /** Its error statuses besides 429 and 503, which every /v1 path has. */
  readonly errors: readonly (400 | 404 | 422)[];
  readonly operation: { readonly id: string; readonly tag: Tag };
  /** The component name of its response schema (the `data` of a 200). */
  readonly response: Response;
  /** The key of its derivation in generator/derive/derivations.ts, which must have it. */
  readonly derivation: Derivation;
  readonly description: Description;
  /** Its route from the template's values (percent-decoded) and the query, parameters checked first. */
  read(values: Readonly<Record<string, string>>, query: URLSearchParams): Read<Fields>;
  /** The request that asks for a route: `read` of it gives the route back. */
  request(fields: Fields): RequestOf;
  /** The file of a build that answers a route, relative to its generation folder: nothing else names it. */
  file(fields: Fields, manifest: Pick<Manifest, "topics">): string;
  /** The 404 of a route no file answers, and of parameters that can name nothing. */
  notFound(fields: Fields): string;
  /** The route whose answer the description document shows. */
  example(examples: ExampleValues): Fields;
}

/**
 * How a response is stored: `data`, the route's file holds its `data`; `packed`, one entry of the
 * route's pack (pack.ts) does, `entry` saying which; `dump`, the file holds a whole envelope,
 * gzip-encoded.
 */
export type Kind = "data" | "packed" | "dump";

export type Endpoint<Name extends string = string, Fields = never, Response extends string = string, Derivation extends string = string, K extends Kind = Kind> = Registration<
  Name,
  Fields,
  Response,
  Derivation
> & { readonly kind: K } & (K extends "packed" ? { entry(fields: Fields): PackEntry } : { entry?: never });

/** A registration (one file each, contract/endpoints/), its route's values inferred from `read`. */
export const endpoint = <const Name extends string, Fields extends object, const Response extends string, const Derivation extends string, const K extends Kind>(
  registration: Endpoint<Name, Fields, Response, Derivation, K>,
): Endpoint<Name, Fields, Response, Derivation, K> => registration;

/** The route values a registration reads. */
export type FieldsOf<E> = E extends Endpoint<string, infer Fields, string, string, Kind> ? Fields : never;
