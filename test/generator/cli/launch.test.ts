// generator/cli/launch.mjs runs a TypeScript command from its bundle: the command sees its own
// arguments and each module its own import.meta.url, and any edit to a file in the bundle makes
// the next run bundle again (a stale bundle would run old code without a word).

import { execFile } from "node:child_process";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { temporaryFolders } from "../../support/temporary.ts";

const LAUNCHER = fileURLToPath(new URL("../../../generator/cli/launch.mjs", import.meta.url));
const folders = temporaryFolders("psg-launch-");
afterAll(() => folders.removeAll());

async function launch(cache: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, PSG_CLI_CACHE: cache, PSG_CLI_TRACE: "1" };
  return promisify(execFile)(process.execPath, [LAUNCHER, ...args], { env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe("launching a command from its bundle", () => {
  it("passes the arguments, keeps each module's own URL, reuses the bundle and bundles again after an edit", async () => {
    const dir = folders.make();
    const cache = path.join(dir, "cache");
    const command = path.join(dir, "command.ts");
    const library = path.join(dir, "lib", "where.ts");
    await mkdir(path.dirname(library));
    await writeFile(library, `export const where: string = import.meta.url;\nexport const word = "first";\n`);
    await writeFile(command, `import { where, word } from "./lib/where.ts";\nconsole.log(JSON.stringify({ argv: process.argv.slice(1), self: import.meta.url, where, word }));\n`);

    const first = await launch(cache, command, "--flag", "value");
    expect(first.stderr).toBe(`launch: bundling ${command}\n`);
    expect(JSON.parse(first.stdout)).toEqual({
      argv: [command, "--flag", "value"],
      self: pathToFileURL(command).href,
      where: pathToFileURL(library).href,
      word: "first",
    });

    const again = await launch(cache, command);
    expect(again.stderr).toBe(`launch: ${command} from its bundle\n`);
    expect(JSON.parse(again.stdout).word).toBe("first");

    await writeFile(library, `export const where: string = import.meta.url;\nexport const word = "second";\n`);
    const edited = await launch(cache, command);
    expect(edited.stderr).toBe(`launch: bundling ${command}\n`);
    expect(JSON.parse(edited.stdout).word).toBe("second");
    // The bundle of the first version is gone; one bundle and its record are kept.
    expect((await readdir(cache)).filter((name) => name.endsWith(".mjs"))).toHaveLength(1);
  });

  it("where no bundle can be kept, the command still runs (through tsx)", async () => {
    const dir = folders.make();
    const command = path.join(dir, "command.ts");
    await writeFile(command, `const word: string = "ran";\nconsole.log(word, process.argv.slice(2).join(" "));\n`);
    // A file where the cache folder should be: nothing can be written under it.
    const blocked = path.join(dir, "not-a-folder");
    await writeFile(blocked, "");
    const ran = await launch(path.join(blocked, "cache"), command, "a", "b");
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe("ran a b\n");
    expect(ran.stderr).toMatch(/^launch: .*command\.ts through tsx \(ENOTDIR/m);
  });

  it("a command that does not compile exits 1 naming the file and line", async () => {
    const dir = folders.make();
    const command = path.join(dir, "broken.ts");
    await writeFile(command, `const x = ;\n`);
    const failed = await launch(path.join(dir, "cache"), command);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/launch: cannot bundle .*broken\.ts: .*broken\.ts:1:/s);
  });
});
