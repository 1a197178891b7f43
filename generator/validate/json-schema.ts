import { z } from "zod";

export type JsonSchema = { [keyword: string]: unknown };

/**
 * JSON Schema (draft-07, what ajv's default build reads) generated from a zod schema: the zod schemas stay
 * the single source of truth. A regex check's own message ("a string of digits") becomes the schema's
 * `description`, so a problem can say what was expected in words rather than as a regular expression.
 */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: "draft-7",
    override: (context) => {
      const description = regexMessage(context.zodSchema);
      if (description !== undefined && context.jsonSchema.description === undefined) {
        context.jsonSchema.description = description;
      }
    },
  }) as JsonSchema;
}

interface RegexCheckDef {
  check?: string;
  format?: string;
  error?: (issue?: unknown) => unknown;
}

/** The message given to `.regex(pattern, message)`, when the schema has exactly one regex check. */
function regexMessage(schema: unknown): string | undefined {
  const checks = (schema as { _zod?: { def?: { checks?: { _zod?: { def?: RegexCheckDef } }[] } } })._zod?.def?.checks ?? [];
  const regexChecks = checks.map((check) => check._zod?.def).filter((def) => def?.check === "string_format" && def.format === "regex");
  if (regexChecks.length !== 1) return undefined;
  const message = regexChecks[0]?.error?.();
  return typeof message === "string" ? message : undefined;
}
