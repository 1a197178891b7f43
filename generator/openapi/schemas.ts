// The `components.schemas` of the description document, generated from the zod schemas that type
// the derivations (generator/derive/derivations.ts, each named by its endpoint's registration) and
// the shared parts they are made of (contract/schema/): one source for the build, the tests and the
// document.

import { z } from "zod";
import { dataEnvelopeOf, errorEnvelopeSchema, healthSchema } from "../../contract/schema/envelope.ts";
import { changesSchema } from "../../contract/schema/changes.ts";
import { guideBlockSchema, itemRefSchema, itemSchema, patternEntrySchema, verdictSchema } from "../../contract/schema/responses.ts";
import type { ResponseSchemaName } from "../../contract/paths.ts";
import { DERIVATIONS, type Derivation } from "../derive/derivations.ts";

export type JsonSchema = { [keyword: string]: unknown };

/** The `data` schema of each endpoint, by the component name its registration gives; each also gets `<name>Envelope`, the body under /v1. */
const dataSchemas = new Map((Object.values(DERIVATIONS) as Derivation[]).map((derivation) => [derivation.endpoint.response, derivation.schema]));

/** Shared parts named so that the document refers to them instead of repeating them. */
const partSchemas = {
  Item: itemSchema,
  ItemRef: itemRefSchema,
  GuideBlock: guideBlockSchema,
  Verdict: verdictSchema,
  PatternEntry: patternEntrySchema,
  ErrorEnvelope: errorEnvelopeSchema,
  Health: healthSchema,
  Changes: changesSchema,
} as const;

/** Every component schema's name. */
export type ComponentName = keyof typeof partSchemas | ResponseSchemaName | `${ResponseSchemaName}Envelope`;

export function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(partSchemas)) registry.add(schema, { id });
  for (const [id, schema] of dataSchemas) {
    registry.add(schema, { id });
    registry.add(dataEnvelopeOf(schema), { id: `${id}Envelope` });
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "output",
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  const out: Record<string, JsonSchema> = {};
  for (const name of Object.keys(schemas).sort()) out[name] = tidy(schemas[name]!) as JsonSchema;
  return out;
}

const SAFE_INTEGER = 9007199254740991;

/**
 * Drops what zod adds for its own bookkeeping: the per-schema `$schema`/`$id` (OpenAPI 3.1 sets the
 * dialect once, `jsonSchemaDialect`) and the ±2^53 bounds of `z.int()`, which are JavaScript's safe
 * integers, not constraints of the API.
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "$schema" || key === "$id") continue;
    if ((key === "maximum" && inner === SAFE_INTEGER) || (key === "minimum" && inner === -SAFE_INTEGER)) continue;
    out[key] = tidy(inner);
  }
  return out;
}
