// Starts one of the project's serve commands (`npm run serve:netlify`, `serve:workers`) as a child
// process on a free port and resolves once it prints its URL, which each does once /health answers.
// The script is run by node itself, as npm's script would run it, without npm's own process between
// the test and the server, so a signal reaches the server itself.

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const URL_LINE = /^http:\/\/127\.0\.0\.1:\d+$/;

export interface ServeScript {
  url: string;
  /** Stops the server with SIGTERM and resolves to its exit code once it has exited. */
  close(): Promise<number | null>;
}

/** Runs `script` (from the repository root) with `args` and `--port 0`. */
export function startServeScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<ServeScript> {
  const child = spawn(process.execPath, [script, ...args, "--port", "0"], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let errors = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
  return new Promise((resolve, reject) => {
    // Read every line, not only up to the URL: a child whose stdout pipe fills up stops.
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (!URL_LINE.test(line.trim())) return;
      resolve({
        url: line.trim(),
        close() {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`${script} exited (${code}) before printing its URL:\n${errors}`)));
  });
}
