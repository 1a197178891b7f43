// `npm run fixture:scale -- <dir> [--seed N] [--items N] [--guides N] [--build OUT]`: write the synthetic
// scale fixture (a valid dataset at the API's stated scale, for benchmarks; never real data) into <dir>,
// and with --build also build it into OUT, as `npm run build -- --dataset <dir> --out OUT` does.

import path from "node:path";
import { parseArgs } from "node:util";
import { runBuild } from "../../generator/cli/build.ts";
import { isMain, type CliIo } from "../../generator/cli/main.ts";
import { datasetCounts } from "../../generator/dataset.ts";
import { DEFAULT_FIXTURE_SEED, SPEC_SCALE, dumpEquivalent, scaleFixture } from "../fixture/scale.ts";
import { writeFixture } from "../fixture/write.ts";

const USAGE = `usage: npm run fixture:scale -- <dir> [--seed N] [--items N] [--guides N] [--build OUT]
  writes a synthetic dataset (items/, guides/, snapshots/) at the API's stated scale
  (defaults: seed ${DEFAULT_FIXTURE_SEED}, ${SPEC_SCALE.items} items, ${SPEC_SCALE.guides} guides) into <dir>,
  which must be empty, new, or a previous scale fixture; --build OUT then builds it into the build folder OUT`;

class UsageError extends Error {}

function integerOption(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) throw new UsageError(`--${name} must be an integer >= ${min}, got ${JSON.stringify(value)}`);
  return Number(value);
}

/** Writes the fixture (and builds it with --build); paths are resolved from `io.cwd`. */
export async function runFixtureScale(args: string[], io: CliIo): Promise<number> {
  try {
    return await writeAndBuild(args, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${error.message}\n${USAGE}\n`);
    return 2;
  }
}

async function writeAndBuild(args: string[], io: CliIo): Promise<number> {
  let parsed: { values: { seed?: string; items?: string; guides?: string; build?: string; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      options: { seed: { type: "string" }, items: { type: "string" }, guides: { type: "string" }, build: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const [dirArgument, ...extra] = parsed.positionals;
  if (dirArgument === undefined) throw new UsageError("missing <dir>");
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  if (parsed.values.build === "") throw new UsageError("--build needs a build folder");
  const seed = integerOption("seed", parsed.values.seed, 0);
  if (seed !== undefined && seed > 0xffffffff) throw new UsageError("--seed must fit in 32 bits");
  const items = integerOption("items", parsed.values.items, 1);
  const guides = integerOption("guides", parsed.values.guides, 1);
  const dir = path.resolve(io.cwd, dirArgument);

  const started = performance.now();
  const fixture = scaleFixture({
    ...(seed !== undefined ? { seed } : {}),
    ...(items !== undefined ? { items } : {}),
    ...(guides !== undefined ? { guides } : {}),
  });
  const generatedMs = performance.now() - started;
  const written = await writeFixture(dir, fixture.files);
  if (!written.ok) {
    io.stderr(`fixture:scale refused: ${written.message}\n`);
    return 1;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const dumpBytes = Buffer.byteLength(dumpEquivalent(fixture));
  const guideFileBytes = sum(fixture.files, "guides/");
  const counts = datasetCounts(fixture);
  const shown = path.relative(io.cwd, dir) || ".";
  io.stdout(
    [
      `${written.replaced ? "replaced" : "wrote"} synthetic scale fixture (seed ${fixture.marker.seed}, version ${fixture.marker.version}) in ${shown} in ${seconds} s (generated in ${(generatedMs / 1000).toFixed(1)} s)`,
      `  ${written.files} files, ${mb(written.bytes)} on disk`,
      `  items:     ${counts.itemFiles} files, ${counts.pairs} (def_index, paint_index) pairs, ${mb(sum(fixture.files, "items/"))}`,
      `  guides:    ${counts.guides} files, ${counts.gradings.toLocaleString("en")} gradings, ${mb(guideFileBytes)} as written (indented)`,
      `  snapshots: ${counts.guides} captures, ${mb(sum(fixture.files, "snapshots/"))}`,
      `  dump-equivalent JSON {items, guides}: ${mb(dumpBytes)} (stated scale: about ${mb(SPEC_SCALE.dumpBytes)} at ${SPEC_SCALE.items} items, ${SPEC_SCALE.guides} guides)`,
      "",
    ].join("\n"),
  );
  if (parsed.values.build === undefined) return 0;
  return runBuild(["--dataset", dir, "--out", parsed.values.build], io);
}

function sum(files: ReadonlyMap<string, string>, prefix: string): number {
  let bytes = 0;
  for (const [file, contents] of files) if (file.startsWith(prefix)) bytes += Buffer.byteLength(contents);
  return bytes;
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

if (isMain(import.meta.url)) {
  runFixtureScale(process.argv.slice(2), { cwd: process.cwd(), stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      // Not a usage mistake: an I/O failure such as a full disk or a folder without write permission.
      process.stderr.write(`fixture:scale failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
