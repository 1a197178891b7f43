// Runs the repository's Netlify edge functions inside Netlify's local emulation
// (edge/adapters/netlify/emulation.ts) over a fixture build, in this process, and hands back the
// emulation's own answers with what kind of thing answered (edge function, static file).

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startNetlifyEmulation } from "../../edge/adapters/netlify/emulation.ts";
import { writeDistFixture, type DistFixtureOptions } from "./dist-fixture.ts";
import { assertMatchesDescription } from "./openapi-validator.ts";

export interface NetlifySite {
  /** Runs a request through Netlify's request chain (edge functions, then static files). */
  fetch(path: string, init?: RequestInit): Promise<{ response: Response; type: string }>;
  stop(): Promise<void>;
}

export async function startNetlifySite(fixture: DistFixtureOptions = {}): Promise<NetlifySite> {
  const distDir = await mkdtemp(join(tmpdir(), "netlify-dist-"));
  let emulation: Awaited<ReturnType<typeof startNetlifyEmulation>>;
  try {
    // The fixture is written while @netlify/dev loads (seconds).
    emulation = await startNetlifyEmulation({ publishDir: distDir, ready: writeDistFixture(distDir, fixture) });
  } catch (error) {
    await rm(distDir, { recursive: true, force: true });
    throw error;
  }
  return {
    async fetch(path, init) {
      const result = await emulation.dev.handleAndIntrospect(new Request(`http://localhost:8888${path}`, init));
      if (result === undefined) throw new Error(`nothing on the site answered ${path}`);
      // Every answer must be one the description document declares (read from a clone: the test reads the original).
      const { response } = result;
      assertMatchesDescription({
        method: init?.method ?? "GET",
        target: path,
        status: response.status,
        contentType: response.headers.get("content-type"),
        body: await response.clone().text(),
      });
      return result;
    },
    async stop() {
      try {
        await emulation.stop();
      } finally {
        await rm(distDir, { recursive: true, force: true });
      }
    },
  };
}
