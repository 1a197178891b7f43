// `npm run fixture:scale -- <dir> [--seed N] [--items N] [--guides N]`: write the synthetic scale fixture
// (a valid dataset at the API's stated scale, for benchmarks; never real data) into <dir>.

import path from "node:path";
import { parseArgs } from "node:util";
import { datasetCounts } from "../../generator/dataset.ts";
import { DEFAULT_FIXTURE_SEED, SPEC_SCALE, dumpEquivalent, scaleFixture } from "../fixture/scale.ts";
import { writeFixture } from "../fixture/write.ts";

const USAGE = `usage: npm run fixture:scale -- <dir> [--seed N] [--items N] [--guides N]
  writes a synthetic dataset (items/, guides/, snapshots/) at the API's stated scale
  (defaults: seed ${DEFAULT_FIXTURE_SEED}, ${SPEC_SCALE.items} items, ${SPEC_SCALE.guides} guides) into <dir>,
  which must be empty, new, or a previous scale fixture`;

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function integerOption(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) usage(`--${name} must be an integer >= ${min}, got ${JSON.stringify(value)}`);
  return Number(value);
}

async function main(): Promise<number> {
  let parsed: { values: { seed?: string; items?: string; guides?: string; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      options: { seed: { type: "string" }, items: { type: "string" }, guides: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    });
  } catch (error) {
    usage((error as Error).message);
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [dir, ...extra] = parsed.positionals;
  if (dir === undefined) usage("missing <dir>");
  if (extra.length > 0) usage(`unexpected argument ${JSON.stringify(extra[0])}`);
  const seed = integerOption("seed", parsed.values.seed, 0);
  if (seed !== undefined && seed > 0xffffffff) usage("--seed must fit in 32 bits");
  const items = integerOption("items", parsed.values.items, 1);
  const guides = integerOption("guides", parsed.values.guides, 1);

  const started = performance.now();
  const fixture = scaleFixture({
    ...(seed !== undefined ? { seed } : {}),
    ...(items !== undefined ? { items } : {}),
    ...(guides !== undefined ? { guides } : {}),
  });
  const generatedMs = performance.now() - started;
  const written = await writeFixture(dir, fixture.files);
  if (!written.ok) {
    process.stderr.write(`fixture:scale refused: ${written.message}\n`);
    return 1;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const dumpBytes = Buffer.byteLength(dumpEquivalent(fixture));
  const guideFileBytes = sum(fixture.files, "guides/");
  const counts = datasetCounts(fixture);
  const shown = path.relative(process.cwd(), path.resolve(dir)) || ".";
  process.stdout.write(
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
  return 0;
}

function sum(files: ReadonlyMap<string, string>, prefix: string): number {
  let bytes = 0;
  for (const [file, contents] of files) if (file.startsWith(prefix)) bytes += Buffer.byteLength(contents);
  return bytes;
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Not a usage mistake: an I/O failure such as a full disk or a folder without write permission.
    process.stderr.write(`fixture:scale failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
