// `npm run build [-- --dataset DIR --out DIR]`: check the dataset, refuse to build an invalid one,
// and write the static API into the build folder (default dist/).

import path from "node:path";
import { parseArgs } from "node:util";
import { formatProblem } from "../dataset.ts";
import { buildDist } from "../build.ts";
import { HOSTS, largestFile, uploadedFiles, type Host } from "../emit/upload.ts";
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
      `  ${emit.files} files, ${(emit.bytes / 1e6).toFixed(1)} MB: ${emit.written} written, ${emit.reused} ${emit.mode === "new" ? "reused unchanged" : "already up to date"}${emit.removed ? `, ${emit.removed} stray removed` : ""}`,
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

/** What a deploy of the folder as it stands uploads to each host, and its largest file against the per-file cap. */
async function uploadLines(outDir: string): Promise<string[]> {
  const lines: string[] = [];
  let largest = null;
  for (const host of Object.keys(HOSTS) as Host[]) {
    const files = await uploadedFiles(outDir, host);
    const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
    lines.push(`  a deploy to ${HOSTS[host].name} uploads ${files.length.toLocaleString("en")} files, ${(bytes / 1e6).toFixed(1)} MB (files per deploy: ${HOSTS[host].maxFiles})`);
    const hostLargest = largestFile(files);
    if (hostLargest !== null && (largest === null || hostLargest.bytes > largest.bytes)) largest = hostLargest;
  }
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
