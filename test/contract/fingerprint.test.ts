// The fingerprint the build records (generator/fingerprint.ts, node:crypto) and the one the edge
// checks (contract/fingerprint.ts, Web Crypto) are one definition computed twice: held equal here.

import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { entryMatches, fingerprintOf, hexOf, packFingerprintOf, sizeOfFingerprint } from "../../contract/fingerprint.ts";
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

describe("the edge's fingerprint of a file", () => {
  it("is the file's size and the first 16 hex digits of its SHA-256", async () => {
    expect(await fingerprintOf(encoder.encode("abc"))).toBe("3:ba7816bf8f01cfea");
    expect(await fingerprintOf(new Uint8Array())).toBe("0:e3b0c44298fc1c14");
  });
  it("of a pack is the length its directory gives and the hash of the directory's bytes", async () => {
    const pack = encodePack(["{}", '{"seed":1}'].map((text) => encoder.encode(text)));
    const directory = pack.subarray(0, directoryLength(2));
    const hash = createHash("sha256").update(directory).digest("hex").slice(0, 16);
    expect(await packFingerprintOf(pack, 2)).toBe(`${pack.byteLength}:${hash}`);
    // The directory alone is enough: the entries after it are not read.
    expect(await packFingerprintOf(directory, 2)).toBe(`${pack.byteLength}:${hash}`);
  });
  it("writes each byte as two hex digits, a leading zero kept", () => {
    expect(hexOf(Uint8Array.of(0x0a, 0xff, 0x00, 0x7b), 8)).toBe("0aff007b");
    expect(hexOf(Uint8Array.of(0x0a, 0xff, 0x00, 0x7b), 4)).toBe("0aff");
  });
  it("records the size the build wrote, read back as a number", () => {
    expect(sizeOfFingerprint("1200:0123456789abcdef")).toBe(1200);
    expect(sizeOfFingerprint("0:e3b0c44298fc1c14")).toBe(0);
  });
});

describe("an entry read alone", () => {
  const entry = encoder.encode('{"seed":661}');
  const checksum = () => createHash("sha256").update(entry).digest().subarray(0, 8);

  it("matches the checksum its directory holds: the first 8 bytes of its SHA-256", async () => {
    expect(await entryMatches(entry, checksum())).toBe(true);
  });
  it("does not match when any one byte of the eight differs, so a damaged entry is never served", async () => {
    for (let at = 0; at < 8; at++) {
      const wrong = Uint8Array.from(checksum());
      wrong[at] = wrong[at]! ^ 0x01;
      expect(await entryMatches(entry, wrong), `checksum byte ${at}`).toBe(false);
    }
  });
  it("does not match a checksum that agrees in one byte only", async () => {
    const wrong = Uint8Array.from(checksum(), (byte, at) => (at === 0 ? byte : byte ^ 0xff));
    expect(await entryMatches(entry, wrong)).toBe(false);
  });
  it("does not match when the entry's own bytes changed", async () => {
    const damaged = Uint8Array.from(entry);
    damaged[damaged.length - 1] = 0x20;
    expect(await entryMatches(damaged, checksum())).toBe(false);
  });
});
