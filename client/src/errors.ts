import type { ErrorEnvelope } from "./types.js";

/**
 * `code` is the API's `error.code`, or one the client gives: `invalid_response` when the answer was
 * not the API's envelope (a proxy's error page, a cut connection), `edge_blocked` when the edge block
 * in front of the API outlasted the retries, `timeout` when the call took longer than its timeout
 * (`status` 0), `too_large` when the body was larger than the client reads.
 */
export type ErrorCode = ErrorEnvelope["error"]["code"] | "invalid_response" | "edge_blocked" | "timeout" | "too_large";

/** An answer with an error status. Branch on `status` and `code`; `message` is for people. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: ErrorCode;
  /** The version the server was serving; "" when it said none (no build loaded, or no envelope). */
  readonly datasetVersion: string;

  constructor(status: number, code: ErrorCode, message: string, datasetVersion: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.datasetVersion = datasetVersion;
  }
}
