import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, promises as fs, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  acquireBuildLock,
  BuildFolderBusy,
  isLockEntry,
  LOCK_FILE,
  pidExists,
  processStat,
  sleepFor,
  temporaryLockName,
  type ProcessStat,
  type Processes,
} from "../../../generator/emit/lock.ts";
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
    expect((refused as Error).name).toBe("BuildFolderBusy");
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
    const printed: string[] = [];
    const refused = await acquireBuildLock(dir, {
      waitMs: 1_000,
      pollMs: 300,
      onWait: (message) => printed.push(message),
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BuildFolderBusy);
    expect((refused as Error).message).toContain("(waited 1 s); wait for it to finish, or stop it, and build again");
    expect(waits).toEqual([300, 300, 300, 100]);
    expect(printed).toHaveLength(1);
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

// The cases below see processes through a table of their own (`Processes`): which pids run, in
// which state and since when, and whether this system can tell at all, without starting any.

const SELF = { pid: 100, host: "example-build-host", pidNamespace: "pid:[4026531836]" };
const OTHER_NAMESPACE = "pid:[4026531840]";
const STARTED = "2026-01-01T00:00:00.000Z";
const NOW = Date.UTC(2026, 0, 2);

/** `running` maps a pid to its /proc stat; every other pid is gone. This process runs since tick 500. */
function table(running: Record<number, ProcessStat> = {}, self: ReturnType<Processes["self"]> = SELF): Processes {
  const stats = new Map<number, ProcessStat>([[self.pid, { state: "S", startTicks: 500 }], ...Object.entries(running).map(([pid, stat]) => [Number(pid), stat] as const)]);
  return {
    self: () => self,
    stat: (pid) => stats.get(pid) ?? null,
    alive: () => {
      throw new Error("asked whether a pid exists where /proc tells");
    },
  };
}

/** A system without /proc: only whether a pid exists is known (`alive`). */
const withoutProc = (alive: readonly number[], self: ReturnType<Processes["self"]> = { ...SELF, pidNamespace: undefined }): Processes => ({
  self: () => self,
  stat: () => undefined,
  alive: (pid) => pid === self.pid || alive.includes(pid),
});

const holderAt = (pid: number, token: string, extra: object = {}) => ({ pid, host: SELF.host, pidNamespace: SELF.pidNamespace, started: STARTED, token, ...extra });
const readLock = async (dir: string) => JSON.parse(await fs.readFile(path.join(dir, LOCK_FILE), "utf8")) as Record<string, unknown>;
const errnoError = (code: string) => Object.assign(new Error(code), { code });

describe("the build lock, over a process table of the test's own", () => {
  it("names its holder by this process's pid, host, PID namespace and start time, and the time it took the lock", async () => {
    const dir = freshDir();
    const lock = await acquireBuildLock(dir, { processes: table(), now: () => NOW });
    expect(await readLock(dir)).toStrictEqual({ ...SELF, started: "2026-01-02T00:00:00.000Z", token: lock.holder.token, startTicks: 500 });
    await lock.release();
  });

  it("where neither the start time nor the PID namespace is known, the lock names neither", async () => {
    const dir = freshDir();
    const lock = await acquireBuildLock(dir, { processes: withoutProc([]), now: () => NOW });
    expect(await readLock(dir)).toStrictEqual({ pid: SELF.pid, host: SELF.host, started: "2026-01-02T00:00:00.000Z", token: lock.holder.token });
    expect(lock.holder).toStrictEqual(await readLock(dir));
    await lock.release();
  });

  it("the recovered holder is what the dead build's lock named, nothing added", async () => {
    const dir = freshDir();
    const dead = { pid: 200, host: SELF.host, started: STARTED, token: "dead" };
    await writeLock(dir, dead);
    const lock = await acquireBuildLock(dir, { processes: withoutProc([]) });
    expect(lock.recovered).toStrictEqual(dead);
    await lock.release();
  });

  it.each([
    ["a live process with the start time the lock recorded", { startTicks: 700 }, { state: "S", startTicks: 700 }, "a live build's"],
    ["a running process, the lock recording no start time", {}, { state: "R", startTicks: 700 }, "a live build's"],
    ["a process with another start time (the pid was handed out again)", { startTicks: 700 }, { state: "S", startTicks: 701 }, "a dead build's"],
    ["a zombie", { startTicks: 700 }, { state: "Z", startTicks: 700 }, "a dead build's"],
    ["a process being torn down (state X)", { startTicks: 700 }, { state: "X", startTicks: 700 }, "a dead build's"],
  ] as const)("a lock whose pid is %s is %s", async (_what, recorded, stat, verdict) => {
    const dir = freshDir();
    await writeLock(dir, holderAt(200, "other", recorded));
    const taking = acquireBuildLock(dir, { waitMs: 0, processes: table({ 200: stat }) });
    if (verdict === "a live build's") {
      await expect(taking).rejects.toThrow("is being built by another build (pid 200 on example-build-host since 2026-01-01T00:00:00.000Z); wait for it");
      expect((await readLock(dir)).token).toBe("other");
    } else {
      const lock = await taking;
      expect(lock.recovered?.token).toBe("other");
      await lock.release();
    }
  });

  it("a build told of no wait still waits for a live holder, then refuses", async () => {
    const dir = freshDir();
    await writeLock(dir, holderAt(200, "other", { startTicks: 700 }));
    let clock = 0;
    const refused = acquireBuildLock(dir, { waitMs: 500, pollMs: 300, now: () => clock, sleep: async (ms) => void (clock += ms), processes: table({ 200: { state: "S", startTicks: 700 } }) });
    await expect(refused).rejects.toThrow("is being built by another build (pid 200 on example-build-host since 2026-01-01T00:00:00.000Z) (waited 0.5 s); wait for it");
    expect(clock).toBe(500);
  });

  it("without /proc, a lock is a live build's while its pid exists, and a dead build's once it does not", async () => {
    const dir = freshDir();
    const self = { ...SELF, pidNamespace: undefined };
    await writeLock(dir, { pid: 200, host: SELF.host, started: STARTED, token: "other" });
    await expect(acquireBuildLock(dir, { waitMs: 0, processes: withoutProc([200], self) })).rejects.toBeInstanceOf(BuildFolderBusy);
    const lock = await acquireBuildLock(dir, { waitMs: 0, processes: withoutProc([], self) });
    expect(lock.recovered?.token).toBe("other");
    await lock.release();
  });

  it("a lock from a PID namespace, found by a build that cannot tell its own, is never taken over", async () => {
    const dir = freshDir();
    await writeLock(dir, holderAt(200, "container", { pidNamespace: "pid:[1]" }));
    await expect(acquireBuildLock(dir, { processes: withoutProc([]) })).rejects.toThrow(
      "(pid 200 on example-build-host since 2026-01-01T00:00:00.000Z) in PID namespace pid:[1], where this build cannot tell its own; its pid means nothing here",
    );
  });

  it.each([
    ["no pid", { host: SELF.host, pidNamespace: SELF.pidNamespace, started: STARTED, token: "t" }],
    ["no host", { pid: 200, pidNamespace: SELF.pidNamespace, started: STARTED, token: "t" }],
    ["no token", { pid: 200, host: SELF.host, pidNamespace: SELF.pidNamespace, started: STARTED }],
    ["a pid that is not a number", { pid: "200", host: SELF.host, pidNamespace: SELF.pidNamespace, started: STARTED, token: "t" }],
  ])("a lock file with %s names no build: it is reported, not taken over", async (_what, content) => {
    const dir = freshDir();
    await writeLock(dir, content);
    await expect(acquireBuildLock(dir, { processes: table() })).rejects.toThrow(`${path.join(dir, LOCK_FILE)} does not name a build; if no build runs in ${dir}, delete it and build again`);
    expect(await readLock(dir)).toEqual(content);
  });

  describe("a dead build's lock that another build is recovering (.build-lock.break)", () => {
    const breakPath = (dir: string) => path.join(dir, `${LOCK_FILE}.break`);
    async function recoverWithBreaker(breaker: object, running: Record<number, ProcessStat> = {}) {
      const dir = freshDir();
      await writeLock(dir, holderAt(200, "dead"));
      await fs.writeFile(breakPath(dir), JSON.stringify(breaker));
      const outcome = await acquireBuildLock(dir, { processes: table(running) }).catch((error: unknown) => error as Error);
      expect((await readLock(dir)).token).toBe("dead");
      return { dir, outcome };
    }

    it("while the recovering build runs, this build refuses and leaves the lock to it", async () => {
      const { dir, outcome } = await recoverWithBreaker(holderAt(300, "breaker"), { 300: { state: "S", startTicks: 9 } });
      expect(outcome).toBeInstanceOf(BuildFolderBusy);
      expect((outcome as Error).message).toBe(`${dir} is being taken over by another build (pid 300 on example-build-host since ${STARTED}); build again once it is done`);
    });

    it("when the recovering build was stopped on this host and namespace, a person is asked to delete both files", async () => {
      const { dir, outcome } = await recoverWithBreaker(holderAt(300, "breaker"));
      expect(outcome).not.toBeInstanceOf(BuildFolderBusy);
      expect((outcome as Error).message).toBe(
        `a build (pid 300 on example-build-host since ${STARTED}) was stopped while recovering the lock of a dead build; delete ${breakPath(dir)} and ${path.join(dir, LOCK_FILE)} and build again`,
      );
    });

    it.each([
      ["on another host", { host: "build-box-elsewhere" }],
      ["in another PID namespace", { pidNamespace: OTHER_NAMESPACE }],
    ])("a recovering build %s, whose pid means nothing here, is left to finish", async (_where, place) => {
      const { outcome } = await recoverWithBreaker({ ...holderAt(300, "breaker"), ...place });
      expect(outcome).toBeInstanceOf(BuildFolderBusy);
      expect((outcome as Error).message).toContain("is being taken over by another build (pid 300 on");
    });

    it("a break file that names no build (one being written) is looked at again, five times, then the build gives up", async () => {
      const dir = freshDir();
      await writeLock(dir, holderAt(200, "dead"));
      await fs.writeFile(breakPath(dir), "");
      const processes = table();
      const looks = vi.fn(processes.stat);
      await expect(acquireBuildLock(dir, { processes: { ...processes, stat: looks } })).rejects.toThrow(`${dir}: could not take ${LOCK_FILE}; other builds keep taking it`);
      expect(looks.mock.calls.filter(([pid]) => pid === 200)).toHaveLength(5);
      expect((await readLock(dir)).token).toBe("dead");
    });
  });

  it("a dead build's lock that another build recovered meanwhile is not removed: this build finds the new holder", async () => {
    const dir = freshDir();
    await writeLock(dir, holderAt(200, "dead"));
    const processes = table({ 300: { state: "S", startTicks: 9 } });
    // The other build takes the lock between this build's look at the dead holder and its removal.
    const stat = (pid: number) => {
      if (pid === 200 && readFileSync(path.join(dir, LOCK_FILE), "utf8").includes('"dead"')) writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holderAt(300, "new")));
      return processes.stat(pid);
    };
    await expect(acquireBuildLock(dir, { waitMs: 0, processes: { ...processes, stat } })).rejects.toThrow("is being built by another build (pid 300 on example-build-host");
    expect((await readLock(dir)).token).toBe("new");
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });

  it("a dead build's lock removed meanwhile is taken at the next look", async () => {
    const dir = freshDir();
    await writeLock(dir, holderAt(200, "dead"));
    const processes = table();
    const stat = (pid: number) => {
      if (pid === 200) rmSync(path.join(dir, LOCK_FILE), { force: true });
      return processes.stat(pid);
    };
    const lock = await acquireBuildLock(dir, { processes: { ...processes, stat } });
    expect(lock.recovered?.token).toBe("dead");
    expect((await readLock(dir)).token).toBe(lock.holder.token);
    await lock.release();
  });

  /**
   * Runs `run` while each attempt to link a file into the lock's place goes through `around`, which
   * makes the real link (`link()`) and may change the folder before or after it, as another build would.
   */
  async function aroundLockLinks<T>(dir: string, around: (link: () => Promise<void>) => Promise<void>, run: () => Promise<T>): Promise<T> {
    const link = fs.link;
    const spy = vi.spyOn(fs, "link").mockImplementation((from, to) => (String(to) === path.join(dir, LOCK_FILE) ? around(() => link(from, to)) : link(from, to)));
    try {
      return await run();
    } finally {
      spy.mockRestore();
    }
  }

  it("a lock its holder releases between this build's attempt to take it and its look at the holder is taken at the next attempt", async () => {
    const dir = freshDir();
    await writeLock(dir, holderAt(300, "live"));
    let released = false;
    const lock = await aroundLockLinks(
      dir,
      async (link) => {
        try {
          await link();
        } finally {
          if (!released) {
            released = true;
            rmSync(path.join(dir, LOCK_FILE));
          }
        }
      },
      () => acquireBuildLock(dir, { waitMs: 0, processes: table({ 300: { state: "S", startTicks: 9 } }) }),
    );
    expect(lock.recovered).toBeNull();
    expect((await readLock(dir)).token).toBe(lock.holder.token);
    await lock.release();
  });

  it("a lock other builds keep taking and releasing between this build's looks is reported as such after five attempts", async () => {
    const dir = freshDir();
    let attempts = 0;
    const taking = aroundLockLinks(
      dir,
      async (link) => {
        attempts++;
        await writeLock(dir, holderAt(300, `other-${attempts}`));
        try {
          await link();
        } finally {
          rmSync(path.join(dir, LOCK_FILE));
        }
      },
      () => acquireBuildLock(dir, { waitMs: 0, processes: table({ 300: { state: "S", startTicks: 9 } }) }),
    );
    await expect(taking).rejects.toThrow(`${dir}: could not take ${LOCK_FILE}; other builds keep taking it`);
    expect(attempts).toBe(5);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a folder whose file system makes no hard links is reported with the file system's error, and no half-made lock file is left", async () => {
    const dir = freshDir();
    const taking = aroundLockLinks(
      dir,
      async () => {
        throw Object.assign(new Error(`EPERM: operation not permitted, link -> '${path.join(dir, LOCK_FILE)}'`), { code: "EPERM" });
      },
      () => acquireBuildLock(dir, { waitMs: 0, processes: table() }),
    );
    await expect(taking).rejects.toThrow(`EPERM: operation not permitted, link -> '${path.join(dir, LOCK_FILE)}'`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a build whose lock was removed stops before committing, saying so", async () => {
    const dir = freshDir();
    const lock = await acquireBuildLock(dir, { processes: table() });
    await fs.rm(path.join(dir, LOCK_FILE));
    await expect(lock.assertHeld()).rejects.toThrow(`${path.join(dir, LOCK_FILE)} no longer names this build (it was removed); stopping before the commit`);
    await lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("releasing a lock another build has taken since leaves that build's lock", async () => {
    const dir = freshDir();
    const lock = await acquireBuildLock(dir, { processes: table() });
    await writeLock(dir, holderAt(300, "other"));
    await lock.release();
    expect((await readLock(dir)).token).toBe("other");
  });

  it("half-made lock files of dead writers of this namespace are removed; every other file is kept", async () => {
    const dir = freshDir();
    const removed = [`${LOCK_FILE}.200.ns4026531836.0badf00d.tmp`, `${LOCK_FILE}.break.201.ns4026531836.0badf00d.tmp`];
    const kept = [
      `${LOCK_FILE}.300.ns4026531836.0badf00d.tmp`, // its writer runs
      `${LOCK_FILE}.200.ns4026531840.0badf00d.tmp`, // another namespace
      `${LOCK_FILE}.200.0badf00d.tmp`, // no namespace named
      `copy${LOCK_FILE}.200.ns4026531836.0badf00d.tmp`,
      `${LOCK_FILE}.200.ns4026531836.0badf00d.tmp.keep`,
      "manifest.json",
    ];
    for (const name of [...removed, ...kept]) await fs.writeFile(path.join(dir, name), "{");
    const lock = await acquireBuildLock(dir, { processes: table({ 300: { state: "S", startTicks: 9 } }) });
    expect(readdirSync(dir).sort()).toEqual([LOCK_FILE, ...kept].sort());
    await lock.release();
  });

  it("a build that cannot tell its PID namespace removes only the half-made lock files that name none", async () => {
    const dir = freshDir();
    const [unnamed, named] = [`${LOCK_FILE}.200.0badf00d.tmp`, `${LOCK_FILE}.200.ns4026531836.0badf00d.tmp`];
    for (const name of [unnamed, named]) await fs.writeFile(path.join(dir, name), "{");
    const lock = await acquireBuildLock(dir, { processes: withoutProc([]) });
    expect(readdirSync(dir).sort()).toEqual([LOCK_FILE, named].sort());
    await lock.release();
  });
});

describe("the lock's half-made files and processes", () => {
  it("a half-made lock file is named for its writer's pid and PID namespace number, then 8 random hex digits", () => {
    const names = [temporaryLockName("/out/.build-lock", { pid: 42, pidNamespace: "pid:[4026531836]" }), temporaryLockName("/out/.build-lock", { pid: 42, pidNamespace: "pid:[4026531836]" })];
    for (const name of names) expect(name).toMatch(/^\/out\/\.build-lock\.42\.ns4026531836\.[0-9a-f]{8}\.tmp$/);
    expect(names[0]).not.toBe(names[1]);
  });

  it.each([
    ["names no PID namespace", undefined],
    ["names a PID namespace without a number", "pid:[unknown]"],
  ])("a half-made lock file of a writer that %s names its pid alone", (_what, pidNamespace) => {
    expect(temporaryLockName("/out/.build-lock", { pid: 42, pidNamespace })).toMatch(/^\/out\/\.build-lock\.42\.[0-9a-f]{8}\.tmp$/);
  });

  it("isLockEntry: the lock, its break file and their half-made files, nothing else", () => {
    for (const name of [LOCK_FILE, `${LOCK_FILE}.break`, `${LOCK_FILE}.42.0badf00d.tmp`]) expect(isLockEntry(name)).toBe(true);
    for (const name of [`${LOCK_FILE}x`, `copy${LOCK_FILE}.`, "g-0001", "manifest.json"]) expect(isLockEntry(name)).toBe(false);
  });

  it("a process's state and start time are read from its /proc stat line, whose command name may hold spaces and parentheses", () => {
    const fields = ["S", ...Array.from({ length: 18 }, (_, i) => String(i + 1)), "123456", "0", "0"];
    expect(processStat(4242, () => `4242 (odd (name) x) ${fields.join(" ")}\n`)).toEqual({ state: "S", startTicks: 123456 });
  });

  it("a pid without a /proc entry is no process; an entry that cannot be read or understood tells nothing", () => {
    expect(processStat(4242, () => { throw errnoError("ENOENT"); })).toBeNull();
    expect(processStat(4242, () => { throw errnoError("EACCES"); })).toBeUndefined();
    expect(processStat(4242, () => "4242 (cut) S 1 2")).toBeUndefined();
  });

  it.runIf(HAS_PROC)("this process's own /proc stat gives its start time", () => {
    expect(processStat(process.pid)).toEqual({ state: "R", startTicks: procStat(process.pid)!.startTicks });
  });

  it("a pid exists when signal 0 reaches it or is refused for lack of permission, not when there is no such process", () => {
    const sent: [number, number][] = [];
    expect(pidExists(42, (pid, signal) => sent.push([pid, signal]))).toBe(true);
    expect(sent).toEqual([[42, 0]]);
    expect(pidExists(42, () => { throw errnoError("EPERM"); })).toBe(true);
    expect(pidExists(42, () => { throw errnoError("ESRCH"); })).toBe(false);
    expect(pidExists(process.pid)).toBe(true);
  });

  it("the default wait between two looks ends after the poll interval, not before", async () => {
    vi.useFakeTimers();
    try {
      let over = false;
      const waiting = sleepFor(300).then(() => (over = true));
      await vi.advanceTimersByTimeAsync(299);
      expect(over).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(over).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
