import { describe, expect, it } from "vitest";
import { etagFor, ifNoneMatchMatches } from "../../edge/conditional.ts";

const etag = etagFor("abc123");

describe("If-None-Match", () => {
  it("the ETag is the dataset_version in double quotes", () => {
    expect(etag).toBe('"abc123"');
  });
  it("the ETag sent back exactly as received matches", () => {
    expect(ifNoneMatchMatches('"abc123"', etag)).toBe(true);
  });
  it("a weak form of the ETag matches", () => {
    expect(ifNoneMatchMatches('W/"abc123"', etag)).toBe(true);
  });
  it("a list that contains the ETag matches, wherever it stands", () => {
    expect(ifNoneMatchMatches('"old", "abc123"', etag)).toBe(true);
    expect(ifNoneMatchMatches('W/"abc123" ,"other"', etag)).toBe(true);
    expect(ifNoneMatchMatches('"x",W/"y",  "abc123"', etag)).toBe(true);
  });
  it("an asterisk matches any current version", () => {
    expect(ifNoneMatchMatches("*", etag)).toBe(true);
  });
  it("another version does not match", () => {
    expect(ifNoneMatchMatches('"abc124"', etag)).toBe(false);
    expect(ifNoneMatchMatches('"old", W/"older"', etag)).toBe(false);
  });
  it("the version without its quotes does not match", () => {
    expect(ifNoneMatchMatches("abc123", etag)).toBe(false);
  });
  it("a tag that merely contains the version does not match", () => {
    expect(ifNoneMatchMatches('"abc123-gzip"', etag)).toBe(false);
    expect(ifNoneMatchMatches('"xabc123"', etag)).toBe(false);
  });
  it("a comma inside an entity tag does not split it", () => {
    expect(ifNoneMatchMatches('"a,"abc123""', etag)).toBe(false);
    expect(ifNoneMatchMatches('"a,b", "abc123"', etag)).toBe(true);
  });
  it("an absent or empty header does not match", () => {
    expect(ifNoneMatchMatches(null, etag)).toBe(false);
    expect(ifNoneMatchMatches(undefined, etag)).toBe(false);
    expect(ifNoneMatchMatches("", etag)).toBe(false);
  });
  it("an unterminated tag does not match, wherever it stands", () => {
    expect(ifNoneMatchMatches('"abc123', etag)).toBe(false);
    expect(ifNoneMatchMatches('"old", "abc123', etag)).toBe(false);
  });
  it("tabs separate the list's elements as spaces do", () => {
    expect(ifNoneMatchMatches('"old",\t"abc123"', etag)).toBe(true);
    expect(ifNoneMatchMatches('\t"abc123"\t', etag)).toBe(true);
  });
  it("an element that is no entity tag is skipped up to its comma", () => {
    expect(ifNoneMatchMatches('junk, "abc123"', etag)).toBe(true);
    expect(ifNoneMatchMatches('x,"abc123"', etag)).toBe(true);
    expect(ifNoneMatchMatches('junk "abc123"', etag)).toBe(false);
  });
  it("an empty tag or a tag holding a comma before the ETag does not hide it", () => {
    expect(ifNoneMatchMatches('"", "abc123"', etag)).toBe(true);
    expect(ifNoneMatchMatches('"a,", "abc123"', etag)).toBe(true);
  });
  it("a tag run into the one before it, without a comma, is not an element of its own", () => {
    expect(ifNoneMatchMatches('"old""abc123"', etag)).toBe(false);
    expect(ifNoneMatchMatches('"old" W/"abc123"', etag)).toBe(false);
    expect(ifNoneMatchMatches('"old"*', etag)).toBe(false);
  });
});
