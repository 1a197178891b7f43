import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { readSettings } from "../../../../edge/adapters/node/settings.ts";

describe("server settings", () => {
  it("by default the server listens on 127.0.0.1:8888 with both limits on and no proxy trusted", () => {
    const result = readSettings({}, []);
    expect(result.ok && result.settings).toMatchObject({ port: 8888, host: "127.0.0.1", rateLimit: true, burstLimit: true, trustProxy: false });
  });
  it("PORT and HOST override the address", () => {
    const result = readSettings({ PORT: "9000", HOST: "0.0.0.0" }, []);
    expect(result.ok && result.settings).toMatchObject({ port: 9000, host: "0.0.0.0" });
  });
  it("RATE_LIMIT=off and BURST_LIMIT=off switch each limit off on its own", () => {
    const appOff = readSettings({ RATE_LIMIT: "off" }, []);
    expect(appOff.ok && [appOff.settings.rateLimit, appOff.settings.burstLimit]).toEqual([false, true]);
    const burstOff = readSettings({ BURST_LIMIT: "OFF" }, []);
    expect(burstOff.ok && [burstOff.settings.rateLimit, burstOff.settings.burstLimit]).toEqual([true, false]);
  });
  it("TRUST_PROXY=1 trusts X-Forwarded-For", () => {
    const result = readSettings({ TRUST_PROXY: "1" }, []);
    expect(result.ok && result.settings.trustProxy).toBe(true);
  });
  it("with a limit on, one process counts every request of a client, so it is the default", () => {
    const result = readSettings({}, []);
    expect(result.ok && result.settings.workers).toBe(1);
  });
  it("with both limits off (benchmarks), one worker per core, at most 2", () => {
    const result = readSettings({ RATE_LIMIT: "off", BURST_LIMIT: "off" }, []);
    expect(result.ok && result.settings.workers).toBe(Math.min(2, availableParallelism()));
  });
  it("--single runs one process", () => {
    const result = readSettings({ WORKERS: "2" }, ["--single"]);
    expect(result.ok && result.settings.workers).toBe(1);
  });
  it("a PORT that is not a port is refused with a message", () => {
    expect(readSettings({ PORT: "http" }, [])).toEqual({ ok: false, message: 'PORT must be 0..65535, got "http"' });
  });
  it("--port wins over PORT, 0 picks a free port, and a missing or bad value is refused", () => {
    const chosen = readSettings({ PORT: "9000" }, ["dist", "--port", "0"]);
    expect(chosen.ok && chosen.settings.port).toBe(0);
    expect(readSettings({}, ["--port"])).toEqual({ ok: false, message: '--port must be 0..65535, got ""' });
    expect(readSettings({}, ["--port", "70000"])).toEqual({ ok: false, message: '--port must be 0..65535, got "70000"' });
  });
  it("--host wins over HOST, and a missing value is refused", () => {
    const chosen = readSettings({ HOST: "0.0.0.0" }, ["--host", "::1", "--port", "0"]);
    expect(chosen.ok && [chosen.settings.host, chosen.settings.port]).toEqual(["::1", 0]);
    expect(readSettings({}, ["--host"])).toEqual({ ok: false, message: '--host must name an address, got ""' });
    expect(readSettings({}, ["--host", "--port", "0"])).toEqual({ ok: false, message: '--host must name an address, got "--port"' });
  });
});
