import { describe, expect, it } from "vitest";
import { ALLOWED_METHODS, CORS_HEADERS, methodNotAllowedMessage, PREFLIGHT_HEADERS } from "../../contract/cors.ts";

describe("CORS", () => {
  it("lets any origin read every response and its ETag and Retry-After", () => {
    expect(CORS_HEADERS).toEqual({ "access-control-allow-origin": "*", "access-control-expose-headers": "ETag, Retry-After" });
  });

  it("allows GET, HEAD and the preflight, with If-None-Match, for a day", () => {
    expect(ALLOWED_METHODS).toBe("GET, HEAD, OPTIONS");
    expect(PREFLIGHT_HEADERS).toEqual({ "access-control-allow-methods": "GET, HEAD, OPTIONS", "access-control-allow-headers": "If-None-Match", "access-control-max-age": "86400" });
  });

  it("words the 405 with the method refused and the one to use", () => {
    expect(methodNotAllowedMessage("POST")).toBe("method POST is not allowed; use GET");
  });
});
