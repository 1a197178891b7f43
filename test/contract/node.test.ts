// The HTTP contract on the local Node server (edge/adapters/node/server.ts), started in this
// process with its production limits. Its clock is held still, so the limits never depend on how
// fast this machine sends a case's requests.

import { describe } from "vitest";
import { startServer } from "../support/edge-server.ts";
import { CASES } from "./cases.ts";
import { runContract, type Adapter } from "./contract.ts";

const STILL = () => 1_700_000_000_000;

const adapter: Adapter = {
  name: "the Node server",
  start: (distDir, { burstLimit }) => startServer({ distDir, now: STILL, ...(burstLimit ? {} : { burstLimit: false }) }),
};
describe.concurrent(`the HTTP contract on ${adapter.name}`, () => runContract(adapter, CASES));
