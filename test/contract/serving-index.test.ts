import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { documentsFolderOf, parseServingIndex, servingIndexText, SERVING_INDEX_FILE } from "../../contract/serving-index.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("a serving index", () => {
  it("is the file files.json in the folder it vouches for", () => {
    expect(SERVING_INDEX_FILE).toBe("files.json");
  });

  it("is written with its files sorted by name, so equal folders give equal bytes", () => {
    const text = servingIndexText([["v1/meta.json", "12:0123456789abcdef"], ["v1/dump.json.gz", "3:fedcba9876543210"], ["changes.json", "5:00000000000000ff"]]);
    expect(text).toBe('{"files":{"changes.json":"5:00000000000000ff","v1/dump.json.gz":"3:fedcba9876543210","v1/meta.json":"12:0123456789abcdef"}}\n');
    expect(servingIndexText([["b", "1:0000000000000000"], ["a", "1:0000000000000000"], ["b", "2:0000000000000000"]])).toBe('{"files":{"a":"1:0000000000000000","b":"2:0000000000000000"}}\n');
  });

  it("reads back the files it names with their fingerprints", () => {
    const files: [string, string][] = [["v1/meta.json", "12:0123456789abcdef"], ["v1/items/7/44/seeds.pack", "123456789012:fedcba9876543210"]];
    expect(parseServingIndex(bytes(servingIndexText(files)))).toEqual(new Map(files));
    expect(parseServingIndex(bytes('{"files":{}}'))).toEqual(new Map());
  });

  it("says why bytes are not an index: not JSON, no files object, or a value that is not a fingerprint", () => {
    expect(parseServingIndex(bytes("{"))).toBe(`${SERVING_INDEX_FILE} is not valid JSON`);
    for (const text of ["null", "[]", '{"files":null}', '{"files":[]}', '{"files":"x"}', "{}"]) expect(parseServingIndex(bytes(text)), text).toBe(`${SERVING_INDEX_FILE} has no "files" object`);
    for (const print of ["12:0123456789ABCDEF", "12:0123456789abcde", "12:0123456789abcdef0", ":0123456789abcdef", "1234567890123:0123456789abcdef", "x12:0123456789abcdef", "12:0123456789abcdefx", 12, ["12:0123456789abcdef"]]) {
      expect(parseServingIndex(bytes(JSON.stringify({ files: { "v1/meta.json": print } }))), String(print)).toBe(`${SERVING_INDEX_FILE}: files["v1/meta.json"] is not a fingerprint`);
    }
  });
});

describe("a documents folder", () => {
  it("is named docs- and the first 20 hex digits of its index's SHA-256", async () => {
    const index = bytes(servingIndexText([["openapi.json", "2:0123456789abcdef"]]));
    expect(await documentsFolderOf(index)).toBe(`docs-${createHash("sha256").update(index).digest("hex").slice(0, 20)}`);
  });
});
