// What each part of a build reads. A rebuild derives a part again only when the hash of its
// inputs changed since the serving build (generator/emit/reuse.ts), so each hash must cover
// everything the part's responses are computed from. Covering more than that is safe (the part is
// derived again for nothing); covering less is not, so the hashes take whole documents:
//   - a pair's menu and folder (seeds, patterns, topics): the item file, the topic vocabulary and
//     every guide with a system covering the pair, whole;
//   - a guide and its `?system=` narrowings: the guide;
//   - the `/resolve` answer of a slug: the item file.
// The derivation code is not in these hashes: the caller adds its hash (generator/version.ts).

import { createHash } from "node:crypto";
import type { Guide } from "../../contract/schema/guide.ts";
import type { ItemFile } from "../../contract/schema/item.ts";
import { byCodeUnits } from "../../contract/code-units.ts";

/**
 * A guide's compact JSON as UTF-8, computed once per guide object (dataset_version, the unit hashes,
 * the guide file and the dump all need it). Kept as bytes, outside the JavaScript heap and at one
 * byte per ASCII character, rather than as a string a `★` makes two bytes per character: at a few
 * thousand guides these are most of a build's memory. A checked dataset is never modified: each
 * build loads its own.
 */
const guideJsons = new WeakMap<Guide, Buffer>();
export function guideJson(guide: Guide): Buffer {
  let json = guideJsons.get(guide);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(guide));
    guideJsons.set(guide, json);
  }
  return json;
}

/** SHA-256 of `guideJson`, once per guide object: dataset_version and the unit hashes take it. */
const guideHashes = new WeakMap<Guide, string>();
export function guideHash(guide: Guide): string {
  let hash = guideHashes.get(guide);
  if (hash === undefined) {
    hash = createHash("sha256").update(guideJson(guide)).digest("hex");
    guideHashes.set(guide, hash);
  }
  return hash;
}

/** JSON with object keys sorted: for data whose key order never reaches a response (item files). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => byCodeUnits(a, b)))
      : v,
  );
}

const hashOf = (...parts: string[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${part.length}:${part}`);
  return hash.digest("hex").slice(0, 32);
};

export const pairInputs = (item: ItemFile, topics: readonly string[], guides: readonly Guide[]) =>
  hashOf("pair", canonicalJson(item), JSON.stringify(topics), ...guides.map(guideHash));

export const guideInputs = (guide: Guide) => hashOf("guide", guideHash(guide));

export const resolveInputs = (item: ItemFile) => hashOf("resolve", canonicalJson(item));
