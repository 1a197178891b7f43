import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { PAUSE_ENV, pauseAt, pauseFileCount, pauseRequested, type BuildProcess, type PauseMessage } from "../../../generator/emit/pause-point.ts";

/** A build's process as a test makes it: its environment, and (`channel`) an IPC channel whose messages the test reads. */
function buildProcess(pauseAtPoint: string | undefined, channel = true): BuildProcess & EventEmitter & { sent: PauseMessage[] } {
  const sent: PauseMessage[] = [];
  const env = pauseAtPoint === undefined ? {} : { [PAUSE_ENV]: pauseAtPoint };
  const emitter = Object.assign(new EventEmitter(), { env, sent });
  return channel ? Object.assign(emitter, { send: (message: PauseMessage) => sent.push(message) }) : emitter;
}

/** Lets every pending callback and promise run (no timer involved). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("pause points", () => {
  it("a point is asked for when the variable names it and the build has a parent to tell", () => {
    expect(pauseRequested("indexed", buildProcess("indexed"))).toBe(true);
    expect(pauseRequested("indexed", buildProcess("indexed", false))).toBe(false);
    expect(pauseRequested("indexed", buildProcess("written"))).toBe(false);
    expect(pauseRequested("indexed", buildProcess(undefined))).toBe(false);
  });

  it.each([
    ["files:12 pauses after 12 files", "files:12", true, 12],
    ["files:0 pauses before the first file", "files:0", true, 0],
    ["files:12 without a parent to tell asks for no pause", "files:12", false, null],
    ["a variable that only contains files:3 asks for no file count", "xfiles:3", true, null],
    ["files:3x asks for no file count", "files:3x", true, null],
    ["files: without a number asks for no file count", "files:", true, null],
    ["another point asks for no file count", "indexed", true, null],
    ["no variable asks for no file count", undefined, true, null],
  ] as const)("%s", (_sentence, variable, channel, count) => {
    expect(pauseFileCount(buildProcess(variable, channel))).toBe(count);
  });

  it("a build asked to pause tells its parent where and what it is about to touch, and goes on only when told to resume", async () => {
    const build = buildProcess("pruning-generation");
    let resumed = false;
    const paused = pauseAt("pruning-generation", "/out/g-0001", build).then(() => (resumed = true));
    expect(build.sent).toStrictEqual([{ pausedAt: "pruning-generation", path: "/out/g-0001" }]);
    expect(build.listenerCount("message")).toBe(1);
    for (const message of [null, "resume", { resume: false }, { resume: "true" }]) build.emit("message", message);
    await settle();
    expect(resumed).toBe(false);
    build.emit("message", { resume: true });
    await paused;
    expect(resumed).toBe(true);
    expect(build.listenerCount("message")).toBe(0);
  });

  it("a point without a path is reported by its name alone", async () => {
    const build = buildProcess("indexed");
    const paused = pauseAt("indexed", undefined, build);
    expect(build.sent).toStrictEqual([{ pausedAt: "indexed" }]);
    build.emit("message", { resume: true });
    await paused;
  });

  it("a point not asked for returns at once and tells the parent nothing", async () => {
    const build = buildProcess("written");
    await pauseAt("indexed", "/out/g-0001", build);
    expect(build.sent).toEqual([]);
    expect(build.listenerCount("message")).toBe(0);
  });
});
