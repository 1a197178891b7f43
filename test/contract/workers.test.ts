// The HTTP contract on the Cloudflare Workers adapter, through `npm run serve:workers`
// (test/support/workers-server.ts starts it).

import { startWorkersServer } from "../support/workers-server.ts";
import { CASES } from "./cases.ts";
import { runContract } from "./contract.ts";

runContract(
  {
    name: "the Workers adapter",
    start: (distDir) => startWorkersServer(distDir),
    missing: {
      appLimitAlone: "serve:workers is started with its production limits only, so one client meets the burst limit first",
    },
  },
  CASES,
);
