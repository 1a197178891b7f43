import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, parseJsonText, scanJson } from "../../../generator/load/json-text.ts";

const errorOf = (text: string) => {
  const result = parseJsonText(text);
  return result.ok ? null : result.error;
};

describe("parseJsonText", () => {
  it("parses valid JSON, byte-order mark or not", () => {
    expect(parseJsonText('{"a": [1, "x", null]}')).toEqual({ ok: true, json: { a: [1, "x", null] }, duplicateKeys: [] });
  });

  it("points at a trailing comma by line and column", () => {
    expect(errorOf('{\n  "a": 1,\n}')).toEqual({ line: 3, column: 1, reason: "trailing comma before '}'" });
    expect(errorOf("[1, 2,]")).toEqual({ line: 1, column: 7, reason: "trailing comma before ']'" });
  });

  it("points at a missing comma", () => {
    expect(errorOf('{\n  "a": 1\n  "b": 2\n}')).toEqual({ line: 3, column: 3, reason: "expected ',' or '}' after a value, found \"\\\"\" (is a comma missing?)" });
  });

  it("explains single quotes, raw line breaks in strings and bad escapes", () => {
    expect(errorOf("{'a': 1}")?.reason).toBe("keys must use double quotes");
    expect(errorOf("['a']")?.reason).toBe("strings must use double quotes");
    expect(errorOf('{"a": "x\ny"}')).toEqual({ line: 1, column: 9, reason: "line break inside a string (write \\n)" });
    expect(errorOf('{"a": "\\x"}')?.reason).toBe("invalid escape \\x in a string");
  });

  it("explains a missing colon, an unterminated string, a cut-off file and text after the value", () => {
    expect(errorOf('{"a" 1}')?.reason).toBe('expected \':\' after the key "a", found "1"');
    expect(errorOf('{"a": "x')?.reason).toBe("unterminated string (a closing '\"' is missing)");
    expect(errorOf('{"a": ')?.reason).toBe("unexpected end of file (a value is missing)");
    expect(errorOf("{} {}")).toEqual({ line: 1, column: 4, reason: 'unexpected "{" after the end of the JSON value' });
  });

  it("explains numbers JSON does not allow", () => {
    expect(errorOf('{"seed": 01}')?.reason).toBe('invalid number (unexpected "1")');
    expect(errorOf('{"seed": .5}')?.reason).toBe('unexpected "." where a value should be');
  });

  it("finds a key written twice in one object, which JSON.parse would silently drop", () => {
    const result = parseJsonText('{"a": 1,\n "b": {"c": [{"note": 1, "note": 2}]},\n "a": 3}');
    expect(result).toEqual({
      ok: true,
      json: { a: 3, b: { c: [{ note: 2 }] } },
      duplicateKeys: [
        { path: "$.b.c[0].note", line: 2, column: 26 },
        { path: "$.a", line: 3, column: 2 },
      ],
    });
  });

  it("finds a key written twice whatever white space is written before its colon", () => {
    for (const gap of [" ", "\t", "\n", "\r\n", " \n\t "]) {
      const text = `{"a"${gap}: 1, "b": 2, "a"${gap}: 3}`;
      expect(parseJsonText(text), JSON.stringify(gap)).toMatchObject({ ok: true, duplicateKeys: [{ path: "$.a" }] });
    }
  });

  it("compares keys after decoding escapes", () => {
    expect(scanJson('{"a\\"b": 1, "a\\u0022b": 2, "c\\\\": 3}').duplicateKeys.map((key) => key.path)).toEqual(['$["a\\"b"]']);
  });
});

describe("parseJsonText on text that only looks like it has extra keys", () => {
  it("finds no duplicate when a string value holds an escaped quote followed by ':'", () => {
    expect(parseJsonText('{"quote": "he wrote \\"Tier 1\\": 661", "note": null}')).toEqual({
      ok: true,
      json: { quote: 'he wrote "Tier 1": 661', note: null },
      duplicateKeys: [],
    });
  });
});

describe("parseJsonText on hostile text", () => {
  it("refuses nesting deeper than the limit without overflowing the stack, naming where it happens", () => {
    // 5,000 nested arrays once overflowed the stack of the key counter.
    const deep = "[".repeat(5000) + "]".repeat(5000);
    expect(errorOf(deep)).toEqual({ line: 1, column: MAX_JSON_DEPTH + 1, reason: `nested deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`, path: `$${"[0]".repeat(MAX_JSON_DEPTH)}` });
  });

  it("refuses deep nesting inside an object, and inside a file that is not valid JSON either", () => {
    const deepObject = `{"a": ${'{"b": '.repeat(3000)}1${"}".repeat(3000)}}`;
    expect(errorOf(deepObject)?.path).toBe(`$.a${".b".repeat(MAX_JSON_DEPTH - 1)}`);
    expect(errorOf(`${"[".repeat(5000)}1,]`)?.reason).toBe(`nested deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`);
  });

  it("accepts nesting up to the limit", () => {
    const atLimit = "[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH);
    expect(parseJsonText(atLimit).ok).toBe(true);
  });

  it("names a control character, a comment and a missing closing brace", () => {
    expect(errorOf('{"a": "x\ty"}')).toEqual({ line: 1, column: 9, reason: "control character inside a string (escape it)" });
    expect(errorOf('{"a": 1 /* note */}')?.reason).toBe("comments are not allowed in JSON");
    expect(errorOf('{"a": [1, 2]')).toEqual({ line: 1, column: 13, reason: "unexpected end of file (a closing '}' is missing)" });
    expect(errorOf('{"a": "\\u12"}')).toEqual({ line: 1, column: 8, reason: "\\u must be followed by 4 hex digits" });
  });
});
