import type { JsonSchema } from "./json-schema.ts";
import { excerpt } from "./finding.ts";

// Words for the `(expected ...)` part of a problem, read off the JSON Schema the value failed, and for the
// value itself. Written for someone editing the JSON by hand, not for someone reading JSON Schema.

const FORMATS: Record<string, string> = {
  "date-time": "an ISO 8601 date-time with offset, e.g. 2024-03-01T18:20:00Z",
  date: "an ISO 8601 date, e.g. 2024-03-01",
  uri: "an absolute URL, e.g. https://example.com/guide",
};

export function describeSchema(schema: unknown, depth = 0): string {
  if (schema === true) return "any value";
  if (schema === false || schema === null || typeof schema !== "object") return "nothing (no value is allowed here)";
  const s = schema as JsonSchema;
  if (typeof s.description === "string") return s.description;
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return `one of ${s.enum.map((value) => JSON.stringify(value)).join(", ")}`;
  if (Array.isArray(s.anyOf)) return s.anyOf.map((branch) => describeSchema(branch, depth)).join(" or ");
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  if (types.length === 0) return "any value";
  return types.map((type) => describeType(type, s, depth)).join(" or ");
}

function describeType(type: string, s: JsonSchema, depth: number): string {
  switch (type) {
    case "null":
      return "null";
    case "boolean":
      return "true or false";
    case "integer":
      return `an integer${range(s)}`;
    case "number":
      return `a number${range(s)}`;
    case "string":
      return describeString(s);
    case "array":
      return describeArray(s, depth);
    case "object":
      return describeObject(s, depth);
    default:
      return type;
  }
}

function range(s: JsonSchema): string {
  const min = typeof s.minimum === "number" ? s.minimum : undefined;
  // zod writes Number.MAX_SAFE_INTEGER as the maximum of every integer; it is no limit a person means.
  const max = typeof s.maximum === "number" && s.maximum < Number.MAX_SAFE_INTEGER ? s.maximum : undefined;
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` ≥ ${min}`;
  if (max !== undefined) return ` ≤ ${max}`;
  return "";
}

function describeString(s: JsonSchema): string {
  if (typeof s.format === "string" && FORMATS[s.format]) return FORMATS[s.format] as string;
  if (typeof s.pattern === "string") return `a string matching /${s.pattern}/`;
  if (typeof s.minLength === "number" && s.minLength > 0) return "a non-empty string";
  return "a string";
}

function describeArray(s: JsonSchema, depth: number): string {
  const kind = typeof s.minItems === "number" && s.minItems > 0 ? "a non-empty array" : "an array";
  if (depth > 0 || s.items === undefined) return kind;
  return `${kind} (each entry ${describeSchema(s.items, depth + 1)})`;
}

function describeObject(s: JsonSchema, depth: number): string {
  const properties = Object.keys((s.properties as object | undefined) ?? {});
  if (depth > 1 || properties.length === 0) return "an object";
  // Optional fields carry a "?", as in TypeScript.
  const required = new Set((s.required as string[] | undefined) ?? []);
  return `an object {${properties.map((name) => (required.has(name) ? name : `${name}?`)).join(", ")}}`;
}

/** The fields an object schema allows, for an unknown-field problem. */
export function allowedFields(schema: unknown): string[] {
  if (schema === null || typeof schema !== "object") return [];
  return Object.keys(((schema as JsonSchema).properties as object | undefined) ?? {});
}

/** A value as a problem shows it: strings quoted (and cut short), containers by size. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "string") return excerpt(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? "an empty array" : `an array of ${value.length}`;
  if (typeof value === "object") return "an object";
  return typeof value;
}

/** JSON's own name for a value's type, as JSON Schema's `type` keyword uses it. */
export function jsonType(value: unknown): "null" | "boolean" | "integer" | "number" | "string" | "array" | "object" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "boolean" || typeof value === "string") return typeof value as "boolean" | "string";
  return "object";
}

/** Whether a value has one of the types a schema allows (integers count as numbers). */
export function typeMatches(schema: unknown, value: unknown): boolean {
  if (schema === null || typeof schema !== "object") return schema === true;
  const s = schema as JsonSchema;
  if (Array.isArray(s.anyOf)) return s.anyOf.some((branch) => typeMatches(branch, value));
  if ("const" in s) return jsonType(s.const) === jsonType(value) || (typeof s.const === "number" && typeof value === "number");
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  if (types.length === 0) return true;
  const actual = jsonType(value);
  return types.includes(actual) || (actual === "integer" && types.includes("number"));
}
