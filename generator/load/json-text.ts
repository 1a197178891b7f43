import { childPath } from "../validate/json-path.ts";

// JSON.parse says too little about where a hand-edited file went wrong and silently keeps the last of two
// equal keys. This scanner reads the same grammar (RFC 8259) to point at the first syntax error by line and
// column, in words an editor of the file understands, and to find keys written twice in one object.

export interface JsonSyntaxError {
  line: number;
  column: number;
  reason: string;
}

export interface DuplicateKey {
  /** JSON path of the second occurrence. */
  path: string;
  line: number;
  column: number;
}

export interface JsonScan {
  error: JsonSyntaxError | null;
  duplicateKeys: DuplicateKey[];
}

export type JsonParse = { ok: true; json: unknown; duplicateKeys: DuplicateKey[] } | { ok: false; error: JsonSyntaxError };

export function parseJsonText(text: string): JsonParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const { error } = scanJson(text);
    return { ok: false, error: error ?? { line: 1, column: 1, reason: "not valid JSON" } };
  }
  // Scanning a large file for duplicate keys costs more than parsing it, so it is done only when needed:
  // every member of every object is a string followed by ':', and nothing else in valid JSON is, except
  // an escaped quote followed by ':' inside a string. So if the text has no more `"` + ':' than the parsed
  // objects have keys, no key was dropped.
  if (colonsAfterQuotes(text) <= countKeys(json)) return { ok: true, json, duplicateKeys: [] };
  return { ok: true, json, duplicateKeys: scanJson(text, { known: "valid" }).duplicateKeys };
}

function colonsAfterQuotes(text: string): number {
  let count = 0;
  const pattern = /"[ \t\r\n]*:/g;
  while (pattern.exec(text) !== null) count++;
  return count;
}

function countKeys(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  let count = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) count += countKeys(value[i]);
    return count;
  }
  const keys = Object.keys(value);
  count = keys.length;
  for (let i = 0; i < keys.length; i++) count += countKeys((value as Record<string, unknown>)[keys[i]!]);
  return count;
}

class SyntaxStop {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** `known: "valid"` (JSON.parse already accepted the text) skips checking string contents, for speed. */
export function scanJson(text: string, options: { known?: "valid" } = {}): JsonScan {
  const validText = options.known === "valid";
  const duplicateKeys: DuplicateKey[] = [];
  // Path segments of the value being read; turned into a string only when a duplicate is found.
  const segments: (string | number)[] = [];
  let pos = 0;

  const fail = (reason: string, at = pos): never => {
    throw new SyntaxStop(at, reason);
  };
  const skipSpace = () => {
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) pos++;
      else return;
    }
  };
  const shown = (at: number) => (at >= text.length ? "the end of the file" : JSON.stringify(text[at]));

  const skipValidString = (): string => {
    const start = pos;
    let end = text.indexOf('"', pos + 1);
    for (;;) {
      // A quote preceded by an odd number of backslashes is escaped and does not end the string.
      let backslashes = 0;
      while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) break;
      end = text.indexOf('"', end + 1);
    }
    pos = end + 1;
    const raw = text.slice(start + 1, end);
    return raw.includes("\\") ? (JSON.parse(text.slice(start, pos)) as string) : raw;
  };

  const readString = (): string => {
    if (validText) return skipValidString();
    const start = pos;
    pos++;
    let escaped = false;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === QUOTE) break;
      if (Number.isNaN(c)) fail("unterminated string (a closing '\"' is missing)", start);
      if (c < 0x20) fail(c === 0x0a ? "line break inside a string (write \\n)" : "control character inside a string (escape it)");
      if (c === BACKSLASH) {
        escaped = true;
        const next = text[pos + 1];
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) fail("\\u must be followed by 4 hex digits");
          pos += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) fail(`invalid escape \\${next ?? ""} in a string`);
        pos += 2;
        continue;
      }
      pos++;
    }
    pos++;
    return escaped ? (JSON.parse(text.slice(start, pos)) as string) : text.slice(start + 1, pos - 1);
  };

  const readNumber = () => {
    const match = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
    match.lastIndex = pos;
    const found = match.exec(text);
    if (found === null) fail(`invalid number starting ${shown(pos)}`);
    pos += found![0].length;
    const c = text[pos];
    if (c !== undefined && /[0-9A-Za-z.+-]/.test(c)) fail(`invalid number (unexpected ${shown(pos)})`);
  };

  const readValue = (): void => {
    skipSpace();
    const c = text[pos];
    if (c === "{") return readObject();
    if (c === "[") return readArray();
    if (c === '"') {
      readString();
      return;
    }
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return readNumber();
    const literal = c === "t" ? "true" : c === "f" ? "false" : c === "n" ? "null" : undefined;
    if (literal !== undefined && text.startsWith(literal, pos)) {
      pos += literal.length;
      return;
    }
    if (c === undefined) fail("unexpected end of file (a value is missing)");
    if (c === "'") fail("strings must use double quotes");
    if (c === "}" || c === "]") fail(`a value is missing before ${shown(pos)}`);
    fail(`unexpected ${shown(pos)} where a value should be`);
  };

  const readObject = () => {
    pos++;
    skipSpace();
    if (text[pos] === "}") {
      pos++;
      return;
    }
    // Objects in the dataset have a dozen keys at most: a list beats a Set here.
    const keys: string[] = [];
    for (;;) {
      skipSpace();
      if (text[pos] !== '"') {
        if (text[pos] === "}") fail("trailing comma before '}'");
        fail(text[pos] === "'" ? "keys must use double quotes" : `expected a key in double quotes, found ${shown(pos)}`);
      }
      const keyStart = pos;
      const key = readString();
      if (keys.includes(key)) duplicateKeys.push({ path: pathOf([...segments, key]), ...lineColumn(text, keyStart) });
      keys.push(key);
      skipSpace();
      if (text[pos] !== ":") fail(`expected ':' after the key ${JSON.stringify(key)}, found ${shown(pos)}`);
      pos++;
      segments.push(key);
      readValue();
      segments.pop();
      skipSpace();
      if (text[pos] === ",") {
        pos++;
        continue;
      }
      if (text[pos] === "}") {
        pos++;
        return;
      }
      fail(`expected ',' or '}' after a value, found ${shown(pos)} (is a comma missing?)`);
    }
  };

  const readArray = () => {
    pos++;
    skipSpace();
    if (text[pos] === "]") {
      pos++;
      return;
    }
    for (let index = 0; ; index++) {
      skipSpace();
      if (text[pos] === "]") fail("trailing comma before ']'");
      segments.push(index);
      readValue();
      segments.pop();
      skipSpace();
      if (text[pos] === ",") {
        pos++;
        continue;
      }
      if (text[pos] === "]") {
        pos++;
        return;
      }
      fail(`expected ',' or ']' after a value, found ${shown(pos)} (is a comma missing?)`);
    }
  };

  try {
    if (text.charCodeAt(0) === 0xfeff) pos = 1;
    readValue();
    skipSpace();
    if (pos < text.length) fail(`unexpected ${shown(pos)} after the end of the JSON value`);
    return { error: null, duplicateKeys };
  } catch (stop) {
    if (stop instanceof SyntaxStop) return { error: { ...lineColumn(text, stop.offset), reason: stop.reason }, duplicateKeys };
    if (stop instanceof RangeError) return { error: { line: 1, column: 1, reason: "nested too deeply to read" }, duplicateKeys };
    throw stop;
  }
}

function pathOf(segments: readonly (string | number)[]): string {
  return segments.reduce<string>((path, segment) => childPath(path, segment), "$");
}

/** 1-based line and column (in UTF-16 code units, as editors count) of an offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
