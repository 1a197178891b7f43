// The build lock: one build at a time per output folder. Two builds into one folder would prune
// each other's unfinished generation and commit a build with files missing.
//
// The lock is the file `.build-lock` in the output folder, naming its holder (pid, host, PID
// namespace, start time). It is created whole or not at all: written under a temporary name and
// hard-linked into place, which fails when the name exists. A second build refuses with the
// holder's name. A lock left by a build that was killed (same host and PID namespace, process
// gone) is recovered: the recovering build takes `.build-lock.break` the same way, checks that the
// lock still names the dead holder, and only then removes it, so two builds recovering at once can
// never remove a live lock.
//
// A holder is gone when its process is dead or a zombie (killed, not yet reaped by its parent), or
// when its pid now belongs to another process: on Linux, /proc/<pid>/stat gives the state and the
// start time, which the lock records; elsewhere only whether the pid exists is known. A pid means
// something only in the PID namespace it was given in: a build in another container that shares
// the folder and the host name may hold a pid that is dead here, or another live process's, so a
// lock from another namespace is never taken over (nor is one whose namespace is unknown on one
// side only). A build that finds a live holder waits for it, a bounded and printed time, before
// refusing.

import { randomUUID } from "node:crypto";
import { existsSync, promises as fs, readFileSync, readlinkSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export const LOCK_FILE = ".build-lock";
const BREAK_FILE = `${LOCK_FILE}.break`;

/** Whether a top-level entry of the output folder belongs to the lock (never pruned, never foreign). */
export const isLockEntry = (name: string) => name === LOCK_FILE || name.startsWith(`${LOCK_FILE}.`);

export interface LockHolder {
  pid: number;
  host: string;
  /** ISO time the holder took the lock. */
  started: string;
  token: string;
  /** The holder's start time, in clock ticks since boot (/proc/<pid>/stat, field 22); absent without /proc. */
  startTicks?: number;
  /** The holder's PID namespace, as /proc/self/ns/pid names it (`pid:[4026531836]`); absent without /proc. */
  pidNamespace?: string;
}

export interface LockWaitOptions {
  /** How long a build waits for a live holder before refusing (default 10 s; 0: refuse at once). */
  waitMs?: number;
  /** How often the lock is looked at while waiting (default 100 ms). */
  pollMs?: number;
  /** Told once, when the build starts waiting, for how long and for whom. */
  onWait?: (message: string) => void;
  /** Waits between two looks (tests resolve it on an event instead of a timer). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** How the build sees processes (default LOCAL_PROCESSES; tests give a table of their own). */
  processes?: Processes;
}

/** A process as /proc/<pid>/stat gives it: its state (R, S, Z, X...) and start time in clock ticks since boot. */
export interface ProcessStat {
  state: string;
  startTicks: number;
}

/** What the lock knows of processes: this one, and any other by its pid. */
export interface Processes {
  /** This process's pid, host name and PID namespace (undefined where /proc does not name it). */
  self(): { pid: number; host: string; pidNamespace: string | undefined };
  /** A process's state and start time; null: no such process; undefined: this system cannot tell. */
  stat(pid: number): ProcessStat | null | undefined;
  /** Whether a pid names a process, asked where `stat` cannot tell. */
  alive(pid: number): boolean;
}

/** The default wait between two looks at a live holder's lock. */
export const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const DEFAULT_LOCK_WAIT_MS = 10_000;

export interface BuildLock {
  holder: LockHolder;
  /** The dead build whose lock was recovered, if any. */
  recovered: LockHolder | null;
  /** Throws unless the lock still names this build: called before anything is committed. */
  assertHeld(): Promise<void>;
  release(): Promise<void>;
}

/** Another build holds the folder. */
export class BuildFolderBusy extends Error {
  readonly holder: LockHolder;
  constructor(message: string, holder: LockHolder) {
    super(message);
    this.holder = holder;
    this.name = "BuildFolderBusy";
  }
}

const describe = (holder: LockHolder) => `pid ${holder.pid} on ${holder.host} since ${holder.started}`;

/** Where the holder's pid means what it means here: the same host and PID namespace. */
const sameProcessSpace = (holder: LockHolder, self: LockHolder) => holder.host === self.host && holder.pidNamespace === self.pidNamespace;

/**
 * Why this build cannot tell whether `holder` still runs, to follow the holder's description in a
 * message; null when it can (the same host and PID namespace).
 */
function elsewhere(holder: LockHolder, self: LockHolder): string | null {
  if (holder.host !== self.host) return "; this host cannot tell whether it still runs";
  if (holder.pidNamespace === self.pidNamespace) return null;
  const where =
    holder.pidNamespace === undefined
      ? `whose lock names no PID namespace (this build's is ${self.pidNamespace})`
      : `in PID namespace ${holder.pidNamespace}, ${self.pidNamespace === undefined ? "where this build cannot tell its own" : `not this build's ${self.pidNamespace}`}`;
  return ` ${where}; its pid means nothing here, so this build cannot tell whether it still runs`;
}

export async function acquireBuildLock(outDir: string, options: LockWaitOptions = {}): Promise<BuildLock> {
  const { waitMs = DEFAULT_LOCK_WAIT_MS, pollMs = 100, onWait, sleep = sleepFor, now = Date.now, processes = LOCAL_PROCESSES } = options;
  const lockPath = path.join(outDir, LOCK_FILE);
  const self = processes.self();
  const holder: LockHolder = { pid: self.pid, host: self.host, started: new Date(now()).toISOString(), token: randomUUID() };
  const startTicks = processes.stat(self.pid)?.startTicks;
  if (startTicks !== undefined) holder.startTicks = startTicks;
  if (self.pidNamespace !== undefined) holder.pidNamespace = self.pidNamespace;
  let recovered: LockHolder | null = null;
  let waitingSince: number | null = null;
  // Each round either takes the lock, refuses, waits for a live holder, or removes a dead holder's
  // lock; a few recoveries suffice unless other builds keep taking and dropping it, which is then
  // reported as busy.
  for (let recoveries = 0; recoveries < 5; ) {
    if (await createWhole(lockPath, holder)) {
      await removeDeadTemporaries(outDir, holder, processes);
      return {
        holder,
        recovered,
        assertHeld: async () => {
          const current = await readHolder(lockPath);
          if (current?.token !== holder.token) {
            throw new Error(`${lockPath} no longer names this build (${current ? `now ${describe(current)}` : "it was removed"}); stopping before the commit`);
          }
        },
        release: async () => {
          if ((await readHolder(lockPath))?.token === holder.token) await fs.rm(lockPath, { force: true });
        },
      };
    }
    const current = await readHolder(lockPath);
    if (current === null) {
      if (await exists(lockPath)) throw new Error(`${lockPath} does not name a build; if no build runs in ${outDir}, delete it and build again`);
      recoveries++; // released between the two looks
      continue;
    }
    const unknowable = elsewhere(current, holder);
    if (unknowable !== null) {
      throw new BuildFolderBusy(`${outDir} is locked by a build (${describe(current)})${unknowable}: if it does not, delete ${lockPath} and build again`, current);
    }
    if (runs(current, processes)) {
      const first = waitingSince === null;
      waitingSince ??= now();
      const waited = now() - waitingSince;
      if (waited >= waitMs) {
        const after = waitMs > 0 ? ` (waited ${seconds(waitMs)})` : "";
        throw new BuildFolderBusy(`${outDir} is being built by another build (${describe(current)})${after}; wait for it to finish, or stop it, and build again`, current);
      }
      if (first) onWait?.(`${outDir} is being built by another build (${describe(current)}); waiting up to ${seconds(waitMs)} for it to finish`);
      await sleep(Math.min(pollMs, waitMs - waited));
      continue;
    }
    await breakDeadLock(outDir, current, holder, processes);
    recovered = current;
    recoveries++;
  }
  throw new Error(`${outDir}: could not take ${LOCK_FILE}; other builds keep taking it`);
}

/** Removes the lock of a dead build, if it still names that build; see the file comment. */
async function breakDeadLock(outDir: string, dead: LockHolder, self: LockHolder, processes: Processes): Promise<void> {
  const breakPath = path.join(outDir, BREAK_FILE);
  if (!(await createWhole(breakPath, self))) {
    const breaker = await readHolder(breakPath);
    if (breaker === null) return; // finished meanwhile: look again
    if (sameProcessSpace(breaker, self) && !runs(breaker, processes)) {
      // Killed within the few system calls of a recovery: rare enough to leave to a person.
      throw new Error(`a build (${describe(breaker)}) was stopped while recovering the lock of a dead build; delete ${breakPath} and ${path.join(outDir, LOCK_FILE)} and build again`);
    }
    throw new BuildFolderBusy(`${outDir} is being taken over by another build (${describe(breaker)}); build again once it is done`, breaker);
  }
  try {
    if ((await readHolder(path.join(outDir, LOCK_FILE)))?.token === dead.token) await fs.rm(path.join(outDir, LOCK_FILE), { force: true });
  } finally {
    await fs.rm(breakPath, { force: true });
  }
}

/**
 * The name `file` is written under before it is linked into place: the pid and its namespace name
 * the writer for removeDeadTemporaries; the random part keeps two attempts of one process apart.
 */
export function temporaryLockName(file: string, writer: { pid: number; pidNamespace?: string }): string {
  const namespace = namespaceNumber(writer.pidNamespace);
  return `${file}.${writer.pid}${namespace === undefined ? "" : `.ns${namespace}`}.${randomUUID().slice(0, 8)}.tmp`;
}

/** Creates `file` holding `holder`, whole, unless it exists: written aside, then hard-linked into place. */
async function createWhole(file: string, holder: LockHolder): Promise<boolean> {
  const temporary = temporaryLockName(file, holder);
  await fs.writeFile(temporary, `${JSON.stringify(holder)}\n`);
  try {
    await fs.link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    // Only this process removes its own temporary file (removeDeadTemporaries spares a live writer's).
    await fs.rm(temporary);
  }
}

async function readHolder(file: string): Promise<LockHolder | null> {
  try {
    const value = JSON.parse(await fs.readFile(file, "utf8")) as Partial<LockHolder>;
    if (typeof value.pid !== "number" || typeof value.host !== "string" || typeof value.token !== "string") return null;
    const holder: LockHolder = { pid: value.pid, host: value.host, started: String(value.started), token: value.token };
    if (typeof value.startTicks === "number") holder.startTicks = value.startTicks;
    if (typeof value.pidNamespace === "string") holder.pidNamespace = value.pidNamespace;
    return holder;
  } catch {
    return null;
  }
}

/**
 * Temporary lock files of builds that were killed while writing them (the lock holder removes
 * them); only those of its own PID namespace, where their pid can be looked up.
 */
async function removeDeadTemporaries(outDir: string, self: LockHolder, processes: Processes): Promise<void> {
  for (const name of await fs.readdir(outDir)) {
    // The writer's pid, and the number of its PID namespace when it named one.
    const writer = /^\.build-lock(?:\.break)?\.(\d+)(?:\.ns(\d+))?\.[0-9a-f]+\.tmp$/.exec(name);
    if (writer === null || writer[2] !== namespaceNumber(self.pidNamespace)) continue;
    if (!runs({ pid: Number(writer[1]) }, processes)) await fs.rm(path.join(outDir, name), { force: true });
  }
}

/** The number of a PID namespace (`pid:[4026531836]`: 4026531836). */
const namespaceNumber = (pidNamespace: string | undefined) => pidNamespace?.match(/\d+/)?.[0];

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Whether the holder's process still runs: not dead, not a zombie, and (when the lock recorded it)
 * started when the holder did, so a pid handed to another process since does not count.
 */
function runs(holder: { pid: number; startTicks?: number }, processes: Processes): boolean {
  const stat = processes.stat(holder.pid);
  if (stat === undefined) return processes.alive(holder.pid);
  if (stat === null || stat.state === "Z" || stat.state === "X") return false;
  return holder.startTicks === undefined || holder.startTicks === stat.startTicks;
}

/** This process's PID namespace (Linux); undefined where /proc does not name it. */
function ownPidNamespace(): string | undefined {
  try {
    return readlinkSync("/proc/self/ns/pid");
  } catch {
    return undefined;
  }
}

/** Reads /proc/<pid>/stat; throws as readFileSync does (ENOENT: no such process). */
const readProcStat = (pid: number) => readFileSync(`/proc/${pid}/stat`, "utf8");

/**
 * A process's state and start time from /proc/<pid>/stat (Linux), as `read` gives it; null: no
 * such process; undefined: the file cannot be read or understood.
 */
export function processStat(pid: number, read: (pid: number) => string = readProcStat): ProcessStat | null | undefined {
  let text: string;
  try {
    text = read(pid);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? null : undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: fields 3 on follow the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const startTicks = Number(fields[19]);
  // split gives at least one field: the state.
  return Number.isInteger(startTicks) ? { state: fields[0]!, startTicks } : undefined;
}

/** Whether `pid` names a process, as signal 0 tells (EPERM: it exists, under another user). */
export function pidExists(pid: number, kill: (pid: number, signal: number) => unknown = process.kill.bind(process)): boolean {
  try {
    kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * This machine's processes. Without /proc (not Linux) a process's state and start time are
 * unknown, and only whether its pid exists is asked.
 */
export const LOCAL_PROCESSES: Processes = {
  self: () => ({ pid: process.pid, host: hostname(), pidNamespace: ownPidNamespace() }),
  stat: existsSync("/proc/self/stat") ? (pid) => processStat(pid) : () => undefined,
  alive: (pid) => pidExists(pid),
};
