// TypeScript declarations of the document's component schemas, for the typed client (client/): the
// client's types come from the same zod schemas as the build, through the document, and the client
// package needs neither zod nor the generator. Covers the JSON Schema the zod schemas generate
// (objects, records, arrays, enums, consts, nullable unions, $ref); anything else is refused.

import type { JsonSchema } from "./schemas.ts";

const HANDLED = new Set([
  "$ref", "type", "properties", "required", "additionalProperties", "propertyNames", "items", "anyOf", "enum", "const",
  // Constraints and notes: no TypeScript counterpart, checked by the server, not by types.
  "description", "format", "pattern", "minimum", "maximum", "minItems", "minLength", "maxLength",
]);

const literal = (value: unknown) => JSON.stringify(value);
const refName = (ref: string) => ref.replace("#/components/schemas/", "");
const propertyKey = (key: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : literal(key));

function typeOf(schema: JsonSchema, indent: string): string {
  for (const keyword of Object.keys(schema)) {
    if (!HANDLED.has(keyword)) throw new Error(`the client's types cannot express the JSON Schema keyword "${keyword}"`);
  }
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  if ("const" in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(" | ");
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map((member) => typeOf(member, indent)).join(" | ");
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  return types.map((type) => single(type, schema, indent)).join(" | ");
}

function single(type: string, schema: JsonSchema, indent: string): string {
  switch (type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const items = typeOf((schema.items ?? {}) as JsonSchema, indent);
      return /[ |]/.test(items) ? `Array<${items}>` : `${items}[]`;
    }
    case "object":
      return objectType(schema, indent);
    default:
      throw new Error(`the client's types cannot express the JSON Schema type "${type}"`);
  }
}

function objectType(schema: JsonSchema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(([key, value]) => {
    const note = typeof value.description === "string" ? `${inner}/** ${value.description.replaceAll("*/", "*\\/")} */\n` : "";
    return `${note}${inner}${propertyKey(key)}${required.has(key) ? "" : "?"}: ${typeOf(value, inner)};`;
  });
  const extra = schema.additionalProperties;
  if (extra && typeof extra === "object") {
    // A record: zod's z.record(keys, values). Keys are strings in JSON whatever their pattern.
    lines.push(`${inner}[key: string]: ${typeOf(extra as JsonSchema, inner)};`);
  }
  return lines.length === 0 ? "Record<string, never>" : `{\n${lines.join("\n")}\n${indent}}`;
}

/** The declarations, one exported type per component schema, in the document's order. */
export function typeDeclarations(schemas: Record<string, JsonSchema>): string {
  const out = [
    "// Generated from the description document's component schemas by generator/openapi/typescript.ts",
    "// (npm run client:build). Do not edit: change the zod schemas in contract/schema/ instead.",
    "",
  ];
  for (const [name, schema] of Object.entries(schemas)) {
    if (typeof schema.description === "string") out.push(`/** ${schema.description.replaceAll("*/", "*\\/")} */`);
    out.push(`export type ${name} = ${typeOf(schema, "")};`, "");
  }
  return out.join("\n");
}
