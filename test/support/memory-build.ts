// An in-memory build for tests of the edge (test data, not a real dataset): the files given, the
// serving index of their generation, and a manifest naming it, as the generator would write them.
// `damage` replaces files after they are indexed, as a disk or a hand edit would.

import type { Manifest, ManifestDraft } from "../../contract/manifest.ts";
import { servingIndexText, SERVING_INDEX_FILE } from "../../contract/serving-index.ts";
import { fingerprint } from "../../generator/fingerprint.ts";

const encoder = new TextEncoder();

export interface MemoryBuild {
  manifest: Manifest;
  /** Path relative to dist/ -> bytes. */
  files: Map<string, Uint8Array>;
}

export function memoryBuild(draft: ManifestDraft, files: Record<string, string | Uint8Array>, damage: Record<string, string | Uint8Array | null> = {}): MemoryBuild {
  const bytes = new Map(Object.entries(files).map(([path, body]) => [path, typeof body === "string" ? encoder.encode(body) : body]));
  const prefix = `${draft.generation}/`;
  const prints = [...bytes].filter(([path]) => path.startsWith(prefix)).map(([path, body]) => [path.slice(prefix.length), fingerprint(path, body)] as const);
  const index = encoder.encode(servingIndexText(prints));
  bytes.set(`${prefix}${SERVING_INDEX_FILE}`, index);
  for (const [path, body] of Object.entries(damage)) {
    if (body === null) bytes.delete(path);
    else bytes.set(path, typeof body === "string" ? encoder.encode(body) : body);
  }
  return { manifest: { ...draft, index: fingerprint(SERVING_INDEX_FILE, index) }, files: bytes };
}
