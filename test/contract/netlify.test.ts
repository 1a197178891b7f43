// The HTTP contract on Netlify's edge functions under Netlify's local emulation, started in this
// process as `npm run serve:netlify` starts it (edge/adapters/netlify/local-server.ts); what is
// particular to that command (its URL line, SIGTERM) is test/http/netlify.test.ts's. What the
// emulation does not do is declared here, with why.

import { startNetlifyLocalServer } from "../../edge/adapters/netlify/local-server.ts";
import { CASES } from "./cases.ts";
import { runContract } from "./contract.ts";

runContract(
  {
    name: "Netlify's emulation",
    start: (distDir) => startNetlifyLocalServer({ publishDir: distDir, port: 0 }),
    missing: {
      edgeBurstLimit:
        "the server in front of the emulation enforces it (test/http/netlify.test.ts, with a lower limit), but 170 requests through the emulation take about a minute: it starts Deno workers for every request",
      exactBurstCount: "as for edgeBurstLimit: 170 requests through the emulation take about a minute",
      redirectsToClient: "the emulation follows an edge function's redirect itself and answers with where it leads",
      appLimitAlone: "the emulation runs every request in a new Deno worker, so the app limiter's counts never outlive one request",
    },
  },
  CASES,
);
