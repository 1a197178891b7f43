// Runs `npm run serve:workers`'s script (the Worker in workerd, through miniflare) as a child
// process on a free port, over a built dist folder, and resolves once it prints its URL.

import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const SERVE_SCRIPT = "edge/adapters/cloudflare/serve.ts";
const URL_LINE = /^http:\/\/127\.0\.0\.1:\d+$/;

export interface WorkersServerOptions {
  /** Lowers the app limit (requests per minute per client IP), so a test reaches it in a few requests. */
  appLimit?: number;
  /** Lowers the edge burst limit (requests per 10 s per client IP). */
  burstLimit?: number;
}

export interface WorkersServer {
  url: string;
  close(): Promise<void>;
}

export async function startWorkersServer(distDir: string, options: WorkersServerOptions = {}): Promise<WorkersServer> {
  const args = [SERVE_SCRIPT, distDir, "--port", "0"];
  if (options.appLimit !== undefined) args.push("--app-limit", String(options.appLimit));
  if (options.burstLimit !== undefined) args.push("--burst-limit", String(options.burstLimit));
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
  const exited = once(child, "exit");
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });

  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on("line", (line) => {
      if (URL_LINE.test(line.trim())) resolve(line.trim());
    });
    exited.then(([code, signal]) => reject(new Error(`serve:workers exited (${code ?? signal}) before serving:\n${stderr}`)), reject);
  });
  // Keep reading: a child whose stdout pipe fills up stops.
  lines.on("line", () => {});

  return {
    url,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
