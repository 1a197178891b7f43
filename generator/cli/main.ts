import path from "node:path";
import { pathToFileURL } from "node:url";

/** What a maintainer command reads and writes besides its files: injected so tests run it in-process. */
export interface CliIo {
  /** Where relative paths are resolved from. */
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Whether the module at `moduleUrl` is the program node was started with (not an import). */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === pathToFileURL(path.resolve(process.argv[1])).href;
}

/**
 * Runs a command with the process's arguments and streams and sets its exit code. A mistake in the input is
 * the command's own message and exit code; anything thrown is a bug or an I/O failure, printed as one line,
 * never a stack trace.
 */
export function runAsMain(name: string, run: (args: string[], io: CliIo) => Promise<number>): void {
  run(process.argv.slice(2), {
    // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
    cwd: process.env.INIT_CWD ?? process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${name}: failed unexpectedly: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
