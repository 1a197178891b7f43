import { z } from "zod";
import type { ErrorCode } from "../envelope.ts";

// The envelope around every body under /v1 and the bare /health body, as zod schemas so that the
// description document (generator/openapi) and the tests that validate responses share one source.
// The edge writes these bytes itself (contract/envelope.ts); these schemas only describe them.

export const errorCodes = ["bad_request", "not_found", "rate_limited", "internal_error"] as const satisfies readonly ErrorCode[];
// Every ErrorCode the edge can send must be listed above.
type Missing = Exclude<ErrorCode, (typeof errorCodes)[number]>;
const everyCodeListed: Missing extends never ? true : false = true;
void everyCodeListed;

export const datasetVersionSchema = z.string();

export const errorEnvelopeSchema = z
  .object({
    dataset_version: datasetVersionSchema,
    error: z.object({ code: z.enum(errorCodes), message: z.string() }).strict(),
  })
  .strict();

export function dataEnvelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ dataset_version: datasetVersionSchema, data }).strict();
}

export const healthSchema = z.object({ status: z.enum(["ok", "error"]) }).strict();

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type Health = z.infer<typeof healthSchema>;
