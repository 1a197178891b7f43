// A build in a child process, for the kill tests: `build-child.ts OUT VARIANT [--verify]` emits the
// build of one example dataset variant (build-variants.ts) into OUT with the real emit stage, prints
// its report and exits. With PSG_BUILD_PAUSE_AT set, it stops at that point until resumed or killed.
// `--lock-wait-ms=N` bounds its wait for another build holding the folder (printed to stderr).

import { emitBuild, filesStep } from "../../generator/emit/emit-build.ts";
import { manifestOf } from "../../generator/derive/index.ts";
import { variantFiles, variantNamed } from "./build-variants.ts";

const [outDir, variantName, ...flags] = process.argv.slice(2);
const variant = variantNamed(variantName ?? "");
const lockWaitMs = () => {
  const flag = flags.find((value) => value.startsWith("--lock-wait-ms="));
  return flag === undefined ? undefined : Number(flag.slice("--lock-wait-ms=".length));
};
try {
  const report = await emitBuild({
    outDir: outDir!,
    manifest: manifestOf(variant.dataset, variant.version),
    steps: [filesStep(variantFiles(variant))],
    readBack: flags.includes("--verify"),
    lock: { waitMs: lockWaitMs(), onWait: (message) => process.stderr.write(`${message}\n`) },
  });
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
} catch (error) {
  process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
