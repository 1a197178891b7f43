import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, promises as fs, readdirSync, readFileSync, readlinkSync } from "node:fs";
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

/** Read here rather than through lock.ts, so the test does not take the code's word for it. */
const HAS_PROC = existsSync("/proc/self/stat");
function procStat(pid: number): { state: string; startTicks: number } | null {
  if (!existsSync(`/proc/${pid}/stat`)) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)!.split(" ");
  return { state: fields[0]!, startTicks: Number(fields[19]) };
}

/** This process's PID namespace, as /proc names it (undefined without it). */
const PID_NAMESPACE = existsSync("/proc/self/ns/pid") ? readlinkSync("/proc/self/ns/pid") : undefined;
/** Where a lock's pid is this process's kind of pid: this host, this PID namespace. */
const here = { host: hostname(), pidNamespace: PID_NAMESPACE };

/** Yields to the event loop until `ready` holds (a bounded number of rounds; no timer involved). */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 200_000 && !ready(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(ready()).toBe(true);
}

/**
 * A zombie: a shell starts \`head\` in the background (reading one byte from fd 3) and replaces
 * itself with \`cat\`, which never reaps a child. Once it is cat, the byte is sent: head exits and
 * stays a zombie until \`stop\` ends cat (stdin closed).
 */
async function startZombie(): Promise<{ pid: number; stop(): Promise<void> }> {
  const parent: ChildProcess = spawn("sh", ["-c", "head -c 1 <&3 >/dev/null & echo $!; exec cat"], { stdio: ["pipe", "pipe", "ignore", "pipe"] });
  const [line] = (await once(parent.stdout!, "data")) as [Buffer];
  const pid = Number(line.toString().trim());
  await until(() => readFileSync(`/proc/${parent.pid}/comm`, "utf8").trim() === "cat");
  (parent.stdio[3] as NodeJS.WritableStream).write("x");
  await until(() => procStat(pid)?.state === "Z");
  return {
    pid,
    stop: async () => {
      parent.stdin!.end();
      await once(parent, "exit");
    },
  };
}

const writeLock = (dir: string, holder: object) => fs.writeFile(path.join(dir, LOCK_FILE), JSON.stringify(holder));

describe("the build lock", () => {
  it("a second build refuses while the first holds the folder, naming the holder's pid, host and start time", async () => {
    const dir = freshDir();
    const first = await acquireBuildLock(dir);
    const refused = await acquireBuildLock(dir, { waitMs: 0 }).catch((error: unknown) => error);
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
    await writeLock(dir, { pid, ...here, started: "2026-01-01T00:00:00.000Z", token: "dead" });
    const lock = await acquireBuildLock(dir);
    expect(lock.recovered).toMatchObject({ pid, token: "dead" });
    expect(JSON.parse(await fs.readFile(path.join(dir, LOCK_FILE), "utf8")).token).toBe(lock.holder.token);
    await lock.release();
  });

  it("two builds recovering one dead lock at once: one takes it, the other refuses", async () => {
    const dir = freshDir();
    await writeLock(dir, { pid: deadPid(), ...here, started: "2026-01-01T00:00:00.000Z", token: "dead" });
    const results = await Promise.allSettled([acquireBuildLock(dir), acquireBuildLock(dir)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(BuildFolderBusy);
  });

  it.runIf(HAS_PROC)("records the holder's start time, as /proc gives it", async () => {
    const dir = freshDir();
    const lock = await acquireBuildLock(dir);
    const startTicks = procStat(process.pid)!.startTicks;
    expect(JSON.parse(await fs.readFile(path.join(dir, LOCK_FILE), "utf8")).startTicks).toBe(startTicks);
    await lock.release();
  });

  it.runIf(HAS_PROC)("the lock of a build that was killed but not yet reaped (a zombie) is taken over at once", async () => {
    const dir = freshDir();
    const zombie = await startZombie();
    try {
      await writeLock(dir, { pid: zombie.pid, ...here, started: "2026-01-01T00:00:00.000Z", token: "killed" });
      const lock = await acquireBuildLock(dir, { waitMs: 0 });
      expect(lock.recovered).toMatchObject({ pid: zombie.pid, token: "killed" });
      await lock.release();
    } finally {
      await zombie.stop();
    }
  });

  it.runIf(HAS_PROC)("a lock whose pid now belongs to another process (another start time) is taken over", async () => {
    const dir = freshDir();
    const other = spawn("cat", [], { stdio: ["pipe", "ignore", "ignore"] });
    await once(other, "spawn");
    try {
      const startTicks = procStat(other.pid!)!.startTicks;
      await writeLock(dir, { pid: other.pid, ...here, started: "2026-01-01T00:00:00.000Z", token: "reused", startTicks: startTicks - 1 });
      const lock = await acquireBuildLock(dir, { waitMs: 0 });
      expect(lock.recovered).toMatchObject({ pid: other.pid, token: "reused" });
      await lock.release();
      // The same pid with its own start time is a live build.
      await writeLock(dir, { pid: other.pid, ...here, started: "2026-01-01T00:00:00.000Z", token: "live", startTicks });
      await expect(acquireBuildLock(dir, { waitMs: 0 })).rejects.toBeInstanceOf(BuildFolderBusy);
    } finally {
      other.stdin!.end();
      await once(other, "exit");
    }
  });

  it("a build that finds a live lock says how long it waits, and takes the lock once the holder ends", async () => {
    const dir = freshDir();
    const first = await acquireBuildLock(dir);
    const printed: string[] = [];
    // The wait between two looks ends when the holder does: no timer.
    const second = await acquireBuildLock(dir, { waitMs: 5_000, onWait: (message) => printed.push(message), sleep: () => first.release() });
    expect(printed).toEqual([`${dir} is being built by another build (pid ${process.pid} on ${hostname()} since ${first.holder.started}); waiting up to 5 s for it to finish`]);
    expect(second.recovered).toBeNull();
    await second.release();
  });

  it("a build that finds a live lock refuses once its bounded wait is over, saying how long it waited", async () => {
    const dir = freshDir();
    const first = await acquireBuildLock(dir);
    let clock = 0;
    const waits: number[] = [];
    const refused = await acquireBuildLock(dir, {
      waitMs: 1_000,
      pollMs: 300,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BuildFolderBusy);
    expect((refused as Error).message).toContain("(waited 1 s); wait for it to finish, or stop it, and build again");
    expect(waits).toEqual([300, 300, 300, 100]);
    await first.release();
  });

  it("a lock taken on another host is never taken over: the message says how to clear it", async () => {
    const dir = freshDir();
    await writeLock(dir, { pid: deadPid(), host: "build-box-elsewhere", started: "2026-01-01T00:00:00.000Z", token: "remote" });
    await expect(acquireBuildLock(dir)).rejects.toThrow(`on build-box-elsewhere since 2026-01-01T00:00:00.000Z); this host cannot tell whether it still runs: if it does not, delete ${path.join(dir, LOCK_FILE)}`);
  });

  it.runIf(PID_NAMESPACE !== undefined)("a lock taken in another PID namespace is never taken over, though its pid is dead here: the message names both namespaces", async () => {
    const dir = freshDir();
    const otherNamespace = PID_NAMESPACE === "pid:[1]" ? "pid:[2]" : "pid:[1]";
    await writeLock(dir, { pid: deadPid(), host: hostname(), pidNamespace: otherNamespace, started: "2026-01-01T00:00:00.000Z", token: "container" });
    const refused = await acquireBuildLock(dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BuildFolderBusy);
    expect((refused as Error).message).toContain(`in PID namespace ${otherNamespace}, not this build's ${PID_NAMESPACE}; its pid means nothing here`);
    expect((refused as Error).message).toContain(`if it does not, delete ${path.join(dir, LOCK_FILE)} and build again`);
    expect(JSON.parse(await fs.readFile(path.join(dir, LOCK_FILE), "utf8")).token).toBe("container");
  });

  it.runIf(PID_NAMESPACE !== undefined)("a lock that names no PID namespace, where this build knows its own, is never taken over", async () => {
    const dir = freshDir();
    await writeLock(dir, { pid: deadPid(), host: hostname(), started: "2026-01-01T00:00:00.000Z", token: "unknown" });
    await expect(acquireBuildLock(dir)).rejects.toThrow(`whose lock names no PID namespace (this build's is ${PID_NAMESPACE}); its pid means nothing here`);
  });

  it.runIf(PID_NAMESPACE !== undefined)("a killed build's half-made lock file is removed only when its pid and namespace are this build's kind", async () => {
    const dir = freshDir();
    const pid = deadPid();
    const ours = /\d+/.exec(PID_NAMESPACE!)![0];
    const theirs = ours === "1" ? "2" : "1";
    const [mine, another] = [`${LOCK_FILE}.${pid}.ns${ours}.0badf00d.tmp`, `${LOCK_FILE}.${pid}.ns${theirs}.0badf00d.tmp`];
    for (const name of [mine, another]) await fs.writeFile(path.join(dir, name), "{");
    const lock = await acquireBuildLock(dir);
    expect(readdirSync(dir).sort()).toEqual([LOCK_FILE, another].sort());
    await lock.release();
  });

  it.runIf(PID_NAMESPACE !== undefined)("records the holder's PID namespace, as /proc names it", async () => {
    const dir = freshDir();
    const lock = await acquireBuildLock(dir);
    expect(JSON.parse(await fs.readFile(path.join(dir, LOCK_FILE), "utf8")).pidNamespace).toBe(PID_NAMESPACE);
    await lock.release();
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
