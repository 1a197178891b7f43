// `node generator/cli/launch.mjs <command.ts> [arguments]`: runs a TypeScript command from one
// esbuild bundle of it, kept between runs, instead of through tsx. tsx compiles and resolves each
// of the ~150 modules a build imports through Node's loader hooks, one round trip to its loader
// thread per module: start-up a build would pay on every `npm run build` (docs/build.md,
// "Start-up from a bundle"). The bundle is made again whenever a byte of any file in it changes (each run hashes them, ~5 ms), so an edit is never run stale. Packages stay outside
// the bundle and load from node_modules as usual. Plain JavaScript, since nothing compiles it.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPOSITORY = fileURLToPath(new URL("../../", import.meta.url));
// Bumped when what this file puts in a bundle changes.
const LAUNCHER_FORMAT = 1;

/** Where bundles are kept: inside node_modules, so that the packages they import resolve from there. */
function cacheFolder() {
  if (process.env.PSG_CLI_CACHE) return process.env.PSG_CLI_CACHE;
  const modules = path.join(REPOSITORY, "node_modules");
  return existsSync(modules) ? path.join(modules, ".cache", "psg-cli") : path.join(tmpdir(), "psg-cli");
}

/**
 * The hash of every file a bundle is made from (null: one is gone). `read` gives the bytes the
 * bundle was made from when they are known, so that a file saved while bundling is not taken for
 * the version in the bundle.
 */
function hashOfInputs(inputs, read = (input) => readFileSync(input)) {
  const hash = createHash("sha256").update(`launch ${LAUNCHER_FORMAT} node ${process.versions.node}\n`);
  for (const input of inputs) {
    let bytes;
    try {
      bytes = read(input);
    } catch {
      return null;
    }
    hash.update(`${input} ${bytes.byteLength}\n`).update(bytes);
  }
  return hash.digest("hex").slice(0, 24);
}

/**
 * Each module's `import.meta.url` stays its own source file's URL (commands find the dataset and
 * the code they hash by paths relative to themselves), where a bundle
 * would give every module the bundle's.
 */
const keepImportMetaUrl = (loaded) => ({
  name: "keep-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (args.path.split(path.sep).includes("node_modules")) return undefined;
      const bytes = readFileSync(args.path);
      loaded.set(args.path, bytes);
      const source = bytes.toString("utf8").replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
      return { contents: source, loader: /\.[cm]?ts$/.test(args.path) ? "ts" : "js", resolveDir: path.dirname(args.path) };
    });
  },
});

async function bundle(entry, folder, name) {
  const loaded = new Map();
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "inline",
    metafile: true,
    write: false,
    logLevel: "silent",
    absWorkingDir: REPOSITORY,
    plugins: [keepImportMetaUrl(loaded)],
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(REPOSITORY, input)).sort();
  const hash = hashOfInputs(inputs, (input) => loaded.get(input) ?? readFileSync(input));
  const file = path.join(folder, `${name}-${hash}.mjs`);
  mkdirSync(folder, { recursive: true });
  // Written aside and renamed: a second command starting at the same moment reads a whole file or none.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, file);
  const record = `${path.join(folder, name)}.json`;
  writeFileSync(`${record}.${process.pid}.tmp`, JSON.stringify({ inputs, hash }));
  renameSync(`${record}.${process.pid}.tmp`, record);
  // The bundles of earlier versions of this command: a command already running has read its own.
  for (const old of readdirSync(folder)) {
    if (old.startsWith(`${name}-`) && old.endsWith(".mjs") && path.join(folder, old) !== file) rmSync(path.join(folder, old), { force: true });
  }
  return file;
}

/** The bundle of `entry`, made again when it is missing or any file in it changed. */
async function bundleOf(entry, shown) {
  const folder = cacheFolder();
  const name = `${path.basename(entry)}-${createHash("sha256").update(entry).digest("hex").slice(0, 8)}`;
  try {
    const { inputs, hash } = JSON.parse(readFileSync(`${path.join(folder, name)}.json`, "utf8"));
    const file = path.join(folder, `${name}-${hash}.mjs`);
    if (hashOfInputs(inputs) === hash && existsSync(file)) {
      if (process.env.PSG_CLI_TRACE) process.stderr.write(`launch: ${shown} from its bundle\n`);
      return file;
    }
  } catch {
    // No record yet, or an unreadable one: bundle.
  }
  if (process.env.PSG_CLI_TRACE) process.stderr.write(`launch: bundling ${shown}\n`);
  return bundle(entry, folder, name);
}

const [command, ...rest] = process.argv.slice(2);
if (command === undefined) {
  process.stderr.write("usage: node generator/cli/launch.mjs <command.ts> [arguments]\n");
  process.exit(2);
}
const entry = path.resolve(command);
let file = null;
try {
  file = await bundleOf(entry, command);
} catch (error) {
  if (Array.isArray(error?.errors)) {
    // esbuild's message names the file, line and column of what it could not compile.
    process.stderr.write(`launch: cannot bundle ${command}: ${error.message}\n`);
    process.exit(1);
  }
  // The bundle could not be kept (a read-only install): the command runs through tsx, as before.
  if (process.env.PSG_CLI_TRACE) process.stderr.write(`launch: ${command} through tsx (${error instanceof Error ? error.message : String(error)})\n`);
}
// The command sees the arguments it would see run directly (`isMain` compares argv[1] with its own URL).
process.argv = [process.argv[0], entry, ...rest];
if (file !== null) {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(file).href);
} else {
  (await import("tsx/esm/api")).register();
  (await import("tsx/cjs/api")).register();
  await import(pathToFileURL(entry).href);
}
