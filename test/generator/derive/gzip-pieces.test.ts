// The dump's gzip, deflated piece by piece: any decoder reads the body back, an incremental
// encoding (pieces copied from the previous file) is byte for byte the encoding from nothing, and
// a piece is copied only under its own key and from the same encoder.

import { deflateRawSync, gunzipSync, constants } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutInto, gzipPieces, gzipPiecesSync, pieceEncoder, type PieceEncoding } from "../../../generator/derive/gzip-pieces.ts";

const LEVEL = 6;
const text = (value: string) => new Uint8Array(Buffer.from(value, "utf8"));

/** A body and cuts into it, as the dump has them: pieces of a few bytes to a few kilobytes. */
const cutBody = fc.array(fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 1000, maxLength: 4000, unit: "grapheme-ascii" })), { minLength: 1, maxLength: 8 }).map((parts) => {
  const cuts: number[] = [];
  let offset = 0;
  for (const part of parts.slice(0, -1)) cuts.push((offset += Buffer.byteLength(part)));
  return { body: text(parts.join("")), cuts, parts };
});

async function decodedByAStream(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("gzip in pieces", () => {
  it("decodes to the body with zlib and with a web DecompressionStream, however it is cut", async () => {
    await fc.assert(
      fc.asyncProperty(cutBody, async ({ body, cuts }) => {
        const encoded = gzipPiecesSync(cutInto(body, cuts), LEVEL);
        expect(new Uint8Array(gunzipSync(encoded.bytes))).toEqual(body);
        expect(await decodedByAStream(encoded.bytes)).toEqual(body);
        expect((await gzipPieces(cutInto(body, cuts), LEVEL)).bytes).toEqual(encoded.bytes);
      }),
      { seed: 20261123, numRuns: 40 },
    );
  });

  it("an empty body is a valid empty gzip file, encoded now or in the background", async () => {
    const now = gzipPiecesSync(cutInto(new Uint8Array(0), []), LEVEL);
    expect(gunzipSync(now.bytes).byteLength).toBe(0);
    const background = await gzipPieces(cutInto(new Uint8Array(0), []), LEVEL);
    expect(background.bytes).toEqual(now.bytes);
    expect(background.pieces).toEqual([]);
  });

  it("re-encoding after an edit, with the previous file's pieces, gives the bytes of an encoding from nothing", async () => {
    await fc.assert(
      fc.asyncProperty(cutBody, fc.nat(), fc.string({ maxLength: 30 }), async ({ parts }, which, replacement) => {
        const join = (pieces: string[]) => {
          const cuts: number[] = [];
          let offset = 0;
          for (const part of pieces.slice(0, -1)) cuts.push((offset += Buffer.byteLength(part)));
          return { body: text(pieces.join("")), cuts };
        };
        const before = join(parts);
        const edited = parts.map((part, index) => (index === which % parts.length ? replacement : part));
        const after = join(edited);
        const previous = await gzipPieces(cutInto(before.body, before.cuts), LEVEL);
        expect((await gzipPieces(cutInto(after.body, after.cuts), LEVEL, previous)).bytes).toEqual(gzipPiecesSync(cutInto(after.body, after.cuts), LEVEL).bytes);
      }),
      { seed: 20261124, numRuns: 40 },
    );
  });

  it("copies a piece the previous file holds under the same key and encoder, and none from another encoder", async () => {
    const pieces = ["first piece, unchanged ".repeat(50), "second piece, unchanged ".repeat(50), "third piece, edited"];
    const cuts = [Buffer.byteLength(pieces[0]!), Buffer.byteLength(pieces[0]! + pieces[1]!)];
    const body = text(pieces.join(""));
    const fresh = gzipPiecesSync(cutInto(body, cuts), LEVEL);
    // A previous file whose first piece was deflated differently (level 1): still a valid piece of
    // the same bytes, so copying it is visible in the output, which must still decode.
    const unusual = deflateRawSync(text(pieces[0]!), { level: 1, finishFlush: constants.Z_SYNC_FLUSH });
    expect(unusual).not.toEqual(Buffer.from(fresh.bytes.subarray(fresh.pieces[0]!.start, fresh.pieces[0]!.start + fresh.pieces[0]!.length)));
    const previous: PieceEncoding = { bytes: unusual, pieces: [{ key: fresh.pieces[0]!.key, start: 0, length: unusual.byteLength }], encoder: pieceEncoder(LEVEL) };

    const reused = await gzipPieces(cutInto(body, cuts), LEVEL, previous);
    expect(Buffer.from(reused.bytes).includes(unusual)).toBe(true);
    expect(new Uint8Array(gunzipSync(reused.bytes))).toEqual(body);
    expect(reused.pieces.map(({ key }) => key)).toEqual(fresh.pieces.map(({ key }) => key));

    const fromOtherZlib = await gzipPieces(cutInto(body, cuts), LEVEL, { ...previous, encoder: "deflate zlib 0.0 level 6" });
    expect(fromOtherZlib.bytes).toEqual(fresh.bytes);
  });

  it("refuses cuts that are out of order or outside the body", () => {
    const body = text("0123456789");
    expect(() => gzipPiecesSync(cutInto(body, [6, 3]), LEVEL)).toThrow(/cut 3/);
    expect(() => gzipPiecesSync(cutInto(body, [11]), LEVEL)).toThrow(/cut 11/);
  });

  it("names its encoder by zlib's version and the level, and each piece by its length and hash", () => {
    expect(pieceEncoder(6)).toBe(`deflate zlib ${process.versions.zlib} level 6`);
    const encoded = gzipPiecesSync(cutInto(text("abcdef"), [3]), LEVEL);
    expect(encoded.pieces.map((piece) => piece.key)).toEqual([expect.stringMatching(/^3:[0-9a-f]{16}$/), expect.stringMatching(/^3:[0-9a-f]{16}$/)]);
    expect(encoded.pieces[0]!.key).not.toBe(encoded.pieces[1]!.key);
  });

  it("cuts no empty piece, and an empty piece given adds nothing to the file", async () => {
    expect(cutInto(text("abcdef"), [0, 3, 3, 6]).map((piece) => Buffer.concat(piece).toString())).toEqual(["abc", "def"]);
    const pieces = [[text("abc")], [], [new Uint8Array()], [text("def")]];
    const without = gzipPiecesSync([[text("abc")], [text("def")]], LEVEL);
    expect(Buffer.from(gzipPiecesSync(pieces, LEVEL).bytes)).toEqual(Buffer.from(without.bytes));
    expect(Buffer.from((await gzipPieces(pieces, LEVEL)).bytes)).toEqual(Buffer.from(without.bytes));
  });
});
