// GET /v1/items/{def_index}/{paint_index}[?topic=]: an item and the menu of the guides covering it.

import { endpoint, found, lines } from "../endpoint.ts";
import { pairFolder, pairNotFound, pairValues, readPair } from "./pair.ts";

/**
 * A topic no system carries (the empty `?topic=`), standing for every other one: they all share one
 * file, so the generator enumerates that file through this route. A system's topic is never empty
 * (contract/schema/guide.ts), so the vocabulary cannot hold it.
 */
export const UNCARRIED_TOPIC = "";

/** Topics are an open vocabulary: anything outside [a-z0-9-] is hex-escaped ("_" too, so "_none" stays free). */
function encodeSegment(value: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(value)) {
    const c = String.fromCharCode(byte);
    out += /[a-z0-9-]/.test(c) ? c : `_${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

export const item = endpoint({
  name: "item",
  path: "/v1/items/{def_index}/{paint_index}",
  kind: "data",
  parameters: ["DefIndex", "PaintIndex", "Topic"],
  errors: [404, 422],
  operation: { id: "getItem", tag: "items" },
  response: "ItemMenu",
  derivation: "itemMenu",
  // `?topic=` counts as sent when present, even empty: the empty topic is one no system carries.
  read: (values, query) => readPair(values, (pair) => found({ ...pair, topic: query.get("topic") })),
  request: (route) => ({ values: pairValues(route), ...(route.topic === null ? {} : { query: { topic: route.topic } }) }),
  file(route, manifest) {
    if (route.topic === null) return `${pairFolder(route)}.json`;
    // Any topic no system carries keeps no system, so it drops every guide: one file answers them all.
    return manifest.topics.includes(route.topic) ? `${pairFolder(route)}/topics/${encodeSegment(route.topic)}.json` : `${pairFolder(route)}/topics/_none.json`;
  },
  notFound: (route) => pairNotFound(route.defIndex, route.paintIndex),
  description: {
    summary: "An item and the guides that cover it",
    description: lines(
      "The item's identity plus one entry per guide covering it, each with its systems: label, kind of scale, number of",
      "levels and number of gradings (`seeds`; a seed a system lists twice counts twice, matching its verdicts). No seeds",
      "are listed here. A known item that no guide covers answers 200 with `guides: []`.",
      "",
      "`topic` keeps only the systems carrying that topic and drops guides left with none. No system carries a topic",
      "yet, so today every `topic` value answers `guides: []`.",
    ),
    ok: ({ pair }) => `The menu of item ${pair.def_index}/${pair.paint_index}.`,
  },
  example: ({ pair }) => ({ defIndex: pair.def_index, paintIndex: pair.paint_index, topic: null }),
});
