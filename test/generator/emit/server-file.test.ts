// Every build writes the folder's own server, serve.mjs (generator/emit/server-file.ts): the same
// bytes from the same code, whatever folder the build goes to, naming nothing of this machine and
// importing nothing but Node's own modules; written again only when its bytes change. That it serves
// a copied folder on its own is test/http/mirror.test.ts.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDist } from "../../../generator/build.ts";
import { SERVER_FILE } from "../../../generator/emit/build-folder.ts";
import { writeServerFile } from "../../../generator/emit/server-file.ts";
import { UPLOAD_IGNORE_FILE } from "../../../contract/upload-ignore.ts";
import { sampleGuide, sampleItems } from "../../fixtures/validate/sample-dataset.ts";
import { writeSampleDataset } from "../../fixtures/validate/sample-files.ts";

const REPOSITORY = fileURLToPath(new URL("../../../", import.meta.url));

/** The sample dataset's one covered item, with the one paint its guide names: a small build. */
const items = () => {
  const karambit = sampleItems().find((item) => item.slug === "karambit-doppler")!;
  return [{ ...karambit, paints: karambit.paints.filter((paint) => paint.paint_index === 419) }];
};

async function build(datasetDir: string, outDir: string, verify = false): Promise<void> {
  const result = await buildDist({ datasetDir, outDir, verify });
  expect(result.ok).toBe(true);
}

describe("the build folder's serve.mjs", () => {
  let dir: string;
  let dataset: string;
  const outDir = (name: string) => path.join(dir, name);
  const serverOf = (name: string) => path.join(outDir(name), SERVER_FILE);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "server-file-"));
    dataset = path.join(dir, "dataset");
    await writeSampleDataset(dataset, { items: items() });
    await build(dataset, outDir("first"));
    await build(dataset, outDir("second"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("is byte-identical in two builds of the same dataset into different folders", async () => {
    expect((await readFile(serverOf("first"))).equals(await readFile(serverOf("second")))).toBe(true);
  });

  it("names no folder of this machine and imports nothing but node: modules", async () => {
    const text = await readFile(serverOf("first"), "utf8");
    for (const place of [REPOSITORY, realpathSync(path.join(REPOSITORY, "node_modules")), dir, tmpdir()]) {
      expect(text).not.toContain(place.replace(/\/$/, ""));
    }
    const imported = [...text.matchAll(/^import\s[^;]*?from\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)|\brequire\(\s*"([^"]+)"\s*\)/gm)].map((match) => match[1] ?? match[2] ?? match[3]);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((specifier) => !specifier!.startsWith("node:"))).toEqual([]);
    // zod/mini, which the manifest's parser imports, is inside.
    expect(text).toContain("node_modules/zod/");
  });

  it("says in its first lines the Node it needs and the one it is tested on, as package.json and .nvmrc name them", async () => {
    const text = await readFile(serverOf("first"), "utf8");
    const tested = readFileSync(path.join(REPOSITORY, ".nvmrc"), "utf8").trim();
    expect(text.split("\n").slice(0, 3).join("\n")).toContain(`with Node 22.18 or later (tested on Node ${tested}; an older Node is refused)`);
  });

  it("refuses an older Node before it serves anything, and lets 22.18 through", () => {
    const run = (version: string, args: string[]) =>
      spawnSync(process.execPath, [serverOf("first"), ...args], { encoding: "utf8", env: { ...process.env, REQUIRE_NODE_VERSION_UNDER_TEST: version } });
    const old = run("20.20.2", ["--port", "0"]);
    expect(old.status).toBe(1);
    expect(old.stdout).toBe("");
    expect(old.stderr.split("\n")[0]).toBe("serve.mjs needs Node 22.18 or later, found 20.20.2; it is tested on Node 24.");
    // Past the check, two folders are a usage mistake: it stops there rather than serving.
    const current = run("22.18.0", ["one", "two"]);
    expect(current.status).toBe(2);
    expect(current.stderr).toMatch(/^usage: node serve\.mjs /);
  });

  it("is left out by a host that uploads the folder", async () => {
    expect((await readFile(path.join(outDir("first"), UPLOAD_IGNORE_FILE), "utf8")).split("\n")).toContain(SERVER_FILE);
  });

  it("is not written again by a build whose server has the same bytes, and is put back when changed or taken away", async () => {
    const before = await stat(serverOf("second"));
    const bytes = await readFile(serverOf("second"));
    await writeSampleDataset(dataset, { items: items(), guides: [{ ...sampleGuide(), title: "Example: a retitled guide" }] });
    await build(dataset, outDir("second"));
    const after = await stat(serverOf("second"));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);

    await writeFile(serverOf("second"), "// changed by hand\n");
    await build(dataset, outDir("second"), true);
    expect((await readFile(serverOf("second"))).equals(bytes)).toBe(true);

    await rm(serverOf("second"));
    await build(dataset, outDir("second"));
    expect((await readFile(serverOf("second"))).equals(bytes)).toBe(true);
  });
});

describe("writeServerFile", () => {
  const root = mkdtempSync(path.join(tmpdir(), "server-file-unit-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let folders = 0;
  const folder = () => {
    const out = path.join(root, `out-${++folders}`);
    mkdirSync(out);
    return out;
  };

  it("writes serve.mjs when it is missing or differs, says so, and leaves nothing else beside it", async () => {
    const out = folder();
    expect(await writeServerFile(out, "// EXAMPLE CONTENT 1")).toBe(true);
    expect(await writeServerFile(out, "// EXAMPLE CONTENT 2")).toBe(true);
    expect(readFileSync(path.join(out, SERVER_FILE), "utf8")).toBe("// EXAMPLE CONTENT 2");
    expect(readdirSync(out)).toEqual([SERVER_FILE]);
  });

  it("writes nothing when serve.mjs already holds the same bytes, and says so", async () => {
    const out = folder();
    writeFileSync(path.join(out, SERVER_FILE), "// EXAMPLE CONTENT");
    const before = (await stat(path.join(out, SERVER_FILE))).ino;
    expect(await writeServerFile(out, "// EXAMPLE CONTENT")).toBe(false);
    expect((await stat(path.join(out, SERVER_FILE))).ino).toBe(before);
  });

  it("puts the file in place of a folder named serve.mjs", async () => {
    const out = folder();
    mkdirSync(path.join(out, SERVER_FILE, "inside"), { recursive: true });
    expect(await writeServerFile(out, "// EXAMPLE CONTENT")).toBe(true);
    expect(readFileSync(path.join(out, SERVER_FILE), "utf8")).toBe("// EXAMPLE CONTENT");
  });
});

