import { spawnSync } from "node:child_process";
import { promises as fs, readdirSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireBuildLock, BuildFolderBusy, LOCK_FILE } from "../../../generator/emit/lock.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-lock-");
afterEach(() => temporary.removeAll());
const freshDir = () => temporary.make();

/** The pid of a process that has exited (a pid is not handed out again at once). */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid;

const writeLock = (dir: string, holder: object) => fs.writeFile(path.join(dir, LOCK_FILE), JSON.stringify(holder));

describe("the build lock", () => {
  it("a second build refuses while the first holds the folder, naming the holder's pid, host and start time", async () => {
    const dir = freshDir();
    const first = await acquireBuildLock(dir);
    const refused = await acquireBuildLock(dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BuildFolderBusy);
    expect((refused as Error).message).toBe(
      `${dir} is being built by another build (pid ${process.pid} on ${hostname()} since ${first.holder.started}); wait for it to finish, or stop it, and build again`,
    );
    await first.release();
    const second = await acquireBuildLock(dir);
    await second.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("the lock of a build that was killed (its process is gone) is taken over", async () => {
    const dir = freshDir();
    const pid = deadPid();
    await writeLock(dir, { pid, host: hostname(), started: "2026-01-01T00:00:00.000Z", token: "dead" });
    const lock = await acquireBuildLock(dir);
    expect(lock.recovered).toMatchObject({ pid, token: "dead" });
    expect(JSON.parse(await fs.readFile(path.join(dir, LOCK_FILE), "utf8")).token).toBe(lock.holder.token);
    await lock.release();
  });

  it("two builds recovering one dead lock at once: one takes it, the other refuses", async () => {
    const dir = freshDir();
    await writeLock(dir, { pid: deadPid(), host: hostname(), started: "2026-01-01T00:00:00.000Z", token: "dead" });
    const results = await Promise.allSettled([acquireBuildLock(dir), acquireBuildLock(dir)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(BuildFolderBusy);
  });

  it("a lock taken on another host is never taken over: the message says how to clear it", async () => {
    const dir = freshDir();
    await writeLock(dir, { pid: deadPid(), host: "build-box-elsewhere", started: "2026-01-01T00:00:00.000Z", token: "remote" });
    await expect(acquireBuildLock(dir)).rejects.toThrow(`on build-box-elsewhere since 2026-01-01T00:00:00.000Z); this host cannot tell whether it still runs: if it does not, delete ${path.join(dir, LOCK_FILE)}`);
  });

  it("a lock file that names no build is reported, not overwritten", async () => {
    const dir = freshDir();
    await fs.writeFile(path.join(dir, LOCK_FILE), "");
    await expect(acquireBuildLock(dir)).rejects.toThrow(`${path.join(dir, LOCK_FILE)} does not name a build`);
  });

  it("a build whose lock was taken from it stops before committing", async () => {
    const dir = freshDir();
    const lock = await acquireBuildLock(dir);
    await lock.assertHeld();
    await writeLock(dir, { pid: 1, host: hostname(), started: "2026-01-01T00:00:00.000Z", token: "other" });
    await expect(lock.assertHeld()).rejects.toThrow("no longer names this build (now pid 1");
  });
});
