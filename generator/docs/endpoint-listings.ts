// The endpoint listings of README.md (a table) and docs/README.md (a section per path), written from
// the path table (contract/paths.ts: each /v1 endpoint's registration, and the paths outside /v1)
// with the same prose as the description document, between two marks in each file. `npm run
// docs:openapi` rewrites them; a test fails while either differs from what the registrations give.

import { PARAMETERS } from "../../contract/parameters.ts";
import { descriptionOf, PARAMETER_DESCRIPTIONS } from "../../contract/path-descriptions.ts";
import { PATHS, type OperationName, type PathName } from "../../contract/paths.ts";

export const LISTING_START = "<!-- endpoints: written by npm run docs:openapi from the registrations (contract/endpoints/); edit those, not this -->";
export const LISTING_END = "<!-- end of endpoints -->";

const described = () => (Object.keys(PATHS) as PathName[]).filter((name): name is OperationName => PATHS[name].operation !== null);

/** How a path is asked for: its template, and its query parameters. */
function request(name: OperationName): string {
  const entry = PATHS[name];
  const query = entry.parameters.filter((parameter) => PARAMETERS[parameter].in === "query").map((parameter) => `\`?${PARAMETERS[parameter].name}=\``);
  return `\`${entry.template}\`${query.length === 0 ? "" : ` (${query.join(", ")})`}`;
}

/** README.md: one row per described path. */
export function readmeListing(): string {
  return ["| path | answers |", "|---|---|", ...described().map((name) => `| ${request(name)} | ${descriptionOf(name).summary} |`)].join("\n");
}

/** docs/README.md: per described path its summary, what it answers, its parameters and its own error statuses. */
export function referenceListing(): string {
  return described()
    .map((name) => {
      const entry = PATHS[name];
      const text = descriptionOf(name);
      const parameters = entry.parameters.filter((parameter) => PARAMETERS[parameter].in !== "header").map((parameter) => `- \`${PARAMETERS[parameter].name}\`: ${PARAMETER_DESCRIPTIONS[parameter]}`);
      const errors = entry.errors.length === 0 ? [] : [`Errors of its own: ${entry.errors.join(", ")}.`];
      return [`### ${text.summary}`, "", `\`GET ${entry.template}\``, "", text.description, ...(parameters.length === 0 ? [] : ["", ...parameters]), ...(errors.length === 0 ? [] : ["", ...errors])].join("\n");
    })
    .join("\n\n");
}

/** A document with the text between its marks replaced; it must have both marks, once each. */
export function withListing(document: string, listing: string, file: string): string {
  const start = document.indexOf(LISTING_START);
  const end = document.indexOf(LISTING_END);
  if (start < 0 || end < start || document.indexOf(LISTING_START, start + 1) >= 0) throw new Error(`${file} must hold the endpoint listing's marks once each, in order`);
  return `${document.slice(0, start + LISTING_START.length)}\n${listing}\n${document.slice(end)}`;
}
