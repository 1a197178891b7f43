import type { EmitProgress } from "../emit/emit-build.ts";

/**
 * Progress on a terminal (stage, files, rate, rewritten in place); on a pipe or in CI only the
 * stage names, so logs stay short.
 */
export function progressPrinter(stream: NodeJS.WriteStream) {
  const live = stream.isTTY === true && !process.env.CI;
  let stageStarted = performance.now();
  let lastDraw = 0;
  let drawn = false;
  return {
    stage(name: string) {
      stageStarted = performance.now();
      if (drawn) stream.write("\n");
      drawn = false;
      if (!live) stream.write(`${name}...\n`);
    },
    files({ stage, files }: EmitProgress) {
      if (!live) return;
      const now = performance.now();
      if (now - lastDraw < 200) return;
      lastDraw = now;
      const rate = files / Math.max(0.001, (now - stageStarted) / 1000);
      stream.write(`\r\x1b[K${stage}: ${files.toLocaleString("en")} files, ${Math.round(rate).toLocaleString("en")} files/s`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write("\n");
      drawn = false;
    },
  };
}
