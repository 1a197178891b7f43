// The HTTP contract on the Cloudflare Workers adapter, through `npm run serve:workers`
// (test/support/workers-server.ts starts it).

import { describe } from "vitest";
import { startWorkersServer } from "../support/workers-server.ts";
import { CASES } from "./cases.ts";
import { runContract, type Adapter } from "./contract.ts";

const adapter: Adapter = {
  name: "the Workers adapter",
  start: (distDir) => startWorkersServer(distDir),
  missing: {
    exactBurstCount:
      "the rate-limiting binding counts in fixed windows that turn on the clock's multiples of 10 s, so the refusal comes at the 171st request only when no window turns meanwhile; the other burst cases send until the first refusal",
    clientAcceptEncoding:
      "workerd negotiates response compression itself and does not pass a wildcard Accept-Encoding on to the Worker (a client sending `*` gets the dump as plain JSON); on Cloudflare the client's own header reaches the Worker as request.cf.clientAcceptEncoding",
    appLimitAlone:
      "workerd's rate-limiting binding counts in fixed windows that turn on the clock's minute, so which request is refused first depends on when the minute turns; test/http/workers.test.ts checks the app limit's answer",
  },
};
describe.concurrent(`the HTTP contract on ${adapter.name}`, () => runContract(adapter, CASES));
