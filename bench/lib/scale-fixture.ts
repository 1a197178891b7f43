// The scale fixture every benchmark measures against, written once into bench/out/scale-fixture and
// reused while its marker says it is the same fixture (seed, size, fixture version).

import path from "node:path";
import { fileURLToPath } from "node:url";
import { fixtureMarker, scaleFixture } from "../../tools/fixture/scale.ts";
import { readFixtureMarker, sameFixture, writeFixture } from "../../tools/fixture/write.ts";
import { formatMs } from "./format.ts";

export const BENCH_OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "out");
export const FIXTURE_DIR = path.join(BENCH_OUT, "scale-fixture");

/** The fixture folder, written unless it already holds the same fixture; `line` says which. */
export async function prepareScaleFixture(fresh: boolean): Promise<{ dir: string; line: string } | { error: string }> {
  const wanted = fixtureMarker();
  const present = await readFixtureMarker(FIXTURE_DIR);
  const shown = path.relative(process.cwd(), FIXTURE_DIR);
  if (!fresh && present !== null && sameFixture(present, wanted)) {
    return { dir: FIXTURE_DIR, line: `fixture: reused ${shown} (seed ${present.seed}, fixture version ${present.version})` };
  }
  const started = performance.now();
  const written = await writeFixture(FIXTURE_DIR, scaleFixture().files);
  if (!written.ok) return { error: written.message };
  return {
    dir: FIXTURE_DIR,
    line: `fixture: wrote ${shown} (seed ${wanted.seed}, fixture version ${wanted.version}) in ${formatMs(performance.now() - started)}`,
  };
}
