import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuildSizes } from "../../../../edge/adapters/node/build-sizes.ts";
import { manifestOf } from "../../../../generator/derive/index.ts";
import { emitBuild, filesStep } from "../../../../generator/emit/emit-build.ts";
import { variantFiles, variantNamed } from "../../../support/build-variants.ts";

const A = variantNamed("A");
let root: string;
const outOf = (kind: string) => path.join(root, kind);
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "psg-sizes-"));
  await emitBuild({ outDir: outOf("build"), manifest: manifestOf(A.dataset, A.version), steps: [filesStep(variantFiles(A))] });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the sizes a build wrote, as the server reads them", () => {
  it("knows the size of every file of a build (from what the emit stage writes beside it)", () => {
    const sizes = createBuildSizes(outOf("build"));
    for (const file of variantFiles(A)) expect(sizes(`g-vA/${file.path}`), file.path).toBe(Buffer.byteLength(file.body));
  });
  it("knows nothing of a file the build did not write, or of a path outside it", () => {
    const sizes = createBuildSizes(outOf("build"));
    expect(sizes("g-vA/v1/items/7/44/seeds/999.json")).toBeUndefined();
    expect(sizes("g-vA/v1/guides/none.json")).toBeUndefined();
    expect(sizes("g-other/v1/meta.json")).toBeUndefined();
    expect(sizes("../g-vA/v1/meta.json")).toBeUndefined();
  });
});
