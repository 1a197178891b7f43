// The scale fixture every benchmark measures against, written once into bench/out/scale-fixture and
// reused while its marker says it is the same fixture (seed, size, fixture version).

import path from "node:path";
import { fileURLToPath } from "node:url";
import { fixtureMarker, scaleFixture, type FixtureOptions } from "../../tools/fixture/scale.ts";
import { readFixtureMarker, sameFixture, writeFixture } from "../../tools/fixture/write.ts";
import { formatMs } from "./format.ts";

export const BENCH_OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "out");
export const FIXTURE_DIR = path.join(BENCH_OUT, "scale-fixture");

/**
 * The fixture folder, written unless it already holds the same fixture; `line` says which. A fixture of
 * another size than the API's stated scale goes in a folder of its own, so that both are kept.
 */
export async function prepareScaleFixture(fresh: boolean, options: FixtureOptions = {}): Promise<{ dir: string; line: string } | { error: string }> {
  const wanted = fixtureMarker(options);
  const dir = options.guides === undefined ? FIXTURE_DIR : `${FIXTURE_DIR}-${options.guides}-guides`;
  const present = await readFixtureMarker(dir);
  const shown = path.relative(process.cwd(), dir);
  if (!fresh && present !== null && sameFixture(present, wanted)) {
    return { dir, line: `fixture: reused ${shown} (seed ${present.seed}, fixture version ${present.version})` };
  }
  const started = performance.now();
  const written = await writeFixture(dir, scaleFixture(options).files);
  if (!written.ok) return { error: written.message };
  return {
    dir,
    line: `fixture: wrote ${shown} (seed ${wanted.seed}, fixture version ${wanted.version}) in ${formatMs(performance.now() - started)}`,
  };
}
