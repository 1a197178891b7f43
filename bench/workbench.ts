// `npm run bench:workbench [-- --saves N] [--fresh]`: how long a save on the workbench (tools/workbench/)
// takes to be checked, rebuilt and served by `npm run dev` at the API's stated scale: the scale fixture
// (docs/benchmarks.md, "The scale fixture") plus the guide being edited (the example guide 900000001 and its
// capture). `npm run dev`'s server is started over a copy of that dataset as `npm run dev` starts it (its
// build, then its watcher of the dataset folder), and the guide's page is read for its token and the sha256
// its edits are made on. Each save then posts one edit (the guide's notes, changed every time, so that every
// save makes a new dataset_version), and is timed from the request until the API answers the new guide
// document: the save's answer comes once the file is written, checked and the rebuild committed, and the
// request for the guide follows it. The first saves warm the process up and are not counted.
//
// Target: the median save checked, rebuilt and served in under 500 ms. The slowest save is shown beside it.

import { cpSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createDevServer } from "../tools/dev/server.ts";
import { watchDataset } from "../tools/dev/watch.ts";
import { BENCH_OUT, prepareScaleFixture } from "./lib/scale-fixture.ts";
import { formatMs, formatTable, formatTargetCheck, passes, type TargetCheck } from "./lib/format.ts";
import { summarize } from "./lib/stats.ts";

const TARGET_MS = 500;
const WARM_SAVES = 3;
const GUIDE = "900000001";
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WORK = path.join(BENCH_OUT, "workbench");

const { values } = parseArgs({ options: { saves: { type: "string", default: "10" }, fresh: { type: "boolean", default: false } } });
const saves = Number(values.saves);
if (!Number.isInteger(saves) || saves < 1) throw new Error(`--saves must be a positive integer, got ${values.saves}`);

const fixture = await prepareScaleFixture(values.fresh);
if ("error" in fixture) throw new Error(fixture.error);
console.log(fixture.line);

// The scale fixture plus the guide, its capture and its item.
const datasetDir = path.join(WORK, "dataset");
rmSync(WORK, { recursive: true, force: true });
cpSync(fixture.dir, datasetDir, { recursive: true });
const shipped = path.join(REPO, "dataset");
cpSync(path.join(shipped, "guides", `${GUIDE}.json`), path.join(datasetDir, "guides", `${GUIDE}.json`));
cpSync(path.join(shipped, "items", "ak-47-case-hardened.json"), path.join(datasetDir, "items", "ak-47-case-hardened.json"));
mkdirSync(path.join(datasetDir, "snapshots", "examples"), { recursive: true });
cpSync(path.join(shipped, "snapshots", "examples"), path.join(datasetDir, "snapshots", "examples"), { recursive: true });

const dev = await createDevServer({
  datasetDir,
  distDir: path.join(WORK, "dist"),
  settings: { rateLimit: false, burstLimit: false, trustProxy: false },
  print: () => {},
  log: () => {},
});
let started = performance.now();
const first = await dev.loop.changed();
if (!("ok" in first) || !first.ok) throw new Error(`the first build failed: ${JSON.stringify(first).slice(0, 500)}`);
console.log(`first build: ${formatMs(performance.now() - started)}`);
const watch = watchDataset(datasetDir, () => void dev.loop.changed());
const url = await dev.edge.listen(0, "127.0.0.1");

try {
  const page = await (await fetch(`${url}/review/${GUIDE}`)).text();
  const token = /<meta name="workbench-token" content="([^"]+)">/.exec(page)?.[1];
  let base = /data-base="([0-9a-f]{64})"/.exec(page)?.[1];
  if (token === undefined || base === undefined) throw new Error("the guide's page carries no workbench token or base");

  const answered: number[] = [];
  const served: number[] = [];
  for (let save = 0; save < WARM_SAVES + saves; save++) {
    const notes = `Example data written for this repository (workbench benchmark, save ${save}).`;
    started = performance.now();
    const response = await fetch(`${url}/review/${GUIDE}/save`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url, "x-workbench-token": token },
      body: JSON.stringify({ base, edits: [{ kind: "set-notes", text: notes }] }),
    });
    const answer = (await response.json()) as { ok: boolean; base?: string; message?: string };
    const answeredAt = performance.now();
    if (!answer.ok || answer.base === undefined) throw new Error(`save ${save} refused: ${answer.message}`);
    if (!/rebuilt: serving dataset_version/.test(answer.message ?? "")) throw new Error(`save ${save} was not served: ${answer.message}`);
    base = answer.base;
    const guide = (await (await fetch(`${url}/v1/guides/${GUIDE}`)).json()) as { data: { notes: string } };
    const servedAt = performance.now();
    if (guide.data.notes !== notes) throw new Error(`save ${save}: the API does not serve it yet`);
    if (save >= WARM_SAVES) {
      answered.push(answeredAt - started);
      served.push(servedAt - started);
    }
    // The watcher's own look at the folder after the write (nothing left to build) is not timed.
    await new Promise((resolve) => setTimeout(resolve, 400));
  }

  const rows = [
    ["save answered (written, checked, rebuilt)", answered],
    ["save served (the API answers the new guide)", served],
  ].map(([name, samples]) => {
    const summary = summarize(samples as number[]);
    return [name as string, formatMs(summary.median), formatMs(summary.min), formatMs(summary.max)];
  });
  console.log(`\n${saves} saves of guide ${GUIDE} on the scale fixture (after ${WARM_SAVES} not counted):\n`);
  console.log(formatTable(["", "median", "min", "max"], rows));
  const check: TargetCheck = { name: "median save checked, rebuilt and served", measured: summarize(served).median, limit: TARGET_MS, format: formatMs };
  console.log(`\n${formatTargetCheck(check)}`);
  process.exitCode = passes(check) ? 0 : 1;
} finally {
  watch.close();
  await dev.edge.close();
}
