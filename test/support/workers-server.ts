// `npm run serve:workers -- DIR` (the Worker in workerd, through miniflare) as a child process on a free port.

import { startServeScript, type ServeScript } from "./serve-script.ts";

export interface WorkersServerOptions {
  /** Lowers the app limit (requests per minute per client IP), so a test reaches it in a few requests. */
  appLimit?: number;
  /** Lowers the edge burst limit (requests per 10 s per client IP). */
  burstLimit?: number;
}

export type WorkersServer = ServeScript;

export function startWorkersServer(distDir: string, options: WorkersServerOptions = {}): Promise<WorkersServer> {
  const args = [distDir];
  if (options.appLimit !== undefined) args.push("--app-limit", String(options.appLimit));
  if (options.burstLimit !== undefined) args.push("--burst-limit", String(options.burstLimit));
  return startServeScript("edge/adapters/cloudflare/serve.ts", args);
}
