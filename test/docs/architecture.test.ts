// docs/architecture.md's table of which file answers which request is written by hand for people;
// here it is read back and held to the registrations, so a changed route or a new endpoint fails
// until the table says it.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../contract/endpoints/index.ts";
import { marketNameKey } from "../../contract/market-name.ts";
import { fileFor, packEntryOf, parseRequest, type Route } from "../../contract/routes.ts";

const TABLE_HEAD = "| request under `/v1` | file in the generation folder | |";

/** Example values for the table's names: what a request carries, and what the file's name then holds. */
const NAME = "★ StatTrak™ Karambit | Doppler (Factory New)";
const EXAMPLES: Record<string, { request: string; file: string }> = {
  def: { request: "7", file: "7" },
  paint: { request: "44", file: "44" },
  seed: { request: "661", file: "661" },
  topic: { request: "blue gem", file: "blue_20gem" },
  other: { request: "fade", file: "fade" },
  platform_id: { request: "900000001", file: "900000001" },
  system: { request: "tiers", file: "tiers" },
  slug: { request: "ak-47-case-hardened", file: "ak-47-case-hardened" },
  name: { request: NAME, file: NAME },
  alias: { request: marketNameKey(NAME), file: marketNameKey(NAME) },
};
/** The topics the example build's systems carry: `{topic}` is one, `{other}` is not. */
const TOPICS = [EXAMPLES.topic!.request];

interface Row {
  request: string;
  file: string;
  note: string;
}

function tableRows(): Row[] {
  const text = readFileSync(new URL("../../docs/architecture.md", import.meta.url), "utf8");
  const lines = text.slice(text.indexOf(TABLE_HEAD)).split("\n").slice(2);
  return lines
    .slice(0, lines.findIndex((line) => !line.startsWith("|")))
    .map((line) => {
      const [request = "", file = "", note = ""] = line.split(" | ").map((cell) => cell.replace(/^\| ?| ?\|$/g, ""));
      return { request: request.replace(/^`GET |`$/g, ""), file: file.replace(/^`|`$/g, ""), note };
    });
}

/** A request of the table with example values in place of its names, as a route (or the error it earns). */
function routeOf(request: string): Route {
  const url = new URL(request.replace(/\{([a-z_]+)\}/g, (_, name: string) => encodeURIComponent(EXAMPLES[name]!.request)), "http://localhost");
  const parsed = parseRequest(url.pathname, url.searchParams);
  if (!parsed.ok) throw new Error(`${request}: ${parsed.error.message}`);
  return parsed.route;
}

const fileWith = (template: string) => template.replace(/\{([a-z_]+)\}/g, (_, name: string) => EXAMPLES[name]!.file);

describe("the request to file table of docs/architecture.md", () => {
  const rows = tableRows();

  it.each(rows.map((row) => [row.request, row] as const))("%s is answered by the file the table names", (_request, row) => {
    const route = routeOf(row.request);
    expect(fileFor(route, { topics: TOPICS })).toBe(fileWith(row.file));
    const seed = /entry `\{seed\}`/.test(row.note) ? Number(EXAMPLES.seed!.request) : null;
    expect(packEntryOf(route)?.index ?? null).toBe(seed);
  });

  it("has a row for every registration", () => {
    const named = new Set(rows.map((row) => routeOf(row.request).name));
    expect([...named].sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });
});
