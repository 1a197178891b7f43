import type { Problem } from "../dataset.ts";
import { MAX_JSON_DEPTH, parseJsonText } from "./json-text.ts";
import type { RawJsonFile } from "./raw-dataset.ts";
import { byteLineColumn, decodeUtf8 } from "./utf8.ts";

/** The name of a dataset file without its folder and ".json": the slug or platform_id the file must hold. */
export function fileStem(file: string): string {
  return file.slice(file.lastIndexOf("/") + 1).replace(/\.json$/, "");
}

/** One dataset JSON file from its bytes: decoded as strict UTF-8, parsed, every problem kept. */
export function readJsonBytes(file: string, bytes: Uint8Array, maxDepth = MAX_JSON_DEPTH): RawJsonFile {
  const name = fileStem(file);
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    const { line, column } = byteLineColumn(bytes, decoded.offset);
    const problem: Problem = {
      file,
      path: "$",
      message: `not valid UTF-8: bad byte 0x${bytes[decoded.offset]!.toString(16).padStart(2, "0")} at line ${line}, byte ${column}`,
      expected: "a UTF-8 text file",
    };
    return { file, name, parsed: null, problems: [problem] };
  }
  const result = parseJsonText(decoded.text, maxDepth);
  if (!result.ok) {
    const { line, column, reason, path = "$" } = result.error;
    return { file, name, parsed: null, problems: [{ file, path, message: `not valid JSON at line ${line}, column ${column}: ${reason}` }] };
  }
  const problems = result.duplicateKeys.map(
    (duplicate): Problem => ({
      file,
      path: duplicate.path,
      message: `key written twice in one object (line ${duplicate.line}, column ${duplicate.column}); JSON keeps only the last`,
      expected: "each key once per object",
    }),
  );
  return { file, name, parsed: { json: result.json }, problems };
}

/**
 * The same as readJsonBytes for bytes that readJsonBytes already read without a problem (the same
 * bytes, the same depth limit): decoding and JSON.parse give the same value, and the scans that look
 * for duplicate keys and deep nesting, which found none, are skipped. Bytes that do not decode or
 * parse after all get the full read.
 */
export function readCleanJsonBytes(file: string, bytes: Uint8Array, maxDepth = MAX_JSON_DEPTH): RawJsonFile {
  const decoded = decodeUtf8(bytes);
  if (decoded.ok) {
    try {
      return { file, name: fileStem(file), parsed: { json: JSON.parse(decoded.text) as unknown }, problems: [] };
    } catch {
      // Not the bytes they were said to be; the full read says what is wrong.
    }
  }
  return readJsonBytes(file, bytes, maxDepth);
}
