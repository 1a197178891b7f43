// The validation functions ajv compiles from the shapes' JSON Schemas, kept as code between runs.
// Compiling both shapes takes ~100-120 ms, paid by every check and every build that checks a file
// (a one-grading rebuild checks one guide and every item file); loading ajv's standalone code for
// the same schema takes ~7 ms. The code is kept in node_modules/.cache/psg-shapes/, named by a hash
// of the schema, the options and the versions of ajv and ajv-formats, so any change to one of them
// compiles again; it runs as ajv runs the code it generates (a function made from its text), with
// the ajv runtime it requires resolved from this module. A file that does not load as a validation
// function is compiled over.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv, { type Options, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import standaloneCode from "ajv/dist/standalone/index.js";
import type { JsonSchema } from "./json-schema.ts";

const require = createRequire(import.meta.url);
const REPOSITORY = fileURLToPath(new URL("../../", import.meta.url));
const VERSIONS = `ajv ${(require("ajv/package.json") as { version: string }).version} ajv-formats ${(require("ajv-formats/package.json") as { version: string }).version}`;

/** Beside the other kept bundles (generator/cli/launch.mjs), in node_modules when there is one. */
export function defaultShapeCodeFolder(): string {
  const modules = path.join(REPOSITORY, "node_modules");
  return existsSync(modules) ? path.join(modules, ".cache", "psg-shapes") : path.join(tmpdir(), "psg-shapes");
}

/** A validation function for `schema`: loaded from `folder` when kept there, else compiled (and kept; `folder` null keeps nothing). */
export function validatorFor(schema: JsonSchema, options: Options, folder: string | null = defaultShapeCodeFolder()): ValidateFunction {
  const name = `${createHash("sha256").update(`${VERSIONS}\n${JSON.stringify(options)}\n${JSON.stringify(schema)}`).digest("hex").slice(0, 32)}.cjs`;
  const file = folder === null ? null : path.join(folder, name);
  if (file !== null && existsSync(file)) {
    try {
      const module: { exports: unknown } = { exports: {} };
      new Function("require", "module", "exports", readFileSync(file, "utf8"))(require, module, module.exports);
      if (typeof module.exports === "function") return module.exports as ValidateFunction;
    } catch {
      // Damaged or half written by an older version: compiled again below.
    }
  }
  const ajv = new Ajv({ ...options, code: { ...options.code, source: true } });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  if (file !== null) keep(file, standaloneCode(ajv, validate));
  return validate;
}

function keep(file: string, code: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, code);
    renameSync(temporary, file);
  } catch {
    // Keeping the code is an aid: a read-only install compiles every time.
  }
}
