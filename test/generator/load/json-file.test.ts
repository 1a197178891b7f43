import { describe, expect, it } from "vitest";
import { readJsonBytes } from "../../../generator/load/json-file.ts";
import { MAX_JSON_DEPTH } from "../../../generator/load/json-text.ts";

const encode = (text: string) => new TextEncoder().encode(text);

describe("readJsonBytes", () => {
  it("names the file after its name without .json", () => {
    expect(readJsonBytes("items/karambit-doppler.json", encode('{"slug": "karambit-doppler"}'))).toEqual({
      file: "items/karambit-doppler.json",
      name: "karambit-doppler",
      parsed: { json: { slug: "karambit-doppler" } },
      problems: [],
    });
  });

  it("reports a file that is not JSON, with line and column", () => {
    expect(readJsonBytes("guides/1.json", encode('{\n  "a": 1,\n}'))).toEqual({
      file: "guides/1.json",
      name: "1",
      parsed: null,
      problems: [{ file: "guides/1.json", path: "$", message: "not valid JSON at line 3, column 1: trailing comma before '}'" }],
    });
  });

  it("reports a file that is not UTF-8, with the bad byte and where it is", () => {
    const latin1 = Uint8Array.from([...encode('{\n"a": "caf'), 0xe9, ...encode('"}')]);
    expect(readJsonBytes("guides/1.json", latin1).problems).toEqual([
      { file: "guides/1.json", path: "$", message: "not valid UTF-8: bad byte 0xe9 at line 2, byte 10", expected: "a UTF-8 text file" },
    ]);
  });

  it("reports a key written twice but keeps the parsed JSON for the other checks", () => {
    const read = readJsonBytes("items/a.json", encode('{"slug": "a", "slug": "b"}'));
    expect(read.parsed).toEqual({ json: { slug: "b" } });
    expect(read.problems).toEqual([
      { file: "items/a.json", path: "$.slug", message: "key written twice in one object (line 1, column 15); JSON keeps only the last", expected: "each key once per object" },
    ]);
  });
});

describe("readJsonBytes on hostile files", () => {
  it("reports nesting deeper than the limit as a problem of the file, with the JSON path, instead of throwing", () => {
    const read = readJsonBytes("items/deep.json", encode(`{"slug": ${"[".repeat(5000)}${"]".repeat(5000)}}`));
    expect(read.parsed).toBeNull();
    expect(read.problems).toEqual([
      {
        file: "items/deep.json",
        path: `$.slug${"[0]".repeat(MAX_JSON_DEPTH - 1)}`,
        message: `not valid JSON at line 1, column ${10 + MAX_JSON_DEPTH - 1}: nested deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`,
      },
    ]);
  });
});
