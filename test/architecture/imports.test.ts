// The directions imports may take between the repository's folders (docs/architecture.md,
// "Folders"): the contract imports nothing of the project; the generator and the edge import the
// contract and never each other; tools sit on top and nothing imports them; the check knows nothing
// of the drafter; the explorer talks to the API through the client alone. Read from the source, so a
// new import the wrong way fails here rather than in a review.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SOURCE_FOLDERS = ["contract", "generator", "edge", "tools", "explorer/src", "client/src", "netlify", "bench"];
// Static imports, re-exports and dynamic imports with a literal specifier.
const SPECIFIER = /(?:^|[^\w.])(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gs;

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "dist" && entry.name !== "out") walk(child);
      } else if (/\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        files.push(child);
      }
    }
  };
  walk(folder);
  return files;
}

/** Every project file each source file imports, as paths from the repository root. */
const imports: { from: string; to: string }[] = SOURCE_FOLDERS.flatMap(sourceFiles).flatMap((from) => {
  const text = readFileSync(path.join(ROOT, from), "utf8");
  return [...text.matchAll(SPECIFIER)]
    .map((match) => match[1] ?? match[2]!)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => ({ from, to: path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)) }));
});

const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
const offending = (from: string, allowed: readonly string[]) =>
  imports.filter((edge) => under(edge.from, from) && !allowed.some((folder) => under(edge.to, folder))).map(({ from, to }) => `${from} -> ${to}`);

describe("imports between folders", () => {
  it("are read from the source (the scan finds the project's imports)", () => {
    expect(imports.length).toBeGreaterThan(500);
    expect(imports).toContainEqual({ from: "edge/core.ts", to: expect.stringMatching(/^contract\//) as unknown as string });
  });

  it("contract/ imports nothing else of the project", () => {
    expect(offending("contract", ["contract"])).toEqual([]);
  });

  it("generator/ imports only itself and contract/", () => {
    expect(offending("generator", ["generator", "contract"])).toEqual([]);
  });

  it("edge/ imports only itself and contract/", () => {
    expect(offending("edge", ["edge", "contract"])).toEqual([]);
  });

  it("nothing outside tools/ imports tools/, bench/ or test/", () => {
    for (const folder of ["tools", "bench", "test"]) {
      expect(imports.filter((edge) => under(edge.to, folder) && !under(edge.from, folder) && !under(edge.from, "bench")).map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
    }
  });

  it("the check reads captures through generator/capture/ and knows nothing of the drafter", () => {
    expect(offending("generator/validate", ["generator/validate", "generator/capture", "generator/load", "generator/emit", "generator/dataset.ts", "generator/append.ts", "generator/printable.ts", "contract"])).toEqual([]);
  });

  it("the explorer talks to the API through the client, and the client imports nothing of the project", () => {
    expect(offending("explorer/src", ["explorer/src", "client/src"])).toEqual([]);
    expect(offending("client/src", ["client/src"])).toEqual([]);
  });

  it("the Netlify functions are adapters of the edge", () => {
    expect(offending("netlify", ["edge", "contract"])).toEqual([]);
  });
});
