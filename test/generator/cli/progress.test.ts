import { describe, expect, it } from "vitest";
import { progressPrinter } from "../../../generator/cli/progress.ts";

function recorder(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, stream: { isTTY, write: (chunk: string) => chunks.push(chunk) > 0 } };
}

describe("build progress", () => {
  it("on a terminal, shows the stage, then files written and the rate, rewritten in place", () => {
    const { chunks, stream } = recorder(true);
    let clock = 1_000;
    const progress = progressPrinter(stream, true, () => clock);
    progress.stage("derive+emit");
    clock += 250;
    progress.files({ stage: "write", files: 12_000 });
    progress.done();
    const shown = chunks.join("");
    expect(shown).toContain("derive+emit...");
    expect(shown).toContain("\r\x1b[Kwrite: 12,000 files, 48,000 files/s");
    expect(shown.endsWith("\n")).toBe(true);
  });

  it("redraws at most every 200 ms, so a fast build is not slowed by its own progress line", () => {
    const { chunks, stream } = recorder(true);
    let clock = 1_000;
    const progress = progressPrinter(stream, true, () => clock);
    progress.stage("derive+emit");
    clock += 250;
    progress.files({ stage: "write", files: 2_000 });
    clock += 100;
    progress.files({ stage: "write", files: 4_000 });
    clock += 100;
    progress.files({ stage: "write", files: 6_000 });
    expect(chunks.filter((chunk) => chunk.startsWith("\r")).map((chunk) => chunk.split(", ")[0])).toEqual(["\r\x1b[Kwrite: 2,000 files", "\r\x1b[Kwrite: 6,000 files"]);
  });

  it("on a pipe or in CI, prints nothing", () => {
    const { chunks, stream } = recorder(false);
    const progress = progressPrinter(stream);
    progress.stage("check");
    progress.files({ stage: "write", files: 2000 });
    progress.done();
    expect(chunks).toEqual([]);
  });
});
