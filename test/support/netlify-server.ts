// Starts `npm run serve:netlify -- DIR --port 0` (edge/adapters/netlify/serve.ts) as a child
// process and resolves once it prints its URL, which it does once /health answers 200 through it.
// The script is run by node with tsx's loader, as npm's `tsx` would, without npm and tsx's own
// process between the test and the server, so a signal reaches the server itself.

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const SCRIPT = "edge/adapters/netlify/serve.ts";

export interface NetlifyServer {
  url: string;
  /** Stops the server with SIGTERM and resolves to its exit code once it has exited. */
  close(): Promise<number | null>;
}

export function startNetlifyServer(distDir: string, options: { env?: NodeJS.ProcessEnv } = {}): Promise<NetlifyServer> {
  const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, distDir, "--port", "0"], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(line)) return;
      lines.close();
      resolve({
        url: line,
        close() {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`serve:netlify exited (${code}) before printing its URL:\n${errors}`)));
  });
}
