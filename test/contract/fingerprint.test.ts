// The fingerprint the build records (generator/fingerprint.ts, node:crypto) and the one the edge
// checks (contract/fingerprint.ts, Web Crypto) are one definition computed twice: held equal here.

import { describe, expect, it } from "vitest";
import { fingerprintOf, packFingerprintOf } from "../../contract/fingerprint.ts";
import { documentsFolderOf } from "../../contract/serving-index.ts";
import { documentsOf } from "../../generator/docs/documents.ts";
import { readExplorerBundle } from "../../generator/docs/explorer-bundle.ts";
import { readRedocBundle } from "../../generator/docs/redoc-bundle.ts";
import { directoryLength } from "../../contract/pack.ts";
import { encodePack } from "../../generator/derive/encode-pack.ts";
import { fingerprint } from "../../generator/fingerprint.ts";

const encoder = new TextEncoder();

describe("a file's fingerprint", () => {
  it("is the same from the build and from the edge, for a file and for a pack", async () => {
    const file = encoder.encode('{"item":{"def_index":7}}');
    const pack = encodePack(["{}", '{"seed":1}', "é"].map((text) => encoder.encode(text)));
    expect(fingerprint("v1/items/7/44.json", file)).toBe(await fingerprintOf(file));
    expect(fingerprint("v1/items/7/44/seeds.pack", pack)).toBe(await packFingerprintOf(pack, 3));
  });
  it("names a documents folder by its index's hash the same way from the build and from the edge", async () => {
    const documents = documentsOf(readRedocBundle(), readExplorerBundle());
    const index = documents.files.find((file) => file.path === "files.json")!;
    expect(await documentsFolderOf(new TextEncoder().encode(index.body))).toBe(documents.folder);
  });
  it("of a pack records the pack's length and the hash of its directory alone", () => {
    const pack = encodePack(["{}", '{"seed":1}'].map((text) => encoder.encode(text)));
    const print = fingerprint("x.pack", pack);
    expect(print.split(":")[0]).toBe(String(pack.byteLength));
    // The entries are vouched for by the directory's checksums, so the directory's hash covers them.
    const changedEntry = pack.slice();
    changedEntry[directoryLength(2)] = 0x20;
    expect(fingerprint("x.pack", changedEntry)).toBe(print);
    const changedDirectory = pack.slice();
    changedDirectory[directoryLength(2) - 1] = changedDirectory[directoryLength(2) - 1]! ^ 1;
    expect(fingerprint("x.pack", changedDirectory)).not.toBe(print);
  });
});
