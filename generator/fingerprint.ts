// The fingerprint of a file the build writes (contract/fingerprint.ts defines it, and the edge checks
// it), computed with node:crypto: synchronous, and the build hashes every byte it writes.

import { createHash } from "node:crypto";
import { HASH_HEX_DIGITS } from "../contract/fingerprint.ts";
import { countOf, directoryLength, isPackFile, packLengthOf } from "../contract/pack.ts";

const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, HASH_HEX_DIGITS);

/** `<bytes>:<hash>`; a pack's length and the hash of its directory (contract/fingerprint.ts says why). */
export function fingerprint(path: string, bytes: Uint8Array): string {
  const count = isPackFile(path) ? countOf(bytes) : null;
  if (count === null || bytes.byteLength < directoryLength(count)) return `${bytes.byteLength}:${hashOf(bytes)}`;
  return `${packLengthOf(bytes, count)}:${hashOf(bytes.subarray(0, directoryLength(count)))}`;
}
