// The build lock: one build at a time per output folder. Two builds into one folder would prune
// each other's unfinished generation and store folders and commit a build with files missing.
//
// The lock is the file `.build-lock` in the output folder, naming its holder (pid, host, start
// time). It is created whole or not at all: written under a temporary name and hard-linked into
// place, which fails when the name exists. A second build refuses with the holder's name. A lock
// left by a build that was killed (same host, process gone) is recovered: the recovering build
// takes `.build-lock.break` the same way, checks that the lock still names the dead holder, and
// only then removes it, so two builds recovering at once can never remove a live lock.

import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
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
}

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
  constructor(
    message: string,
    readonly holder: LockHolder,
  ) {
    super(message);
    this.name = "BuildFolderBusy";
  }
}

const describe = (holder: LockHolder) => `pid ${holder.pid} on ${holder.host} since ${holder.started}`;

export async function acquireBuildLock(outDir: string): Promise<BuildLock> {
  const lockPath = path.join(outDir, LOCK_FILE);
  const holder: LockHolder = { pid: process.pid, host: hostname(), started: new Date().toISOString(), token: randomUUID() };
  let recovered: LockHolder | null = null;
  // Each round either takes the lock, refuses, or removes a dead holder's lock; a few rounds suffice
  // unless other builds keep taking and dropping it, which is then reported as busy.
  for (let round = 0; round < 5; round++) {
    if (await createWhole(lockPath, holder)) {
      await removeDeadTemporaries(outDir);
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
      continue; // released between the two looks
    }
    if (current.host !== holder.host) {
      throw new BuildFolderBusy(
        `${outDir} is locked by a build (${describe(current)}); this host cannot tell whether it still runs: if it does not, delete ${lockPath} and build again`,
        current,
      );
    }
    if (isAlive(current.pid)) {
      throw new BuildFolderBusy(`${outDir} is being built by another build (${describe(current)}); wait for it to finish, or stop it, and build again`, current);
    }
    await breakDeadLock(outDir, current, holder);
    recovered = current;
  }
  throw new Error(`${outDir}: could not take ${LOCK_FILE}; other builds keep taking it`);
}

/** Removes the lock of a dead build, if it still names that build; see the file comment. */
async function breakDeadLock(outDir: string, dead: LockHolder, self: LockHolder): Promise<void> {
  const breakPath = path.join(outDir, BREAK_FILE);
  if (!(await createWhole(breakPath, self))) {
    const breaker = await readHolder(breakPath);
    if (breaker === null) return; // finished meanwhile: look again
    if (breaker.host === self.host && !isAlive(breaker.pid)) {
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

/** Creates `file` holding `holder`, whole, unless it exists: written aside, then hard-linked into place. */
async function createWhole(file: string, holder: LockHolder): Promise<boolean> {
  // The pid names the writer for removeDeadTemporaries; the random part keeps two attempts of one process apart.
  const temporary = `${file}.${holder.pid}.${randomUUID().slice(0, 8)}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(holder)}\n`);
  try {
    await fs.link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

async function readHolder(file: string): Promise<LockHolder | null> {
  try {
    const value = JSON.parse(await fs.readFile(file, "utf8")) as Partial<LockHolder>;
    if (typeof value.pid !== "number" || typeof value.host !== "string" || typeof value.token !== "string") return null;
    return { pid: value.pid, host: value.host, started: String(value.started), token: value.token };
  } catch {
    return null;
  }
}

/** Temporary lock files of builds that were killed while writing them (the lock holder removes them). */
async function removeDeadTemporaries(outDir: string): Promise<void> {
  for (const name of await fs.readdir(outDir)) {
    const pid = /^\.build-lock(?:\.break)?\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name)?.[1];
    if (pid !== undefined && !isAlive(Number(pid))) await fs.rm(path.join(outDir, name), { force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
