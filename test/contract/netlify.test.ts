// The HTTP contract on Netlify's edge functions under Netlify's local emulation, through
// `npm run serve:netlify`. What the emulation does not do is declared here, with why.

import { startNetlifyServer } from "../support/netlify-server.ts";
import { CASES } from "./cases.ts";
import { runContract } from "./contract.ts";

runContract(
  {
    name: "Netlify's emulation",
    start: (distDir) => startNetlifyServer(distDir),
    missing: {
      redirectsToClient: "the emulation follows an edge function's redirect itself and answers with where it leads",
      edgeBurstLimit: "the emulation ignores the edge functions' in-source rateLimit; only Netlify's edge enforces it",
      appLimitAlone: "the emulation runs every request in a new Deno worker, so the app limiter's counts never outlive one request",
      clientAcceptEncoding: "the emulation sends edge functions Accept-Encoding: identity, whatever the client sent",
    },
  },
  CASES,
);
