import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleWorker } from "../../../../edge/adapters/cloudflare/bundle.ts";
import { temporaryFolders } from "../../../support/temporary.ts";

const folders = temporaryFolders("worker-bundle-");
afterAll(() => folders.removeAll());

describe("the Worker's bundle", () => {
  it("holds the whole Worker and no import of a Node module", async () => {
    const code = await bundleWorker();
    expect(code).toContain("export {");
    expect(code).not.toMatch(/\bfrom\s*["'](node:)?(fs|path|http|zlib|crypto|module)["']/);
  });

  it("fails, naming the importer, when an edge module imports a Node API", async () => {
    const entry = join(folders.make(), "entry.ts");
    writeFileSync(entry, 'import { readFileSync } from "node:fs";\nexport default { fetch: () => new Response(String(readFileSync)) };\n');
    await expect(bundleWorker(entry)).rejects.toThrow(/entry\.ts imports "node:fs": a Worker has no Node APIs/);
  });
});
