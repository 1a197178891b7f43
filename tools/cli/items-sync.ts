// `npm run items:sync`: rewrites dataset/items/ from @ianlucas/cs2-lib, the maintained package of CS2
// item definitions, so no def index or paint index is ever typed by hand. This is the only module
// that imports the package; nothing at build or run time needs it.

import { readdir, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { CS2_ITEMS } from "@ianlucas/cs2-lib";
import { english } from "@ianlucas/cs2-lib/translations";
import { itemFileSchema } from "../../contract/schema/item.ts";
import { PATTERN_FINISHES } from "../items/pattern-finishes.ts";
import { selectPatternItems } from "../items/select.ts";
import { planItemSync } from "../items/item-files.ts";

const ITEMS_DIR = fileURLToPath(new URL("../../dataset/items/", import.meta.url));

async function main(): Promise<number> {
  const selection = selectPatternItems(CS2_ITEMS, english, PATTERN_FINISHES);
  if (!selection.ok) {
    for (const problem of selection.problems) console.error(`items:sync: ${problem}`);
    console.error("items:sync: nothing written; fix tools/items/pattern-finishes.ts or the selection rules");
    return 1;
  }
  const { items } = selection;

  // The schema is the contract of an item file; a package change that breaks it must stop the sync.
  const invalid = items.flatMap((item) => {
    const parsed = itemFileSchema.safeParse(item);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${item.slug}: ${issue.path.join(".")}: ${issue.message}`);
  });
  if (invalid.length > 0) {
    for (const line of invalid) console.error(`items:sync: ${line}`);
    return 1;
  }

  await mkdir(ITEMS_DIR, { recursive: true });
  const existing = new Map<string, string>();
  for (const file of (await readdir(ITEMS_DIR)).filter((name) => name.endsWith(".json")).sort()) {
    existing.set(file, await readFile(path.join(ITEMS_DIR, file), "utf8"));
  }

  const plan = planItemSync(existing, items);
  for (const { file, text } of plan.write) await writeFile(path.join(ITEMS_DIR, file), text);
  for (const file of plan.remove) await rm(path.join(ITEMS_DIR, file));

  const pairs = items.reduce((sum, item) => sum + item.paints.length, 0);
  const created = plan.write.filter((w) => w.created).length;
  const finishes = new Set(items.map((item) => item.finish)).size;
  console.log(`items:sync: ${items.length} item files, ${pairs} (def_index, paint_index) pairs, ${finishes} finishes`);
  console.log(
    `items:sync: ${created} created, ${plan.write.length - created} updated, ${plan.remove.length} removed, ${plan.unchanged} unchanged`,
  );
  for (const file of plan.remove) console.log(`items:sync: removed ${file}`);
  return 0;
}

process.exitCode = await main();
