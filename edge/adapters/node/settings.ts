// The local server's settings, from the environment and the command line. Both rate limits are
// on unless switched off; the client IP comes from the socket unless TRUST_PROXY=1.
//   PORT (8888) or --port N  HOST (127.0.0.1) or --host H  RATE_LIMIT=off  BURST_LIMIT=off  TRUST_PROXY=1
//   WORKERS (default: 1 while a limit is on, else one per core, at most 2)  --single: same as WORKERS=1
// Limits are counted in each process: with several workers a client could get several times the
// API's stated limit, so a server with a limit on runs one process unless WORKERS says otherwise.

import { availableParallelism } from "node:os";

export interface ServerSettings {
  port: number;
  host: string;
  rateLimit: boolean;
  burstLimit: boolean;
  trustProxy: boolean;
  workers: number;
}

export type SettingsResult = { ok: true; settings: ServerSettings } | { ok: false; message: string };

const OFF = new Set(["off", "0", "false", "no"]);
const ON = new Set(["1", "true", "yes", "on"]);

export function readSettings(env: NodeJS.ProcessEnv, argv: readonly string[]): SettingsResult {
  const flag = argv.indexOf("--port");
  const [portName, portValue] = flag === -1 ? ["PORT", env.PORT] : ["--port", argv[flag + 1]];
  const port = portValue === undefined || portValue === "" ? (flag === -1 ? 8888 : Number.NaN) : Number(portValue);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return { ok: false, message: `${portName} must be 0..65535, got "${portValue ?? ""}"` };
  const hostFlag = argv.indexOf("--host");
  const hostValue = hostFlag === -1 ? undefined : argv[hostFlag + 1];
  // A flag right after --host is a forgotten value, not a host name.
  if (hostFlag !== -1 && (hostValue === undefined || hostValue === "" || hostValue.startsWith("-"))) return { ok: false, message: `--host must name an address, got "${hostValue ?? ""}"` };
  const rateLimit = !OFF.has((env.RATE_LIMIT ?? "").toLowerCase());
  const burstLimit = !OFF.has((env.BURST_LIMIT ?? "").toLowerCase());
  const defaultWorkers = rateLimit || burstLimit ? 1 : Math.min(2, availableParallelism());
  const workers = argv.includes("--single") ? 1 : env.WORKERS ? Number(env.WORKERS) : defaultWorkers;
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) return { ok: false, message: `WORKERS must be 1..64, got "${env.WORKERS}"` };
  return {
    ok: true,
    settings: { port, host: hostValue ?? (env.HOST || "127.0.0.1"), rateLimit, burstLimit, trustProxy: ON.has((env.TRUST_PROXY ?? "").toLowerCase()), workers },
  };
}
