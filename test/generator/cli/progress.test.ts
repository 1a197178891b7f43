import { describe, expect, it } from "vitest";
import { progressPrinter } from "../../../generator/cli/progress.ts";

function recorder(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, stream: { isTTY, write: (chunk: string) => chunks.push(chunk) > 0 } };
}

describe("build progress", () => {
  it("on a terminal, shows the stage, then files written and the rate, rewritten in place", async () => {
    const { chunks, stream } = recorder(true);
    const progress = progressPrinter(stream, true);
    progress.stage("derive+emit");
    await new Promise((resolve) => setTimeout(resolve, 250));
    progress.files({ stage: "write", files: 12_000 });
    progress.done();
    const shown = chunks.join("");
    expect(shown).toContain("derive+emit...");
    expect(shown).toMatch(/\r\x1b\[Kwrite: 12,000 files, [\d,]+ files\/s/);
    expect(shown.endsWith("\n")).toBe(true);
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
