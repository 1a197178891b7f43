// serve.mjs as the build bundles it: one module that imports only Node's own modules, the same
// bytes in every checkout, telling whoever opens it how to run it and on which Node.

import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleServer, nodeMinimum } from "../../../generator/emit/server-bundle.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const repositoryFile = (name: string) => readFileSync(new URL(`../../../${name}`, import.meta.url), "utf8");
const folders = temporaryFolders("psg-server-bundle-");
afterAll(() => folders.removeAll());

/** Writes `files` (path -> text) under `root`. */
function writeTree(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
}

describe("bundleServer", () => {
  it("opens with how to run the file, the oldest Node it takes and the Node it is tested on", async () => {
    const text = await bundleServer();
    const tested = repositoryFile(".nvmrc").trim();
    const [major, minor] = nodeMinimum((JSON.parse(repositoryFile("package.json")) as { engines: { node: string } }).engines.node).split(".");
    expect(text.split("\n").slice(0, 4)).toEqual([
      "// The server of the build folder this file sits in: `node serve.mjs [--port N] [--host H]` serves",
      `// it with Node ${major}.${minor} or later (tested on Node ${tested}; an older Node is refused) and nothing else`,
      "// (RATE_LIMIT=off, BURST_LIMIT=off, PORT, HOST, WORKERS, TRUST_PROXY=1 as for `npm run serve`).",
      "// Written by every build from edge/adapters/node/serve.ts.",
    ]);
  });

  it("imports nothing but Node's own modules, and names every bundled package by where it is installed for the checkout, not where a link leads", async () => {
    const text = await bundleServer();
    const imports = text.match(/^import .* from "[^"]*";$/gm) ?? [];
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((line) => !/ from "node:[a-z/_]+";$/.test(line))).toEqual([]);
    const modules = text.match(/^\/\/ \S*node_modules\/\S+$/gm) ?? [];
    expect(modules.length).toBeGreaterThan(0);
    // node_modules may be a link to another checkout's: its path is the link's, relative to this checkout.
    expect(modules.filter((line) => !/^\/\/ (\.\.\/)*node_modules\//.test(line))).toEqual([]);
  });

  it("names a package by the checkout's node_modules when that is a link to another folder", async () => {
    // An example checkout whose server imports one package, installed in a folder its node_modules links to.
    const root = folders.make();
    const checkout = path.join(root, "checkout");
    writeTree(checkout, {
      "package.json": JSON.stringify({ engines: { node: ">=22.18.0" } }),
      ".nvmrc": "24\n",
      "edge/adapters/node/serve.ts": 'import { example } from "example-package";\nconsole.log(example);\n',
    });
    writeTree(path.join(root, "elsewhere"), { "node_modules/example-package/package.json": JSON.stringify({ name: "example-package", main: "index.js" }), "node_modules/example-package/index.js": 'export const example = "EXAMPLE CONTENT";\n' });
    symlinkSync(path.join(root, "elsewhere/node_modules"), path.join(checkout, "node_modules"), "dir");
    const text = await bundleServer(checkout);
    expect(text).toContain('"EXAMPLE CONTENT"');
    expect(text.match(/^\/\/ \S*example-package\S*$/gm)).toEqual(["// node_modules/example-package/index.js"]);
  });

  it("carries the Node versions in place of their names, and keeps text outside ASCII as it is", async () => {
    const text = await bundleServer();
    const minimum = nodeMinimum((JSON.parse(repositoryFile("package.json")) as { engines: { node: string } }).engines.node);
    expect(text).not.toMatch(/PSG_NODE_MINIMUM|PSG_NODE_TESTED|PSG_SERVER_FILE/);
    expect(text).toContain(JSON.stringify(minimum));
    expect(text).toContain(JSON.stringify(repositoryFile(".nvmrc").trim()));
    expect(text).toMatch(/[^\x00-\x7f]/);
    expect(text).not.toMatch(/\\u[0-9a-fA-F]{4}/);
  });
});

describe("nodeMinimum", () => {
  it("reads the version of a >= range, with or without a space", () => {
    expect(nodeMinimum(">=22.18.0")).toBe("22.18.0");
    expect(nodeMinimum(">= 22.18.10")).toBe("22.18.10");
  });

  it("refuses any other range, saying what it should read", () => {
    for (const engines of ["^22.18.0", "x>=22.18.0", ">=22.18.0 <25", ">=22.18", ">=a22.18.0"]) {
      expect(() => nodeMinimum(engines), engines).toThrow(`package.json's engines.node should read ">=MAJOR.MINOR.PATCH", not ${JSON.stringify(engines)}`);
    }
  });
});
