// What a build records of each file it wrote, and what the edge checks before serving a byte of it:
// `<bytes>:<first 16 hex digits of the SHA-256>`. For a pack the hash covers its directory only,
// which holds each entry's own checksum (pack.ts): the directory vouches for the pack, and an entry
// read alone by byte range is checked alone. A 64-bit hash finds damage (a disk, a copy, a hand
// edit); it is no defence against whoever can rewrite the files, who could rewrite the index too.
//
// The edge computes it with Web Crypto on every runtime; the generator computes the same value with
// node:crypto (generator/fingerprint.ts), and a test holds the two to each other.

import { directoryLength, ENTRY_CHECKSUM_BYTES, packLengthOf } from "./pack.ts";

export const HASH_HEX_DIGITS = 16;

export function hexOf(bytes: Uint8Array, digits: number): string {
  let out = "";
  for (let at = 0; at < digits / 2; at++) out += bytes[at]!.toString(16).padStart(2, "0");
  return out;
}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
}

/** The fingerprint of a whole file that is not a pack. */
export async function fingerprintOf(bytes: Uint8Array): Promise<string> {
  return `${bytes.byteLength}:${hexOf(await sha256(bytes), HASH_HEX_DIGITS)}`;
}

/** The fingerprint of a pack from its directory alone: the length it gives the pack, and the directory's hash. */
export async function packFingerprintOf(directory: Uint8Array, count: number): Promise<string> {
  return `${packLengthOf(directory, count)}:${hexOf(await sha256(directory.subarray(0, directoryLength(count))), HASH_HEX_DIGITS)}`;
}

/** Whether an entry's bytes are the ones its pack's directory vouches for. */
export async function entryMatches(entry: Uint8Array, checksum: Uint8Array): Promise<boolean> {
  const hash = await sha256(entry);
  for (let at = 0; at < ENTRY_CHECKSUM_BYTES; at++) if (hash[at] !== checksum[at]) return false;
  return true;
}

/** The size a fingerprint records. */
export const sizeOfFingerprint = (print: string): number => Number.parseInt(print, 10);
