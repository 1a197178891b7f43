import { z } from "zod";
import { MAX_SEED, PATH_SAFE_ID, PLATFORM_ID, SLUG } from "../../edge/routes.ts";

// Spec: "ISO 8601 local date-time without offset" (guide `posted`/`updated`).
export const localDateTime = z
  .string()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/,
    "an ISO 8601 local date-time without offset, e.g. 2024-03-01T18:20:00",
  );

// Spec: `snapshot.retrieved_at` is "ISO 8601 timestamp with offset".
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

export const quoted = z.object({ quote: z.string().min(1) }).strict();
