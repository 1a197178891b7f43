// The shapes' validation code kept between runs (shape-code.ts): code loaded from the folder must
// find exactly what freshly compiled code finds, formats included, and a damaged file is compiled over.

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Options } from "ajv";
import { afterAll, describe, expect, it } from "vitest";
import { guideSchema } from "../../../contract/schema/guide.ts";
import { jsonSchemaOf } from "../../../generator/validate/json-schema.ts";
import { validatorFor } from "../../../generator/validate/shape-code.ts";
import { sampleGuide } from "../../fixtures/validate/sample-dataset.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const folders = temporaryFolders("psg-shape-code-");
afterAll(() => folders.removeAll());

const OPTIONS: Options = { allErrors: true, verbose: true, strict: true, allowUnionTypes: true, code: { optimize: false } };
const schema = jsonSchemaOf(guideSchema);

/** Guides with mistakes of every kind ajv reports: value, format, pattern, enum, missing, unknown field. */
function brokenGuides(): unknown[] {
  const wrongValue = sampleGuide() as Record<string, any>;
  wrongValue.systems[0].gradings[0].seed = 1001;
  const wrongFormat = sampleGuide() as Record<string, any>;
  wrongFormat.snapshot.retrieved_at = "yesterday";
  const wrongPattern = sampleGuide() as Record<string, any>;
  wrongPattern.platform_id = "12a";
  const missingAndUnknown = sampleGuide() as Record<string, any>;
  delete missingAndUnknown.title;
  missingAndUnknown.titel = "x";
  return [wrongValue, wrongFormat, wrongPattern, missingAndUnknown, null, [], sampleGuide()];
}

const outcomes = (validate: ReturnType<typeof validatorFor>) =>
  brokenGuides().map((guide) => (validate(guide) ? "ok" : JSON.stringify(validate.errors)));

describe("validation code kept between runs", () => {
  it("code loaded from the folder finds what compiled code finds", () => {
    const folder = folders.make();
    const compiled = validatorFor(schema, OPTIONS, folder);
    const kept = readdirSync(folder);
    expect(kept).toHaveLength(1);
    const loaded = validatorFor(schema, OPTIONS, folder);
    expect(loaded).not.toBe(compiled);
    // Compiled code carries its ajv schema environment, standalone code loaded from a file does not.
    expect("schemaEnv" in loaded).toBe(false);
    expect("schemaEnv" in compiled).toBe(true);
    expect(outcomes(loaded)).toEqual(outcomes(compiled));
    expect(outcomes(loaded).filter((outcome) => outcome !== "ok")).toHaveLength(6);
  });

  it("a damaged file is compiled over; another schema or options get a file of their own", () => {
    const folder = folders.make();
    validatorFor(schema, OPTIONS, folder);
    const [name] = readdirSync(folder);
    writeFileSync(path.join(folder, name!), "module.exports = {");
    const validate = validatorFor(schema, OPTIONS, folder);
    expect(outcomes(validate)).toEqual(outcomes(validatorFor(schema, OPTIONS, null)));
    expect(readFileSync(path.join(folder, name!), "utf8")).toContain("module.exports");
    expect(readFileSync(path.join(folder, name!), "utf8").length).toBeGreaterThan(1000);

    validatorFor(schema, { ...OPTIONS, allErrors: false }, folder);
    validatorFor({ type: "object" }, OPTIONS, folder);
    expect(readdirSync(folder).filter((file) => file.endsWith(".cjs"))).toHaveLength(3);
  });
});
