// GET /v1/guides/{platform_id}[?system=]: a guide document as stored, or narrowed to one system.

import { endpoint, found, notFound, lines } from "../endpoint.ts";
import { PATH_SAFE_ID, PLATFORM_ID } from "../parameters.ts";

interface GuideFields {
  platformId: string;
  system: string | null;
}

const guideNotFound = ({ platformId, system }: GuideFields) =>
  system === null ? `no guide has platform_id "${platformId}"` : `guide "${platformId}" has no system "${system}"`;

export const guide = endpoint({
  name: "guide",
  path: "/v1/guides/{platform_id}",
  kind: "data",
  parameters: ["PlatformId", "System"],
  errors: [404],
  operation: { id: "getGuide", tag: "guides" },
  response: "Guide",
  derivation: "guide",
  read(values, query) {
    const platformId = values.platform_id!;
    // `?system=` counts as sent when present: an empty one names no system.
    const fields: GuideFields = { platformId, system: query.get("system") };
    // An id no guide or system could have is unknown, not malformed: no file is looked for.
    if (!PLATFORM_ID.test(platformId)) return notFound(guideNotFound({ platformId, system: null }));
    if (fields.system !== null && !PATH_SAFE_ID.test(fields.system)) return notFound(guideNotFound(fields));
    return found(fields);
  },
  request: (route) => ({ values: { platform_id: route.platformId }, ...(route.system === null ? {} : { query: { system: route.system } }) }),
  file: (route) => (route.system === null ? `v1/guides/${route.platformId}.json` : `v1/guides/${route.platformId}/systems/${route.system}.json`),
  notFound: guideNotFound,
  description: {
    summary: "A guide document, as stored",
    description: lines(
      "The whole guide: attribution, the capture it was transcribed from, its systems, levels and gradings with their",
      "quotes, and what the guide says beside its scale (remarks, item claims, callouts, discrepancies). Read fields by",
      "name; their order carries no meaning. `system` narrows `systems` to one system and leaves every other field whole.",
    ),
    ok: ({ platformId }) => `Guide ${platformId}.`,
  },
  example: ({ platformId }) => ({ platformId, system: null }),
});
