// Checks a response received by an HTTP test against the description document (docs/openapi.json,
// kept identical to what a build serves by test/generator/openapi/document.test.ts): the status must
// be declared for that path and method, and a JSON body must match the schema declared for that
// status (ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1). The HTTP helpers call it on every
// response, so no test can receive an answer the document does not describe.

import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { EXPLORER_ICON_PATH, EXPLORER_PATH, EXPLORER_SCRIPT_PATH, EXPLORER_STYLE_PATH } from "../../contract/paths.ts";
import { DOCS_PATH } from "../../contract/paths.ts";

type Json = { [key: string]: any };

const document: Json = JSON.parse(readFileSync(new URL("../../docs/openapi.json", import.meta.url), "utf8"));
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
ajv.addSchema(document, "openapi");

const pointer = (segments: string[]) => `openapi#/${segments.map((s) => s.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;

/** Templates as regular expressions: `{name}` matches one path segment. */
const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

export interface ReceivedResponse {
  method: string;
  /** The request target as sent (path and query). */
  target: string;
  status: number;
  contentType: string | null | undefined;
  body: string;
}

/** Throws an Error saying what does not match; returns the schema location checked, for tests of this helper. */
export function assertMatchesDescription(response: ReceivedResponse): string {
  const { method, status } = response;
  const path = response.target.split("?")[0]!;
  const where = `${method} ${response.target} -> ${status}`;
  // The reference page (HTML) and its redirect, and the explorer and its files, are pages for people, not API responses.
  if (path === DOCS_PATH || path === DOCS_PATH.slice(0, -1)) return "page";
  if ([EXPLORER_PATH, EXPLORER_SCRIPT_PATH, EXPLORER_STYLE_PATH, EXPLORER_ICON_PATH].includes(path) && status !== 404) return "page";

  const template = templates.find(({ pattern }) => pattern.test(path))?.template;
  const operationName = method === "HEAD" ? "get" : method.toLowerCase();
  const operation = template ? document.paths[template][operationName] : undefined;
  if (!operation) {
    // The document says a preflight is answered on any path.
    if (method === "OPTIONS" && status === 204 && response.body.length === 0) return "preflight";
    // Unknown paths and methods: 404, or 405, in the envelope (docs/README.md, "Envelope and errors"); and what any request may meet.
    if (![404, 405, 429, 503].includes(status)) throw new Error(`${where}: an undescribed path or method answered ${status}`);
    return checkBody(response, where, status === 429 && !isJson(response.contentType) ? ["components", "responses", "RateLimited", "content", "text/plain", "schema"] : ["components", "schemas", "ErrorEnvelope"]);
  }
  let responseObject = operation.responses[String(status)];
  if (!responseObject) throw new Error(`${where}: status ${status} is not declared for ${operationName.toUpperCase()} ${template}`);
  let location = ["paths", template!, operationName, "responses", String(status)];
  if (responseObject.$ref) {
    location = responseObject.$ref.slice(2).split("/");
    responseObject = document.components.responses[location.at(-1)!];
  }
  const content = responseObject.content as Json | undefined;
  if (!content || method === "HEAD") {
    if (method !== "HEAD" && response.body.length > 0) throw new Error(`${where}: a body where the document declares none`);
    return location.join("/");
  }
  const mediaType = (response.contentType ?? "").split(";")[0]!.trim();
  if (!(mediaType in content)) throw new Error(`${where}: content type ${mediaType || "(none)"} is not declared (declared: ${Object.keys(content).join(", ")})`);
  return checkBody(response, where, [...location, "content", mediaType, "schema"]);
}

function isJson(contentType: string | null | undefined): boolean {
  return (contentType ?? "").startsWith("application/json");
}

function checkBody(response: ReceivedResponse, where: string, schemaLocation: string[]): string {
  const validate = ajv.getSchema(pointer(schemaLocation));
  if (!validate) throw new Error(`${where}: no schema at ${schemaLocation.join("/")}`);
  let value: unknown = response.body;
  if (isJson(response.contentType)) {
    try {
      value = JSON.parse(response.body);
    } catch {
      throw new Error(`${where}: the body is not JSON`);
    }
  }
  if (!validate(value)) {
    throw new Error(`${where}: the body does not match ${schemaLocation.join("/")}: ${ajv.errorsText(validate.errors, { separator: "; " })}`);
  }
  return schemaLocation.join("/");
}

/** A fetch that checks every answer against the document, as the raw HTTP helpers do (for tests of the client). */
export function describedFetch(inner: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    assertMatchesDescription({
      method: init?.method ?? "GET",
      target: `${url.pathname}${url.search}`,
      status: response.status,
      contentType: response.headers.get("content-type"),
      body: await response.clone().text(),
    });
    return response;
  };
}
