// Reads `dist/manifest.json`, the commit point of a build: the edge serves a build only once its
// manifest says so, and every path it reads starts with the manifest's generation folder, so the
// folder name is checked before it can reach an asset source.

import { MANIFEST_FILE, type Manifest } from "./routes.ts";

// RFC 9110 etagc, limited to ASCII so it is a valid header value on every runtime.
const ETAG_CHARACTERS = /^[\x21\x23-\x7e]+$/;
const GENERATION = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;

export type ManifestResult = { ok: true; manifest: Manifest } | { ok: false; message: string };

export function parseManifest(bytes: Uint8Array | string): ManifestResult {
  let value: unknown;
  try {
    value = JSON.parse(typeof bytes === "string" ? bytes : new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, message: `${MANIFEST_FILE} is not valid JSON` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, message: `${MANIFEST_FILE} must hold a JSON object` };
  }
  const { format, dataset_version, generation, topics, docs } = value as Record<string, unknown>;
  if (format !== 1) return { ok: false, message: `${MANIFEST_FILE}: format must be 1, got ${JSON.stringify(format)}` };
  if (typeof dataset_version !== "string" || !ETAG_CHARACTERS.test(dataset_version)) {
    // Versioning rule 4: the version is the value inside the ETag, so it must be a valid entity-tag body.
    return { ok: false, message: `${MANIFEST_FILE}: dataset_version must be printable ASCII without spaces or '"'` };
  }
  if (typeof generation !== "string" || !GENERATION.test(generation)) {
    return { ok: false, message: `${MANIFEST_FILE}: generation must be a plain folder name, got ${JSON.stringify(generation)}` };
  }
  if (!Array.isArray(topics) || !topics.every((topic) => typeof topic === "string")) {
    return { ok: false, message: `${MANIFEST_FILE}: topics must be an array of strings` };
  }
  if (docs !== undefined && (typeof docs !== "string" || !GENERATION.test(docs) || !ETAG_CHARACTERS.test(docs))) {
    // The folder name is also the documents' ETag.
    return { ok: false, message: `${MANIFEST_FILE}: docs must be a plain folder name, got ${JSON.stringify(docs)}` };
  }
  const manifest: Manifest = { format: 1, dataset_version, generation, topics: [...topics] };
  if (docs !== undefined) manifest.docs = docs;
  return { ok: true, manifest };
}
