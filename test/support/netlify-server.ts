// `npm run serve:netlify -- DIR` (edge/adapters/netlify/serve.ts) as a child process on a free port.

import { startServeScript, type ServeScript } from "./serve-script.ts";

export function startNetlifyServer(distDir: string, options: { env?: NodeJS.ProcessEnv } = {}): Promise<ServeScript> {
  return startServeScript("edge/adapters/netlify/serve.ts", [distDir], { ...process.env, ...options.env });
}
