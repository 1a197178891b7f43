export type Utf8Result = { ok: true; text: string } | { ok: false; offset: number };

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Strict UTF-8 decoding (a leading byte-order mark is dropped); on failure, the offset of the first bad byte. */
export function decodeUtf8(bytes: Uint8Array): Utf8Result {
  try {
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    return { ok: false, offset: firstInvalidUtf8Byte(bytes) };
  }
}

/** Walks the UTF-8 encoding rules (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF). */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let min: number;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2, min = 0x80;
    else if (b === 0xe0) length = 3, min = 0xa0;
    else if (b === 0xed) length = 3, min = 0x80, max = 0x9f;
    else if (b >= 0xe1 && b <= 0xef) length = 3, min = 0x80;
    else if (b === 0xf0) length = 4, min = 0x90;
    else if (b === 0xf4) length = 4, min = 0x80, max = 0x8f;
    else if (b >= 0xf1 && b <= 0xf3) length = 4, min = 0x80;
    else return i;
    const second = bytes[i + 1];
    if (second === undefined || second < min || second > max) return i;
    for (let k = 2; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return -1;
}

/** 1-based line and column (in bytes) of a byte offset, for messages. */
export function byteLineColumn(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
