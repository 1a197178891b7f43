// GET /v1/items/{def_index}/{paint_index}/patterns: every graded seed of an item, without quotes.

import { endpoint, found, lines } from "../endpoint.ts";
import { pairFolder, pairNotFound, pairValues, readPair } from "./pair.ts";

export const patterns = endpoint({
  name: "patterns",
  path: "/v1/items/{def_index}/{paint_index}/patterns",
  kind: "data",
  parameters: ["DefIndex", "PaintIndex"],
  errors: [404, 422],
  operation: { id: "getPatterns", tag: "items" },
  response: "Patterns",
  derivation: "patterns",
  read: (values) => readPair(values, found),
  request: (route) => ({ values: pairValues(route) }),
  file: (route) => `${pairFolder(route)}/patterns.json`,
  notFound: (route) => pairNotFound(route.defIndex, route.paintIndex),
  description: {
    summary: "Every graded seed of an item, without quotes",
    description: lines(
      "The bulk form of the seed endpoint: `seeds` maps each graded seed (a decimal string) to its entries, one per",
      "grading, and `guides` describes each guide and system once, levels best first. Quotes are left out. A known item",
      "that no guide covers answers 200 with `seeds: {}`.",
    ),
    ok: ({ pair }) => `The graded seeds of item ${pair.def_index}/${pair.paint_index}.`,
  },
  example: ({ pair }) => ({ defIndex: pair.def_index, paintIndex: pair.paint_index }),
});
