// Every /v1 endpoint, one registration each (endpoint.ts says what one holds), and the version of the
// bytes they answer. The routes, path matching, the file of every route, the description
// document's paths and the client's endpoint types are all read from this list; its order is the
// order they are described in.

import { dump } from "./dump.ts";
import { guide } from "./guide.ts";
import { item } from "./item.ts";
import { meta } from "./meta.ts";
import { patterns } from "./patterns.ts";
import { resolve } from "./resolve.ts";
import { seed } from "./seed.ts";

export const ENDPOINTS = { item, seed, patterns, guide, resolve, meta, dump } as const;

/**
 * The version of the bytes a build derives from a dataset: every response body and the envelope
 * around it (how files lay them out is the build folder's format, MANIFEST_FORMAT in
 * contract/manifest.ts). dataset_version hashes it together with the data, so it is the only way a
 * change of code reaches the ETags: a refactor, a moved file or a new comment keeps every ETag, and a
 * change of what any response holds for the same dataset, an endpoint added above included, must bump
 * it.
 */
export const RESPONSE_FORMAT = 2;

/**
 * What each format is, byte for byte: the hash test/contract/response-format.test.ts computes over
 * every response derived from its fixed dataset. The test fails when those bytes change while the
 * number above does not; a new number is recorded here with its hash, in the same edit.
 */
export const RESPONSE_FORMAT_BYTES: Readonly<Record<number, string>> = {
  1: "f376e5dc4facd99e755a2cc38a3df4c725755a1ebe75ce4b70207b1e710a6fac",
  // A market hash name's own /resolve file, by its letters and digits (v1/resolve/names/).
  2: "091826556587b116c2ef128dabeebd21892ad35bc49a1faa3b0e57df4208e108",
};
