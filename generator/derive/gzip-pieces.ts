// A gzip file whose deflate stream is made of independently compressed pieces of the body (the
// dump's: one per guide). Each piece is deflated with no history and ended by a sync flush, so the
// pieces' deflate data can be laid end to end as one valid stream (as pigz does); a rebuild that
// changed one guide deflates that guide's piece and copies every other piece's bytes from the
// serving build's file, instead of compressing 30 MB again. The output depends only on the body,
// its cuts and the encoder, so an incremental build writes the bytes a full build writes.

import { createHash } from "node:crypto";
import { constants, crc32, deflateRaw, deflateRawSync, type ZlibOptions } from "node:zlib";

/** One piece as it lies in an encoded file: which bytes of the body it holds (by key), and where. */
export interface EncodedPiece {
  /** Length and hash of the body bytes it encodes. */
  key: string;
  /** Offset and length of its deflate data in the encoded file. */
  start: number;
  length: number;
}

/** An encoded file and where each of its pieces lies in it, kept so the next build can reuse them. */
export interface PieceEncoding {
  bytes: Uint8Array;
  pieces: EncodedPiece[];
  /** The encoder that made the pieces: a piece is reused only from a file made by the same one. */
  encoder: string;
}

// Member header: no name, no mtime (0: reproducible), extra flags 0, OS 3 (Unix) on every platform.
const HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3);
// An empty final block (fixed Huffman, end of block): what closes the stream after the last piece.
const LAST_BLOCK = Uint8Array.of(3, 0);

/** Which zlib at which level: pieces from another (a Node upgrade) would not be the bytes this one makes. */
export const pieceEncoder = (level: number) => `deflate zlib ${process.versions.zlib} level ${level}`;

/**
 * One piece of a body, as the parts it is laid out from (a guide's JSON after its comma): the body
 * is never joined whole, and a piece is joined only while it is being deflated.
 */
export type Piece = readonly Uint8Array[];

const pieceLength = (piece: Piece) => piece.reduce((sum, part) => sum + part.byteLength, 0);

function pieceKey(piece: Piece): string {
  const hash = createHash("sha1");
  for (const part of piece) hash.update(part);
  return `${pieceLength(piece)}:${hash.digest("hex").slice(0, 16)}`;
}

const joinedPiece = (piece: Piece): Uint8Array => (piece.length === 1 ? piece[0]! : Buffer.concat(piece));

/** A body cut into pieces: `cuts` are the offsets where a piece ends and the next begins. */
export function cutInto(body: Uint8Array, cuts: readonly number[]): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  for (const cut of [...cuts, body.byteLength]) {
    if (cut < start || cut > body.byteLength) throw new Error(`cut ${cut} is outside the body's next piece (${start}..${body.byteLength})`);
    if (cut > start) pieces.push([body.subarray(start, cut)]);
    start = cut;
  }
  return pieces;
}

const deflateOptions = (level: number): ZlibOptions => ({ level, finishFlush: constants.Z_SYNC_FLUSH });

/** The gzip file of the pieces' bytes laid end to end, deflated piece by piece, now. */
export function gzipPiecesSync(pieces: readonly Piece[], level: number): PieceEncoding {
  const options = deflateOptions(level);
  return assemble(pieces, pieces.filter((piece) => pieceLength(piece) > 0).map((piece) => [pieceKey(piece), deflateRawSync(joinedPiece(piece), options)]), level);
}

/**
 * Pieces deflated at once on zlib's thread pool: enough to keep its threads busy, few enough that
 * joined pieces stay small. Each is a worker taking the next piece; one that finds none left ends.
 */
const DEFLATING_AT_ONCE = 8;

/**
 * The same bytes, with pieces deflated on zlib's thread pool (several at once) while the caller
 * goes on; a piece `previous` holds under the same key and encoder is copied from it instead.
 */
export async function gzipPieces(pieces: readonly Piece[], level: number, previous: PieceEncoding | null = null): Promise<PieceEncoding> {
  const reusable = new Map<string, Uint8Array>();
  if (previous !== null && previous.encoder === pieceEncoder(level)) {
    for (const { key, start, length } of previous.pieces) reusable.set(key, previous.bytes.subarray(start, start + length));
  }
  const options = deflateOptions(level);
  const nonEmpty = pieces.filter((piece) => pieceLength(piece) > 0);
  const deflated: [string, Uint8Array][] = [];
  let next = 0;
  const deflateNext = async (): Promise<void> => {
    for (let at = next++; at < nonEmpty.length; at = next++) {
      const piece = nonEmpty[at]!;
      const key = pieceKey(piece);
      const kept = reusable.get(key);
      deflated[at] = [key, kept ?? (await new Promise<Uint8Array>((resolve, reject) => deflateRaw(joinedPiece(piece), options, (error, out) => (error ? reject(error) : resolve(out)))))];
    }
  };
  await Promise.all(Array.from({ length: DEFLATING_AT_ONCE }, deflateNext));
  return assemble(pieces, deflated, level);
}

function assemble(pieces: readonly Piece[], deflated: [key: string, data: Uint8Array][], level: number): PieceEncoding {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    for (const part of piece) {
      crc = crc32(part, crc);
      length += part.byteLength;
    }
  }
  const trailer = new Uint8Array(8);
  const view = new DataView(trailer.buffer);
  view.setUint32(0, crc, true);
  view.setUint32(4, length % 2 ** 32, true);
  const size = HEADER.byteLength + deflated.reduce((sum, [, data]) => sum + data.byteLength, 0) + LAST_BLOCK.byteLength + trailer.byteLength;
  const bytes = new Uint8Array(size);
  bytes.set(HEADER, 0);
  let offset = HEADER.byteLength;
  const encoded: EncodedPiece[] = [];
  for (const [key, data] of deflated) {
    bytes.set(data, offset);
    encoded.push({ key, start: offset, length: data.byteLength });
    offset += data.byteLength;
  }
  bytes.set(LAST_BLOCK, offset);
  bytes.set(trailer, offset + LAST_BLOCK.byteLength);
  return { bytes, pieces: encoded, encoder: pieceEncoder(level) };
}
