// What `npm start`, `npm run serve` and serve.mjs suggest trying comes from the build they serve
// (edge/adapters/node/examples.ts, run.ts's banner); that each suggestion answers is held against a
// running server in test/http/mirror.test.ts.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servedExamples } from "../../../../edge/adapters/node/examples.ts";
import { banner } from "../../../../edge/adapters/node/run.ts";
import type { ServerSettings } from "../../../../edge/adapters/node/settings.ts";
import { FIXTURE_DATASET, writeDistFixture, type DistFixture } from "../../../support/dist-fixture.ts";

const SETTINGS: ServerSettings = { port: 8888, host: "127.0.0.1", rateLimit: true, burstLimit: true, trustProxy: false, workers: 1 };
const URL = "http://127.0.0.1:8888";

describe("the requests the local server suggests", () => {
  let fixture: DistFixture;
  let empty: string;
  beforeAll(async () => {
    fixture = await writeDistFixture(undefined, { datasetVersion: "examples-v1", documents: false });
    empty = await mkdtemp(path.join(tmpdir(), "examples-empty-"));
  });
  afterAll(async () => {
    await fixture?.remove();
    await rm(empty, { recursive: true, force: true });
  });

  it("name the served build's most graded pair, its seed with the most verdicts, its slug and a market hash name of it", () => {
    expect(servedExamples(fixture.dir)).toEqual({
      datasetVersion: "examples-v1",
      item: { defIndex: 7, paintIndex: 44, seed: 151 },
      slug: "ak-47-case-hardened",
      marketHashName: "AK-47 | Case Hardened (Minimal Wear)",
    });
  });

  it("come from the build served, not from the shipped dataset", async () => {
    const karambitOnly = { ...FIXTURE_DATASET, items: FIXTURE_DATASET.items.filter((item) => item.slug === "karambit-doppler"), guides: [] };
    const other = await writeDistFixture(undefined, { datasetVersion: "examples-v2", documents: false, dataset: karambitOnly });
    try {
      const examples = servedExamples(other.dir);
      expect(examples?.item?.defIndex).toBe(507);
      expect(examples?.slug).toBe("karambit-doppler");
      const text = banner(URL, other.dir, SETTINGS, examples);
      expect(text).toContain(`${URL}/v1/items/507/`);
      expect(text).not.toContain("/v1/items/7/44");
      expect(text).toContain(`If-None-Match: "examples-v2"`);
    } finally {
      await other.remove();
    }
  });

  it("are only /health while the folder holds no build", () => {
    expect(servedExamples(empty)).toBeNull();
    const tries = banner(URL, empty, SETTINGS, null)
      .split("\n")
      .filter((line) => line.includes("curl"));
    expect(tries).toEqual([`  curl -s ${URL}/health   # 503 until a build is committed there`]);
  });
});
