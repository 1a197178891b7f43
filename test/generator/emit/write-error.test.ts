import { describe, expect, it } from "vitest";
import { namingFile, namingPath } from "../../../generator/emit/write-error.ts";

describe("a failed write", () => {
  it("names the file it was writing, once", () => {
    const error = namingFile(new Error("ENOSPC: no space left on device, write"), "/dist/g-a/v1/meta.json") as Error;
    expect(error.message).toBe("ENOSPC: no space left on device, write (writing /dist/g-a/v1/meta.json)");
    expect((namingFile(error, "/dist/g-a/v1/meta.json") as Error).message).toBe(error.message);
  });

  it("that is no Error is passed on as it is", () => {
    expect(namingFile("down", "/dist/x")).toBe("down");
  });

  it("thrown by a write is thrown again naming the file; a write that succeeds gives its value", async () => {
    await expect(namingPath("/dist/x", async () => Promise.reject(new Error("EIO")))).rejects.toThrow("EIO (writing /dist/x)");
    expect(await namingPath("/dist/x", async () => 7)).toBe(7);
  });
});
