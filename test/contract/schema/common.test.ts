import { describe, expect, it } from "vitest";
import { localDateTime, pathSafeId, platformId, slug, webUrl } from "../../../contract/schema/common.ts";
import type { z } from "zod";

/** What `npm run check` says of a value a field refuses: each of its issues' messages. */
const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe("the dataset's common fields", () => {
  it("say what each expects", () => {
    expect(messages(localDateTime, "2024-03-01 18:20")).toEqual(["an ISO 8601 local date-time without offset, e.g. 2024-03-01T18:20:00"]);
    expect(messages(pathSafeId, "Blue")).toEqual(["lowercase letters, digits, '_' or '-', starting with a letter or digit, at most 100 characters"]);
    expect(messages(platformId, "12a")).toEqual(["a string of digits"]);
    expect(messages(slug, "ak--47")).toEqual(["a slug: lowercase letters and digits joined by single '-'"]);
  });

  it("take a guide's address only as an https or http URL, and refuse any other scheme as no URL at all", () => {
    expect(messages(webUrl, "https://example.com/guide")).toEqual([]);
    expect(messages(webUrl, "http://example.com/guide")).toEqual([]);
    for (const address of ["ftp://example.com/guide", "javascript:alert(1)", "xhttps://example.com/guide", "httpsx://example.com/guide"]) {
      expect(messages(webUrl, address), address).toEqual(["Invalid URL", "an https or http URL, e.g. https://example.com/guide"]);
    }
  });
});
