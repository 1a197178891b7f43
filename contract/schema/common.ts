import { z } from "zod";
import { MAX_SEED, PATH_SAFE_ID, PLATFORM_ID, SLUG } from "../parameters.ts";

// A guide's `posted`/`updated`: an ISO 8601 local date-time without offset
// (dataset/README.md, "Guide documents: guides/<platform_id>.json").
export const localDateTime = z
  .string()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/,
    "an ISO 8601 local date-time without offset, e.g. 2024-03-01T18:20:00",
  );

// `snapshot.retrieved_at`: an ISO 8601 timestamp with offset
// (dataset/README.md, "Guide documents: guides/<platform_id>.json").
export const offsetDateTime = z.iso.datetime({ offset: true });

export const isoDate = z.iso.date();

export const seed = z.int().min(0).max(MAX_SEED);

export const nonNegativeInt = z.int().min(0);

/** Ids that become file names under dist/ must be safe path segments. */
export const pathSafeId = z
  .string()
  .regex(PATH_SAFE_ID, "lowercase letters, digits, '_' or '-', starting with a letter or digit, at most 100 characters");

export const platformId = z.string().regex(PLATFORM_ID, "a string of digits");

export const slug = z.string().regex(SLUG, "a slug: lowercase letters and digits joined by single '-'");

/**
 * A guide page's address. Only a web page can be one: every consumer is handed it as a link, and a
 * `javascript:`, `data:` or `file:` address would run or open something on the reader's machine instead.
 * The pattern carries the rule into the JSON Schema `npm run check`, editors and the API description use.
 */
export const webUrl = z
  .url({ protocol: /^https?$/ })
  .regex(/^https?:\/\/[^/?#\s]+/, "an https or http URL, e.g. https://example.com/guide")
  // zod's JSON Schema keeps one format per string and the pattern's displaces the URL's; both are meant.
  .meta({ format: "uri" });

export const quoted = z.object({ quote: z.string().min(1) }).strict();
