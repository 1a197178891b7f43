// The envelope (docs/README.md, "Envelope and errors"): `{dataset_version, data}` on success,
// `{dataset_version, error}` on failure. A build's files hold the `data` JSON only, so a success body is the
// bytes of the version's prefix, the file, and "}" — concatenated, never parsed.

/** The `code` of an error envelope: what a client branches on (its `message` is for people). */
export type ErrorCode = "bad_request" | "not_found" | "rate_limited" | "internal_error";

/** The media type of every enveloped answer (and of /health). */
export const JSON_TYPE = "application/json; charset=utf-8";

const encoder = new TextEncoder();
const CLOSE = encoder.encode("}");

/** The bytes around a data file for one dataset_version; computed once per build. */
export interface Envelope {
  prefix: Uint8Array;
  suffix: Uint8Array;
}

export function envelopeFor(datasetVersion: string): Envelope {
  return { prefix: encoder.encode(`{"dataset_version":${JSON.stringify(datasetVersion)},"data":`), suffix: CLOSE };
}

export function wrapData(envelope: Envelope, data: Uint8Array): Uint8Array {
  const { prefix, suffix } = envelope;
  const body = new Uint8Array(prefix.length + data.length + suffix.length);
  body.set(prefix, 0);
  body.set(data, prefix.length);
  body.set(suffix, prefix.length + data.length);
  return body;
}

export function errorBody(datasetVersion: string, code: ErrorCode, message: string): Uint8Array {
  return encoder.encode(JSON.stringify({ dataset_version: datasetVersion, error: { code, message } }));
}
