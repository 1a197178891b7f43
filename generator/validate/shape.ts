import type { ErrorObject } from "ajv";
import type { z } from "zod";
import { guideSchema, type Guide } from "../../contract/schema/guide.ts";
import { itemFileSchema, type ItemFile } from "../../contract/schema/item.ts";
import { allowedFields, describeSchema, describeValue, typeMatches } from "./describe.ts";
import { closestName } from "./did-you-mean.ts";
import { finding, type Finding } from "./finding.ts";
import { childPath, pointerToPath } from "./json-path.ts";
import { jsonSchemaOf, type JsonSchema } from "./json-schema.ts";
import { validatorFor } from "./shape-code.ts";

// Shape validation: the JSON Schema generated from the zod schemas, compiled once with ajv. A value that
// passes has exactly the zod-inferred type (the schemas have no defaults or transforms to apply), so the
// checked data is the parsed JSON itself, typed.

export type ShapeResult<T> = { ok: true; value: T } | { ok: false; findings: Finding[] };
export type ShapeCheck<T> = (json: unknown) => ShapeResult<T>;

function compileShape<T>(schema: z.ZodType<T>): ShapeCheck<T> {
  // allErrors: a maintainer wants every mistake in one run. verbose: errors carry the schema they
  // failed, which is where the words for "expected" come from. optimize: false skips ajv's clean-up
  // pass over the code it generates, which changes nothing that code does: compiling both shapes took
  // 100-115 ms instead of 260-340 ms, paid by every check and build at start-up, and validating the
  // scale fixture's 308 guides took the same time either way. The compiled code is kept between runs
  // (shape-code.ts).
  const validate = validatorFor(jsonSchemaOf(schema), { allErrors: true, verbose: true, strict: true, allowUnionTypes: true, code: { optimize: false } });
  return (json) => (validate(json) ? { ok: true, value: json as T } : { ok: false, findings: shapeFindings(validate.errors ?? [], json) });
}

// Compiled when first used, not when imported: a build whose source is already built checks nothing.
export const itemShape: ShapeCheck<ItemFile> = compiledWhenUsed(itemFileSchema);
export const guideShape: ShapeCheck<Guide> = compiledWhenUsed(guideSchema);

function compiledWhenUsed<T>(schema: z.ZodType<T>): ShapeCheck<T> {
  let check: ShapeCheck<T> | undefined;
  return (json) => (check ??= compileShape(schema))(json);
}

/** One problem per mistake: ajv's union noise resolved, one problem per wrong value, typos named. */
function shapeFindings(errors: readonly ErrorObject[], data: unknown): Finding[] {
  const kept = resolveUnions(errors);
  const valueErrors = new Map<string, ErrorObject>();
  const missing = new Map<string, ErrorObject>();
  const unknown: ErrorObject[] = [];
  for (const error of kept) {
    if (error.keyword === "required") missing.set(keyOf(error.instancePath, error.params.missingProperty), error);
    else if (error.keyword === "additionalProperties") unknown.push(error);
    else if (!valueErrors.has(error.instancePath)) valueErrors.set(error.instancePath, error);
  }

  // A misspelt required field is one mistake, not "unknown field" plus "missing field".
  const misspelt = new Map<ErrorObject, string>();
  for (const error of unknown) {
    const meant = closestName(String(error.params.additionalProperty), allowedFields(error.parentSchema));
    if (meant === undefined) continue;
    misspelt.set(error, meant);
    missing.delete(keyOf(error.instancePath, meant));
  }

  const findings: Finding[] = [];
  for (const error of kept) {
    const parentPath = () => pointerToPath(error.instancePath, data);
    if (error.keyword === "additionalProperties") {
      const meant = misspelt.get(error);
      const message = meant !== undefined ? `unknown field; did you mean "${meant}"?` : "unknown field";
      const path = childPath(parentPath(), String(error.params.additionalProperty));
      findings.push(finding(path, message, `only the fields ${allowedFields(error.parentSchema).join(", ")}`));
    } else if (error.keyword === "required") {
      if (missing.get(keyOf(error.instancePath, error.params.missingProperty)) !== error) continue;
      const field = String(error.params.missingProperty);
      const properties = ((error.parentSchema as JsonSchema | undefined)?.properties ?? {}) as Record<string, unknown>;
      findings.push(finding(childPath(parentPath(), field), "is missing", describeSchema(properties[field])));
    } else if (valueErrors.get(error.instancePath) === error) {
      findings.push(finding(parentPath(), `is ${describeValue(error.data)}`, describeSchema(error.parentSchema)));
    }
  }
  return findings;
}

function keyOf(instancePath: string, property: unknown): string {
  return `${instancePath}\u0000${String(property)}`;
}

/**
 * ajv reports a failed `anyOf` (zod's `.nullable()`) as one error per branch plus the anyOf itself. When the
 * value's type fits exactly one branch, that branch's errors are the real ones; otherwise the value has the
 * wrong type altogether and the anyOf error alone (described with every branch) says so.
 */
function resolveUnions(errors: readonly ErrorObject[]): ErrorObject[] {
  const dropped = new Set<number>();
  errors.forEach((error, index) => {
    if (error.keyword !== "anyOf") return;
    const prefix = `${error.schemaPath}/`;
    const branches = Array.isArray(error.schema) ? (error.schema as unknown[]) : [];
    const fitting = branches.flatMap((branch, k) => (typeMatches(branch, error.data) ? [k] : []));
    const chosen = fitting.length === 1 ? fitting[0] : undefined;
    for (let j = 0; j < index; j++) {
      const branchError = errors[j]!;
      if (dropped.has(j) || !branchError.schemaPath.startsWith(prefix)) continue;
      const branch = Number(branchError.schemaPath.slice(prefix.length).split("/")[0]);
      if (branch !== chosen) dropped.add(j);
    }
    if (chosen !== undefined) dropped.add(index);
  });
  return errors.filter((_, index) => !dropped.has(index));
}
