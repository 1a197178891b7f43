// Which file of a build holds the answer to a route, as the edge reads it where it cannot read a
// range (the Worker, Netlify's edge): the chunk of a pair's seeds pack holding the seed, or the
// route's own file. bench:serve's static baseline cuts each seed's answer out of it, and its bare
// Worker reads it for each request.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chunkFileOf, chunkHolding, packChunksOf } from "../../contract/pack-chunks.ts";
import { fileFor, packEntryOf, type Route } from "../../contract/routes.ts";
import { parseServingIndex, SERVING_INDEX_FILE } from "../../contract/serving-index.ts";

export type PackChunks = ReturnType<typeof packChunksOf>;

/** The chunks of every pack of the generation in `generationDir`, by pack file, from its serving index. */
export function chunksOf(generationDir: string): PackChunks {
  const index = parseServingIndex(readFileSync(join(generationDir, SERVING_INDEX_FILE)));
  if (typeof index === "string") throw new Error(`${generationDir}: ${index}`);
  return packChunksOf(index.keys());
}

/** Where the answer to `route` is: its file under the generation and, for a seed, its entry in that chunk. */
export interface Holding {
  file: string;
  entry: { count: number; index: number } | null;
}

export function fileHolding(chunks: PackChunks, route: Route): Holding {
  const stored = fileFor(route, { topics: [] });
  const entry = packEntryOf(route);
  if (entry === null) return { file: stored, entry: null };
  const chunk = chunkHolding(chunks.get(stored) ?? [], entry.count, entry.index);
  if (chunk === null) throw new Error(`${stored} has no chunk holding entry ${entry.index}`);
  return { file: chunkFileOf(stored, chunk.first), entry: { count: chunk.count, index: entry.index - chunk.first } };
}
