import type { EmitProgress } from "../emit/emit-build.ts";

/**
 * Progress on a terminal (stage, files, rate, rewritten in place); nothing on a pipe or in CI,
 * where only the build's summary is printed.
 */
export function progressPrinter(
  stream: Pick<NodeJS.WriteStream, "write" | "isTTY">,
  live = stream.isTTY === true && !process.env.CI,
  /** Milliseconds on a monotonic clock; injectable so tests control the rate shown. */
  now: () => number = () => performance.now(),
) {
  let stageStarted = now();
  let lastDraw = 0;
  let drawn = false;
  return {
    stage(name: string) {
      stageStarted = now();
      if (!live) return;
      if (drawn) stream.write("\n");
      stream.write(`${name}...`);
      drawn = true;
    },
    files({ stage, files }: EmitProgress) {
      if (!live) return;
      const time = now();
      if (time - lastDraw < 200) return;
      lastDraw = time;
      const rate = files / Math.max(0.001, (time - stageStarted) / 1000);
      stream.write(`\r\x1b[K${stage}: ${files.toLocaleString("en")} files, ${Math.round(rate).toLocaleString("en")} files/s`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write("\n");
      drawn = false;
    },
  };
}
