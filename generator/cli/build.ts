// `npm run build [-- --dataset DIR --out DIR]`: check the dataset, refuse to build an invalid one,
// and write the static API into the build folder (default dist/).

import path from "node:path";
import { parseArgs } from "node:util";
import { formatProblem } from "../dataset.ts";
import { buildDist } from "../build.ts";
import { CHANGES_FILE } from "../../contract/changes.ts";
import { SERVING_INDEX_FILE } from "../../contract/serving-index.ts";
import { readManifest } from "../emit/build-folder.ts";
import { HOSTS, largestFile, uploadedFiles, wranglerReadCount, type UploadedFile } from "../emit/upload.ts";
import { CHECK_CACHE_FILE } from "../validate/cache.ts";
import { isMain, type CliIo } from "./main.ts";
import { progressPrinter } from "./progress.ts";

const USAGE = "usage: npm run build [-- --dataset DIR] [--out DIR] [--verify]";

/**
 * Builds, printing the summary on stdout and problems on stderr; progress goes to `progressStream`
 * (drawn only on a terminal). Paths are resolved from `io.cwd`.
 */
export async function runBuild(args: string[], io: CliIo, progressStream: Parameters<typeof progressPrinter>[0] = process.stderr): Promise<number> {
  let values: { dataset?: string; out?: string; verify?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { dataset: { type: "string" }, out: { type: "string" }, verify: { type: "boolean" } }, allowPositionals: false }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const datasetDir = path.resolve(io.cwd, values.dataset ?? "dataset");
  const outDir = path.resolve(io.cwd, values.out ?? "dist");
  const shown = (dir: string) => path.relative(io.cwd, dir) || dir;
  const progress = progressPrinter(progressStream);
  const started = performance.now();

  const result = await buildDist({ datasetDir, outDir, verify: values.verify === true, onStage: progress.stage, onProgress: progress.files, onLockWait: (message) => io.stderr(`${message}\n`) });
  progress.done();
  if (!result.ok) {
    for (const problem of result.problems) io.stderr(`${formatProblem(problem)}\n`);
    io.stderr(`build refused: ${result.problems.length} problem(s) in ${path.relative(io.cwd, datasetDir) || "."}; ${shown(outDir)} is unchanged\n`);
    return 1;
  }
  const { emit } = result;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const uploads = await uploadLines(outDir);
  if (emit.mode === "unchanged") {
    io.stdout(
      [
        `dataset_version ${result.datasetVersion} is already built in ${shown(outDir)}/${emit.generation}; no response to write (${seconds} s), documents in ${result.documents}. \`--verify\` reads every file back.`,
        ...uploads,
        "",
      ].join("\n"),
    );
    return 0;
  }
  io.stdout(
    [
      `built dataset_version ${result.datasetVersion} into ${shown(outDir)}/${emit.generation} in ${seconds} s`,
      ...(result.checked === undefined ? [] : [checkedLine(result.checked)]),
      `  ${emit.generation} holds ${emit.files.toLocaleString("en")} files, ${(emit.bytes / 1e6).toFixed(1)} MB, its response files and ${CHANGES_FILE}: ${emit.written.toLocaleString("en")} written, ${emit.reused.toLocaleString("en")} ${emit.mode === "new" ? "reused unchanged" : "already up to date"}${emit.removed ? `, ${emit.removed} stray removed` : ""}`,
      `  serving after ${(emit.committedAfterMs / 1000).toFixed(1)} s${emit.pruned.length ? `; pruned ${emit.pruned.join(", ")}` : ""}`,
      `  description document, reference page and explorer in ${result.documents}`,
      ...uploads,
      "",
    ].join("\n"),
  );
  return 0;
}

function checkedLine({ guideFiles, reused }: { guideFiles: number; reused: number }): string {
  const kept = reused === 0 ? "" : ` (the other ${reused} unchanged since the last check, their outcome kept in ${CHECK_CACHE_FILE})`;
  return `  checked ${guideFiles - reused} of ${guideFiles} guide files${kept}`;
}

const count = (n: number) => n.toLocaleString("en");
const megabytes = (files: readonly UploadedFile[]) => (files.reduce((sum, file) => sum + file.bytes, 0) / 1e6).toFixed(1);

/**
 * What a deploy of the folder as it stands uploads to each host, what each count is made of, the
 * count wrangler prints instead, and the largest file against the per-file cap.
 */
async function uploadLines(outDir: string): Promise<string[]> {
  const [cloudflare, netlify, manifest, read] = await Promise.all([uploadedFiles(outDir, "cloudflare"), uploadedFiles(outDir, "netlify"), readManifest(outDir), wranglerReadCount(outDir)]);
  const inFolder = (folder: string | undefined) => (folder === undefined ? 0 : cloudflare.filter((file) => file.path.startsWith(`${folder}/`)).length);
  const generation = inFolder(manifest?.generation);
  const responses = cloudflare.filter((file) => file.path.startsWith(`${manifest?.generation}/v1/`)).length;
  const parts = [
    `${manifest?.generation}'s ${count(generation)} (${count(responses)} response files, ${CHANGES_FILE}, ${SERVING_INDEX_FILE})`,
    ...(manifest?.docs === undefined ? [] : [`${manifest.docs}'s ${count(inFolder(manifest.docs))}`]),
    ...cloudflare.filter((file) => !file.path.includes("/")).map((file) => file.path),
  ];
  const onlyNetlify = netlify.filter((file) => !cloudflare.some((other) => other.path === file.path)).map((file) => file.path);
  const lines = [
    `  a deploy to ${HOSTS.cloudflare.name} uploads ${count(cloudflare.length)} files, ${megabytes(cloudflare)} MB (files per deploy: ${HOSTS.cloudflare.maxFiles}):`,
    `    ${parts.join(", ")};`,
    `    wrangler says "Read ${count(read.entries)} files": it counts every entry of the folder, its ${count(read.folders)} folders and the ${count(read.entries - read.folders - cloudflare.length)} files .assetsignore leaves out included`,
    `  a deploy to ${HOSTS.netlify.name} uploads ${count(netlify.length)} files, ${megabytes(netlify)} MB (files per deploy: ${HOSTS.netlify.maxFiles}):`,
    `    ${onlyNetlify.length === 0 ? "the same files as Cloudflare" : `Cloudflare's and ${onlyNetlify.join(", ")}`}`,
  ];
  const largest = largestFile(netlify);
  const cap = HOSTS.cloudflare.maxFileBytes!;
  if (largest !== null) {
    const verdict = largest.bytes > cap ? "OVER Cloudflare's cap of 25 MiB per file: wrangler refuses to deploy it" : "under Cloudflare's cap of 25 MiB per file";
    lines.push(`  largest file ${(largest.bytes / 1e6).toFixed(1)} MB (${largest.path}), ${verdict}`);
  }
  return lines;
}

if (isMain(import.meta.url)) {
  runBuild(process.argv.slice(2), { cwd: process.cwd(), stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      // Not a dataset mistake (those are listed above): an I/O failure such as a full disk. The
      // serving build is untouched because only the manifest rename commits a new one.
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`build failed: ${message}\nthe previous build (if any) keeps serving\n`);
      process.exit(1);
    },
  );
}
