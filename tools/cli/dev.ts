// `npm run dev`: builds dist/ from dataset/, serves it on http://127.0.0.1:8888 like `npm start`
// (one process), and watches dataset/: each save is checked (problems printed at once, the last
// good build keeps serving), rebuilt incrementally, served as soon as it is committed, and what
// the new dataset_version changed is printed. /review/ shows each guide against its capture
// (tools/review/), read from dataset/ at each request, with the workbench that edits and saves a guide
// (tools/workbench/).

import { fileURLToPath } from "node:url";
import { watchDataset } from "../dev/watch.ts";
import { createDevServer } from "../dev/server.ts";
import { banner } from "../../edge/adapters/node/run.ts";
import { readSettings } from "../../edge/adapters/node/settings.ts";

const datasetDir = fileURLToPath(new URL("../../dataset", import.meta.url));
const distDir = fileURLToPath(new URL("../../dist", import.meta.url));

const read = readSettings(process.env, [...process.argv.slice(2), "--single"]);
if (!read.ok) {
  console.error(read.message);
  process.exit(2);
}
const { settings } = read;
const { edge, loop } = await createDevServer({
  datasetDir,
  distDir,
  settings,
  print: (text) => process.stdout.write(text),
  log: (message) => console.error(message),
});

console.log("building dist/ from dataset/ ...");
await loop.changed();
let url: string;
try {
  url = await edge.listen(settings.port, settings.host);
} catch (error) {
  console.error(`cannot listen on ${settings.host}:${settings.port} (${(error as NodeJS.ErrnoException).code ?? String(error)}); set PORT or HOST`);
  process.exit(1);
}
console.log(banner(url, distDir, settings));
console.log(`review a guide against its capture, and fix a draft on its workbench: ${url}/review/`);
console.log(`\nwatching ${datasetDir}: save a file to rebuild (Ctrl-C stops)`);
const watch = watchDataset(datasetDir, () => void loop.changed());
const stop = () => {
  watch.close();
  void edge.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
