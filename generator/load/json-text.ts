import { printParseErrorCode, visit, type ParseErrorCode } from "jsonc-parser";
import { childPath } from "../validate/json-path.ts";

// JSON.parse says too little about where a hand-edited file went wrong and silently keeps the last of two
// equal keys. JSON.parse still builds the value (it is native and several times faster); jsonc-parser, a
// maintained scanner that reports offsets and the path of every key, is run over the text when JSON.parse
// fails (to say where and why, in words an editor of the file understands) or when a key may be written
// twice. Both stages refuse nesting deeper than a limit: the recursive stages after loading (and
// jsonc-parser itself) would otherwise overflow the stack on a hostile file.

/** How deeply objects and arrays may nest in a dataset file. The deepest dataset file needs 6 levels. */
export const MAX_JSON_DEPTH = 64;

export interface JsonSyntaxError {
  line: number;
  column: number;
  reason: string;
  /** The JSON path where reading stopped, when it says more than the line: the container nested too deeply. */
  path?: string;
}

export interface DuplicateKey {
  /** JSON path of the second occurrence. */
  path: string;
  line: number;
  column: number;
}

export type JsonParse = { ok: true; json: unknown; duplicateKeys: DuplicateKey[] } | { ok: false; error: JsonSyntaxError };

export function parseJsonText(text: string, maxDepth = MAX_JSON_DEPTH): JsonParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const { error } = scanJson(text, maxDepth);
    return { ok: false, error: error ?? { line: 1, column: 1, reason: "not valid JSON" } };
  }
  // Scanning a large file for duplicate keys costs more than parsing it, so it is done only when needed:
  // every member of every object is a string followed by ':', and nothing else in valid JSON is, except
  // an escaped quote followed by ':' inside a string. So if the text has no more `"` + ':' than the parsed
  // objects have keys, no key was dropped.
  const measured = measure(json, maxDepth);
  if (!measured.tooDeep && colonsAfterQuotes(text) <= measured.keys) return { ok: true, json, duplicateKeys: [] };
  const scan = scanJson(text, maxDepth);
  // JSON.parse accepted the text, so the only error the scan can add is the depth limit.
  if (measured.tooDeep && scan.error !== null) return { ok: false, error: scan.error };
  return { ok: true, json, duplicateKeys: scan.duplicateKeys };
}

/** Colons with only white space between them and a `"` before. */
function colonsAfterQuotes(text: string): number {
  // Colon by colon with indexOf: six times faster than a regular expression over a dataset's tens of
  // megabytes, where colons are few but quotes are many.
  let count = 0;
  for (let colon = text.indexOf(":"); colon !== -1; colon = text.indexOf(":", colon + 1)) {
    let before = colon - 1;
    let c = text.charCodeAt(before);
    while (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d) c = text.charCodeAt(--before);
    if (c === 0x22) count++;
  }
  return count;
}

/** Keys of every object, and whether nesting passes the limit; iterative, so any depth is safe to walk. */
function measure(root: unknown, maxDepth: number): { keys: number; tooDeep: boolean } {
  let keys = 0;
  const pending: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (value === null || typeof value !== "object") continue;
    if (depth + 1 > maxDepth) return { keys, tooDeep: true };
    const children = Array.isArray(value) ? value : Object.values(value);
    if (!Array.isArray(value)) keys += children.length;
    for (let i = 0; i < children.length; i++) {
      const child: unknown = children[i];
      if (child !== null && typeof child === "object") pending.push({ value: child, depth: depth + 1 });
    }
  }
  return { keys, tooDeep: false };
}

class ScanStop {
  readonly error: JsonSyntaxError;
  constructor(error: JsonSyntaxError) {
    this.error = error;
  }
}

/** The first syntax error (or nesting past `maxDepth`) and every key written twice, with where they are. */
export function scanJson(text: string, maxDepth = MAX_JSON_DEPTH): { error: JsonSyntaxError | null; duplicateKeys: DuplicateKey[] } {
  const duplicateKeys: DuplicateKey[] = [];
  // One entry per open container: the keys met so far in an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let lastKey = "";
  let lastLiteralEnd = -1;
  const enter = (keys: Set<string> | null, offset: number, line: number, character: number, path: () => (string | number)[]) => {
    if (open.length >= maxDepth) {
      throw new ScanStop({ line: line + 1, column: character + 1, reason: `nested deeper than ${maxDepth} levels of objects and arrays`, path: pathOf(path()) });
    }
    open.push(keys);
  };
  try {
    visit(
      text,
      {
        onObjectBegin: (offset, _length, line, character, path) => enter(new Set(), offset, line, character, path),
        onArrayBegin: (offset, _length, line, character, path) => enter(null, offset, line, character, path),
        onObjectEnd: () => void open.pop(),
        onArrayEnd: () => void open.pop(),
        onObjectProperty: (key, _offset, _length, line, character, path) => {
          const keys = open.at(-1);
          if (keys?.has(key)) duplicateKeys.push({ path: pathOf([...path(), key]), line: line + 1, column: character + 1 });
          keys?.add(key);
          lastKey = key;
        },
        onLiteralValue: (_value, offset, length) => {
          lastLiteralEnd = offset + length;
        },
        onError: (code, offset, length, line, character) => {
          const explained = explain(text, code, offset, length, { inObject: open.at(-1) instanceof Set, lastKey, lastLiteralEnd });
          const at = explained.at ?? offset;
          const position = at === offset ? { line: line + 1, column: character + 1 } : lineColumn(text, at);
          throw new ScanStop({ ...position, reason: explained.reason });
        },
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch (stop) {
    if (stop instanceof ScanStop) return { error: stop.error, duplicateKeys };
    throw stop;
  }
  return { error: null, duplicateKeys };
}

interface ScanState {
  inObject: boolean;
  lastKey: string;
  lastLiteralEnd: number;
}

/** Words for jsonc-parser's error codes, and a better offset where the scanner reports a whole token. */
function explain(text: string, code: ParseErrorCode, offset: number, length: number, state: ScanState): { reason: string; at?: number } {
  const found = shown(text, offset);
  const before = previousNonSpace(text, offset);
  const closer = state.inObject ? "'}'" : "']'";
  // The enum is declared `const` (erased at compile time), so its names are matched instead.
  switch (printParseErrorCode(code)) {
    case "InvalidSymbol":
      if (text[offset] === "'") return { reason: state.inObject && (before === "{" || before === ",") ? "keys must use double quotes" : "strings must use double quotes" };
      return { reason: `unexpected ${found} where a value should be` };
    case "PropertyNameExpected":
      if (text[offset] === "}" && before === ",") return { reason: "trailing comma before '}'" };
      if (offset >= text.length) return { reason: "unexpected end of file (a key is missing)" };
      return { reason: `expected a key in double quotes, found ${found}` };
    case "ValueExpected":
      if (offset >= text.length) return { reason: "unexpected end of file (a value is missing)" };
      if ((text[offset] === "]" || text[offset] === "}") && before === ",") return { reason: `trailing comma before '${text[offset]}'` };
      if (text[offset] === "]" || text[offset] === "}") return { reason: `a value is missing before ${found}` };
      return { reason: `unexpected ${found} where a value should be` };
    case "ColonExpected":
      return { reason: `expected ':' after the key ${JSON.stringify(state.lastKey)}, found ${found}` };
    case "CommaExpected":
      // "01", "1x": the scanner ends the number early and then misses a comma.
      if (offset === state.lastLiteralEnd && /[0-9A-Za-z.+-]/.test(text[offset] ?? "")) return { reason: `invalid number (unexpected ${found})` };
      return { reason: `expected ',' or ${closer} after a value, found ${found} (is a comma missing?)` };
    case "CloseBraceExpected":
    case "CloseBracketExpected": {
      const missing = printParseErrorCode(code) === "CloseBraceExpected" ? "'}'" : "']'";
      if (offset >= text.length) return { reason: `unexpected end of file (a closing ${missing} is missing)` };
      return { reason: `expected ',' or ${missing} after a value, found ${found} (is a comma missing?)` };
    }
    case "EndOfFileExpected":
      return { reason: `unexpected ${found} after the end of the JSON value` };
    case "InvalidCommentToken":
    case "UnexpectedEndOfComment":
      return { reason: "comments are not allowed in JSON" };
    case "InvalidNumberFormat":
    case "UnexpectedEndOfNumber":
      return { reason: `invalid number ${JSON.stringify(text.slice(offset, offset + length))} (a digit is missing)` };
    case "UnexpectedEndOfString":
    case "InvalidUnicode":
    case "InvalidEscapeCharacter":
    case "InvalidCharacter":
      return stringError(text, offset);
    default:
      return { reason: `unexpected ${found}` };
  }
}

/** The scanner reports a bad string at its opening quote; this finds the character that is wrong. */
function stringError(text: string, start: number): { reason: string; at: number } {
  for (let at = start + 1; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === 0x22) break;
    if (c === 0x0a || c === 0x0d) return { reason: "line break inside a string (write \\n)", at };
    if (c < 0x20) return { reason: "control character inside a string (escape it)", at };
    if (c !== 0x5c) continue;
    const next = text[at + 1];
    if (next === "u") {
      if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) return { reason: "\\u must be followed by 4 hex digits", at };
      at += 5;
    } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
      at++;
    } else {
      return { reason: `invalid escape \\${next ?? ""} in a string`, at };
    }
  }
  return { reason: "unterminated string (a closing '\"' is missing)", at: start };
}

function shown(text: string, at: number): string {
  return at >= text.length ? "the end of the file" : JSON.stringify(text[at]);
}

function previousNonSpace(text: string, offset: number): string | undefined {
  for (let at = offset - 1; at >= 0; at--) {
    const c = text[at]!;
    if (c !== " " && c !== "\n" && c !== "\r" && c !== "\t") return c;
  }
  return undefined;
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
