// TypeScript declarations for the typed client (client/): one type per component schema of the
// document, and the map of endpoints from the path table. The client's types come from the same zod
// schemas and the same table as the build, and the client package needs neither zod nor the
// generator. Covers the JSON Schema the zod schemas generate (objects, records, arrays, enums,
// consts, nullable unions, $ref); anything else is refused.
//
// Own code rather than openapi-typescript: that package's `paths` and `operations` interfaces key a
// body by status and media type and name the envelope, not its `data`, so the client would still
// need a layer mapping each call to "the data of a 200"; the endpoint map needs what the document
// does not say directly (which bodies are enveloped, the template as a value to fill), which the path
// table does; and it would bring a parser's dependency tree to replace two short functions.

import { PARAMETERS } from "../../contract/parameters.ts";
import { descriptionOf } from "../../contract/path-descriptions.ts";
import { PATHS, type OperationName, type PathEntry, type PathName } from "../../contract/paths.ts";
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

/** The client's types: one per component schema, in the document's order, then the endpoints. */
export function typeDeclarations(schemas: Record<string, JsonSchema>): string {
  const out = [
    "// Generated from the description document's component schemas and the path table (contract/paths.ts)",
    "// by generator/openapi/typescript.ts (npm run client:build). Do not edit: change the zod schemas in",
    "// contract/schema/ or the path table instead.",
    "",
  ];
  for (const [name, schema] of Object.entries(schemas)) {
    if (typeof schema.description === "string") out.push(`/** ${schema.description.replaceAll("*/", "*\\/")} */`);
    out.push(`export type ${name} = ${typeOf(schema, "")};`, "");
  }
  return [...out, ...endpointDeclarations(schemas)].join("\n");
}

/**
 * `Endpoints`, by operationId: each described entry's path template, path and query parameters, and
 * the type of a 200's `data` (its whole body where not enveloped); and `ENDPOINTS`, the template and
 * the envelope as values, what a request is built from.
 */
function endpointDeclarations(schemas: Record<string, JsonSchema>): string[] {
  const described = (Object.keys(PATHS) as PathName[]).filter((name) => PATHS[name].operation !== null) as OperationName[];
  const members = (entry: PathEntry, where: "path" | "query") => {
    const fields = entry.parameters
      .map((name) => PARAMETERS[name])
      .filter((parameter) => parameter.in === where)
      .map((parameter) => `${propertyKey(parameter.name)}${where === "path" ? "" : "?"}: ${parameter.schema.type === "integer" ? "number" : "string"}`);
    return fields.length === 0 ? "Record<string, never>" : `{ ${fields.join("; ")} }`;
  };
  const responseType = (entry: PathEntry) => {
    if (entry.response === null) return "unknown";
    if (!(entry.response in schemas)) throw new Error(`${entry.template} answers ${entry.response}, which is not a component schema`);
    return entry.response;
  };
  const out = [
    "/** The endpoints by operationId: path template, parameters, and the type of a 200's `data` (its whole body where not enveloped). */",
    "export interface Endpoints {",
  ];
  for (const name of described) {
    const entry: PathEntry = PATHS[name];
    out.push(
      `  /** ${descriptionOf(name).summary} */`,
      `  ${entry.operation!.id}: {`,
      `    path: ${literal(entry.template)};`,
      `    params: ${members(entry, "path")};`,
      `    query: ${members(entry, "query")};`,
      `    response: ${responseType(entry)};`,
      `    enveloped: ${entry.enveloped};`,
      "  };",
    );
  }
  out.push("}", "", "/** What a request to each endpoint is built from. */");
  out.push('export const ENDPOINTS: { readonly [N in keyof Endpoints]: Pick<Endpoints[N], "path" | "enveloped"> } = {');
  for (const name of described) {
    const entry: PathEntry = PATHS[name];
    out.push(`  ${entry.operation!.id}: { path: ${literal(entry.template)}, enveloped: ${entry.enveloped} },`);
  }
  out.push("};", "");
  return out;
}
