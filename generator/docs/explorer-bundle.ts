// Bundles the explorer page (explorer/) for the documents folder: its HTML and icon as written, one
// script and one style sheet built by esbuild from explorer/src/. Like the Redoc bundle, the one place this step
// reads files; the documents themselves are made from the text. The page reaches the API only
// through the typed client (client/src), as any other consumer would.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build, buildSync, type BuildOptions, type OutputFile } from "esbuild";

export interface ExplorerBundle {
  page: string;
  script: string;
  style: string;
  icon: string;
}

export const EXPLORER_DIR = fileURLToPath(new URL("../../explorer/", import.meta.url));

const BUILD_OPTIONS = {
  entryPoints: [`${EXPLORER_DIR}src/main.ts`, `${EXPLORER_DIR}src/explorer.css`],
  outdir: `${EXPLORER_DIR}out`,
  bundle: true,
  write: false,
  minify: true,
  format: "iife",
  target: "es2020",
  platform: "browser",
  legalComments: "none",
  charset: "utf8",
  logLevel: "silent",
} as const satisfies BuildOptions;

export function readExplorerBundle(): ExplorerBundle {
  return bundleOf(buildSync(BUILD_OPTIONS));
}

/** The same bundle, made by esbuild in its own process while this one does other work (the build's check). */
export async function bundleExplorer(): Promise<ExplorerBundle> {
  return bundleOf(await build(BUILD_OPTIONS));
}

function bundleOf(result: { outputFiles: OutputFile[] }): ExplorerBundle {
  const text = (extension: string) => {
    const file = result.outputFiles.find((output) => output.path.endsWith(extension));
    if (file === undefined) throw new Error(`the explorer bundle has no ${extension} output`);
    return file.text;
  };
  const read = (name: string) => readFileSync(`${EXPLORER_DIR}${name}`, "utf8");
  return { page: read("index.html"), script: text(".js"), style: text(".css"), icon: read("icon.svg") };
}
