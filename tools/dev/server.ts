// What `npm run dev` runs, as a function tests can start on any dataset folder and port: the local
// server over dist/, the rebuild loop of the dataset, and the review pages (tools/review/) in
// front of the edge for the paths under /review/. The review pages read the dataset folder itself, not
// the build, so they show a save at once, also a save with problems that the build refuses.

import type { IncomingMessage, ServerResponse } from "node:http";
import { createDevLoop, type DevLoop } from "./loop.ts";
import { createReviewHandler, isReviewPath } from "../review/handler.ts";
import { createReviewReader } from "../review/read.ts";
import { createEdgeServer, type EdgeServer } from "../../edge/adapters/node/server.ts";
import type { ServerSettings } from "../../edge/adapters/node/settings.ts";

export interface DevServerOptions {
  datasetDir: string;
  distDir: string;
  settings: Pick<ServerSettings, "rateLimit" | "burstLimit" | "trustProxy">;
  print: (text: string) => void;
  log: (message: string) => void;
}

export interface DevServer {
  edge: EdgeServer;
  loop: DevLoop;
}

export async function createDevServer({ datasetDir, distDir, settings, print, log }: DevServerOptions): Promise<DevServer> {
  const edge = await createEdgeServer({
    distDir,
    rateLimit: settings.rateLimit ? undefined : false,
    burstLimit: settings.burstLimit ? undefined : false,
    trustProxy: settings.trustProxy,
    log,
  });
  const loop = createDevLoop({
    datasetDir,
    outDir: distDir,
    // Switch now rather than at the server's next look at the manifest.
    onBuilt: async () => void (await edge.watcher.check()),
    print,
  });
  routeReviewPages(edge, createReviewHandler(createReviewReader(datasetDir)));
  return { edge, loop };
}

/** Puts the review pages before the edge's own listener, which answers every other path as before. */
function routeReviewPages(edge: EdgeServer, review: ReturnType<typeof createReviewHandler>): void {
  const [edgeListener] = edge.server.listeners("request") as ((request: IncomingMessage, response: ServerResponse) => void)[];
  edge.server.removeAllListeners("request");
  edge.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? "/").split("?")[0]!;
    if (!isReviewPath(path)) {
      edgeListener!(request, response);
      return;
    }
    answerReview(review, request, response);
  });
}

/** Answers a request with the review pages (also what `npm run review:screenshot` serves). */
export function answerReview(review: ReturnType<typeof createReviewHandler>, request: IncomingMessage, response: ServerResponse): void {
  review(request.method ?? "GET", (request.url ?? "/").split("?")[0]!)
    .then(({ status, headers, body }) => {
      const bytes = Buffer.from(body, "utf8");
      response.writeHead(status, { ...headers, "content-length": bytes.length });
      response.end(request.method === "HEAD" ? undefined : bytes);
    })
    .catch(() => response.destroy());
}
