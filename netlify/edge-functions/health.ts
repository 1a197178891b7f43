// GET /health on Netlify (path: netlify.toml). A function of its own so that the edge burst limit, attached to
// the API function, does not apply: /health is never rate limited (docs/README.md, "Endpoints").

import { createNetlifyHandler } from "../../edge/adapters/netlify/handler.ts";

export default createNetlifyHandler({ rateLimit: false });
