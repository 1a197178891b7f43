import { describe, expect, it } from "vitest";
import { parseManifest } from "../../contract/manifest.ts";

const valid = { format: 4, dataset_version: "3f9a1c", generation: "g-3f9a1c", index: "1200:0123456789abcdef", topics: [] };
const parse = (value: unknown) => parseManifest(JSON.stringify(value));

describe("manifest", () => {
  it("a well-formed manifest is read as is", () => {
    expect(parse(valid)).toEqual({ ok: true, manifest: valid });
  });
  it("a generation that would leave the dist folder is refused", () => {
    for (const generation of ["..", ".", "../etc", "a/b", "a\\b", "", "/abs", ".hidden"]) {
      expect(parse({ ...valid, generation }).ok).toBe(false);
    }
  });
  it("a dataset_version that cannot stand inside an ETag is refused", () => {
    for (const dataset_version of ["", 'a"b', "a b", "tab\t", "é", 42]) {
      expect(parse({ ...valid, dataset_version }).ok).toBe(false);
    }
  });
  it("a documents folder is read when present and refused when it would leave the dist folder", () => {
    expect(parse({ ...valid, docs: "docs-0a1b" })).toEqual({ ok: true, manifest: { ...valid, docs: "docs-0a1b" } });
    for (const docs of ["..", "a/b", "", 7, 'docs"x']) expect(parse({ ...valid, docs }).ok).toBe(false);
  });
  it("another format, earlier or later, is refused: a build of format 3 holds each pair's seeds in one pack, not in chunks", () => {
    expect(parse({ ...valid, format: 3 }).ok).toBe(false);
    expect(parse({ ...valid, format: 5 }).ok).toBe(false);
  });
  it("the serving index's fingerprint is required, in its one form", () => {
    for (const index of [undefined, "", "12", "12:0123", "12:0123456789ABCDEF", "x:0123456789abcdef"]) expect(parse({ ...valid, index }).ok).toBe(false);
  });
  it("topics must be strings", () => {
    expect(parse({ ...valid, topics: [1] }).ok).toBe(false);
    expect(parse({ ...valid, topics: undefined }).ok).toBe(false);
  });
  it("a refusal names the manifest, the JSON path and what was expected there", () => {
    const message = (value: unknown) => {
      const result = parse(value);
      return result.ok ? null : result.message;
    };
    // A build of an earlier layout is refused whole, with what to do about it.
    expect(message({ ...valid, format: 3 })).toBe("manifest.json: format must be 4, got 3; a build of another format is read by the version of this project that wrote it (rebuild it with `npm run build`)");
    expect(message({ ...valid, generation: "../etc" })).toBe('manifest.json: generation must be a plain folder name, got "../etc"');
    expect(message({ ...valid, dataset_version: "a b" })).toBe(`manifest.json: dataset_version must be printable ASCII without spaces or '"', got "a b"`);
    expect(message({ ...valid, dataset_version: 42 })).toBe("manifest.json: dataset_version must be a string, got 42");
    expect(message({ ...valid, topics: ["fade", 1] })).toBe("manifest.json: topics[1] must be a string, got 1");
    expect(message({ ...valid, topics: undefined })).toBe("manifest.json: topics must be an array of strings, got nothing");
    expect(message({ ...valid, docs: "a/b" })).toBe('manifest.json: docs must be a plain folder name, got "a/b"');
    expect(message({ ...valid, index: "12:0123456789ABCDEF" })).toBe('manifest.json: index must be a fingerprint "<bytes>:<16 hex digits>", got "12:0123456789ABCDEF"');
    expect(message({ ...valid, index: 12 })).toBe('manifest.json: index must be a fingerprint "<bytes>:<16 hex digits>", got 12');
    expect(message({ ...valid, generation: 7 })).toBe("manifest.json: generation must be a plain folder name, got 7");
    expect(message([valid])).toBe("manifest.json must hold a JSON object, got an array");
    expect(message(null)).toBe("manifest.json must hold a JSON object, got null");
    expect(message(42)).toBe("manifest.json must hold a JSON object, got 42");
    expect(message("manifest")).toBe('manifest.json must hold a JSON object, got "manifest"');
  });
  it("every problem is named, not only the first", () => {
    expect(parse({ format: 4, dataset_version: "v", topics: "x" })).toEqual({
      ok: false,
      message: "manifest.json: generation must be a plain folder name, got nothing; index must be a fingerprint \"<bytes>:<16 hex digits>\", got nothing; topics must be an array of strings, got \"x\"",
    });
  });
  it("keys the edge does not know are left out of the manifest it reads", () => {
    expect(parse({ ...valid, later: true })).toEqual({ ok: true, manifest: valid });
  });
  it("is read from bytes as from text", () => {
    expect(parseManifest(new TextEncoder().encode(JSON.stringify(valid)))).toEqual({ ok: true, manifest: valid });
  });
  it("the serving index's fingerprint is refused with anything around it", () => {
    for (const index of ["x1200:0123456789abcdef", "1200:0123456789abcdefx", "1234567890123:0123456789abcdef"]) expect(parse({ ...valid, index }).ok, index).toBe(false);
  });
  it("text that is not JSON is refused with a message", () => {
    const result = parseManifest("{not json");
    expect(result).toEqual({ ok: false, message: "manifest.json is not valid JSON" });
  });
});
