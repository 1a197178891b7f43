// `dist/manifest.json`, the commit point of a build: its one schema, the `Manifest` type inferred
// from it, and its one parser, used by the edge (every adapter), the build and the tools. The edge
// serves a build only once its manifest says so, and every path it reads starts with the manifest's
// generation folder, so the folder name is checked before it can reach an asset source.

import * as z from "zod/mini";

/** The commit point's name in a build folder. */
export const MANIFEST_FILE = "manifest.json";

// RFC 9110 etagc, limited to ASCII so it is a valid header value on every runtime.
const ETAG_CHARACTERS = /^[\x21\x23-\x7e]+$/;
const FOLDER_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;

const shown = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value));

/**
 * The build folder's format. 4: each pair's seed responses packed in chunks of consecutive seeds
 * (contract/pack-chunks.ts) with a checksum per entry, the dump stored gzip-only, every folder with
 * its serving index. A build of another format is refused as a whole (its files are where this code
 * does not look, or unchecked), never served in part. The format is the layout's alone: the bytes of
 * every response, and so dataset_version, are the response format's (endpoints/index.ts).
 */
export const MANIFEST_FORMAT = 4;

const FINGERPRINT = /^[0-9]{1,12}:[0-9a-f]{16}$/;

// A schema's `error` words every issue it raises, its checks' too: a check has its own only where the
// wording differs.
export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT, { error: (issue) => `must be ${MANIFEST_FORMAT}, got ${shown(issue.input)}; a build of another format is read by the version of this project that wrote it (rebuild it with \`npm run build\`)` }),
  // The version is the value inside the ETag (docs/README.md, "Caching, CORS, limits"), so it must be a valid
  // entity-tag body.
  dataset_version: z
    .string({ error: (issue) => `must be a string, got ${shown(issue.input)}` })
    .check(z.regex(ETAG_CHARACTERS, { error: (issue) => `must be printable ASCII without spaces or '"', got ${shown(issue.input)}` })),
  /** Folder of `dist/` that holds this build's response files. */
  generation: z
    .string({ error: (issue) => `must be a plain folder name, got ${shown(issue.input)}` })
    .check(z.regex(FOLDER_NAME)),
  /**
   * The fingerprint of the generation's serving index (`<generation>/files.json`,
   * serving-index.ts): the manifest vouches for the index, the index for every file.
   */
  index: z
    .string({ error: (issue) => `must be a fingerprint "<bytes>:<16 hex digits>", got ${shown(issue.input)}` })
    .check(z.regex(FINGERPRINT)),
  /** Every non-null system topic present in the dataset (the topic filter's vocabulary). */
  topics: z.array(z.string({ error: (issue) => `must be a string, got ${shown(issue.input)}` }), {
    error: (issue) => `must be an array of strings, got ${shown(issue.input)}`,
  }),
  /**
   * Folder of `dist/` holding the description document, the reference page and the explorer (absent in
   * builds made before they existed). Named by their content hash, which is also their ETag.
   */
  docs: z.optional(
    z
      .string({ error: (issue) => `must be a plain folder name, got ${shown(issue.input)}` })
      // A plain folder name is also a valid entity-tag body.
      .check(z.regex(FOLDER_NAME)),
  ),
});

/** What the edge needs to know about a build; written by the generator as `dist/manifest.json`. */
export type Manifest = z.infer<typeof manifestSchema>;

/** A manifest before its generation's serving index is written: the build completes it at the commit. */
export type ManifestDraft = Omit<Manifest, "index">;

export type ManifestResult = { ok: true; manifest: Manifest } | { ok: false; message: string };

/** Reads a manifest; a refusal names the manifest, the JSON path and what was expected there. */
export function parseManifest(bytes: Uint8Array | string): ManifestResult {
  let value: unknown;
  try {
    value = JSON.parse(typeof bytes === "string" ? bytes : new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, message: `${MANIFEST_FILE} is not valid JSON` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, message: `${MANIFEST_FILE} must hold a JSON object, got ${Array.isArray(value) ? "an array" : shown(value)}` };
  }
  const parsed = manifestSchema.safeParse(value);
  if (parsed.success) return { ok: true, manifest: parsed.data };
  const problems = parsed.error.issues.map((issue) => `${pathOf(issue.path)} ${issue.message}`);
  return { ok: false, message: `${MANIFEST_FILE}: ${problems.join("; ")}` };
}

/** `topics[0]`, `generation`: the JSON path of an issue as a reader would write it. */
function pathOf(path: readonly PropertyKey[]): string {
  // The manifest's fields are all at its top, and only `topics` holds items.
  return path.map((key) => (typeof key === "number" ? `[${key}]` : String(key))).join("");
}
