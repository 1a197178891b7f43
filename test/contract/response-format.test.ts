// dataset_version takes the response format (RESPONSE_FORMAT, contract/endpoints/index.ts), not a hash of the code,
// so that moving or commenting code keeps every ETag. This test is what keeps the number honest: it
// derives every response of a fixed example dataset (each entry of a pack on its own, named by its
// pack and place whatever chunk holds it: how responses are stored is not what they hold) and compares their hash with the one recorded for the current
// format beside the number (RESPONSE_FORMAT_BYTES). When it fails, the bytes a response holds changed:
// bump RESPONSE_FORMAT and record the new hash under the new number (a change that was not meant to
// alter responses is a bug).

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { envelopeFor, errorBody, wrapData } from "../../contract/envelope.ts";
import { entriesOf } from "../../contract/pack.ts";
import { chunkOfFile } from "../../contract/pack-chunks.ts";
import { RESPONSE_FORMAT, RESPONSE_FORMAT_BYTES } from "../../contract/endpoints/index.ts";
import { derivationUnits } from "../../generator/derive/index.ts";
import { datasetVersion } from "../../generator/version.ts";
import { tinyDataset } from "../fixtures/derive/tiny-dataset.ts";

function derivedHash(): string {
  const hash = createHash("sha256");
  const version = "0123456789abcdef0123";
  const envelope = envelopeFor(version);
  // Files as derived, before the dump's gzip encoding, whose bytes are zlib's and may differ between Node versions.
  for (const file of [...derivationUnits(tinyDataset, version)].flatMap((unit) => [...unit.files()])) {
    const body = "pieces" in file ? Buffer.concat(file.pieces.flat()) : typeof file.body === "string" ? new TextEncoder().encode(file.body) : file.body;
    // A chunk's entries are named by their pack and their place in it: the layout of packs in chunks
    // (the build folder's format) is not what a response holds, and leaves this hash as it was.
    const chunk = chunkOfFile(file.path);
    const responses = chunk !== null ? entriesOf(body).map((entry, at) => [`${chunk.pack}#${chunk.first + at}`, entry] as const) : [[file.path, body] as const];
    for (const [name, response] of responses) hash.update(`${name} ${response.byteLength}\n`).update(response);
  }
  hash.update(wrapData(envelope, new TextEncoder().encode("{}"))).update(errorBody(version, "not_found", "example"));
  return hash.digest("hex");
}

describe("the response format", () => {
  it("names the bytes derived from a fixed dataset: a change to them comes with a new RESPONSE_FORMAT", () => {
    const hash = derivedHash();
    expect(RESPONSE_FORMAT_BYTES[RESPONSE_FORMAT], `no hash is recorded for response format ${RESPONSE_FORMAT}; its bytes hash to ${hash}`).toBeDefined();
    expect(hash, `the derived bytes changed: bump RESPONSE_FORMAT and record this hash under it`).toBe(RESPONSE_FORMAT_BYTES[RESPONSE_FORMAT]);
  });

  it("enters dataset_version", () => {
    expect(datasetVersion(tinyDataset, RESPONSE_FORMAT + 1)).not.toBe(datasetVersion(tinyDataset));
  });
});
