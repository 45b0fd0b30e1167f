// One server per DATA_DIR: the embedded PGlite is one process's private Postgres, and a second
// process opening the same files corrupts them. A lock file holding the owner's pid guards it.
// It only protects against processes on this machine (a pid means nothing on another host).
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'portal.lock';

/** Tries before giving up on a lock file that keeps changing under us (other processes racing). */
const MAX_TRIES = 5;
/** A lock file just created by someone else may not hold its pid yet; wait this long for it. */
const SETTLE_MS = 50;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockPath: string,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid} (stop it first; if that process is not the portal, delete ${lockPath})`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  path: string;
  /** Deletes the lock file if it is still ours; safe to call more than once. */
  release(): void;
}

/**
 * Takes DATA_DIR/portal.lock or throws DataDirInUseError naming the live owner. A lock left by a
 * process that is gone (killed, crashed, or the machine restarted) is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    if (createExclusive(lockPath)) return heldLock(lockPath);
    const owner = readOwner(lockPath);
    if (owner === 'missing') continue; // released between our two steps: try to create it again
    if (owner !== 'unreadable' && isAlive(owner)) throw new DataDirInUseError(dataDir, owner, lockPath);
    removeStale(lockPath, owner);
  }
  throw new Error(`could not take ${lockPath}: other processes keep changing it`);
}

/** 'wx' fails when the file exists, so of two processes creating it at once only one succeeds. */
function createExclusive(lockPath: string): boolean {
  try {
    writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

type Owner = number | 'missing' | 'unreadable';

function parsePid(text: string): number | undefined {
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

function readOwner(lockPath: string): Owner {
  // The creator opens the file and then writes its pid: an empty file may be seconds-young, not stale.
  for (let look = 0; look < 3; look++) {
    let text: string;
    try {
      text = readFileSync(lockPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      throw error;
    }
    const pid = parsePid(text);
    if (pid !== undefined) return pid;
    sleep(SETTLE_MS);
  }
  return 'unreadable';
}

function isAlive(pid: number): boolean {
  // Our own pid in the file is a leftover of an earlier life with the same pid (pid 1 in a container).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0); // signal 0 only checks that the process exists
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves the stale file aside under a name of our own before deleting it, so that when two
 * processes find the same stale lock, the slower one cannot delete the lock the faster one has
 * just created: if what it moved is not the stale file it judged, it puts it back.
 */
function removeStale(lockPath: string, judged: Owner): void {
  const aside = `${lockPath}.stale-${process.pid}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readOwner(aside);
  if (moved !== judged && moved !== 'missing') {
    try {
      writeFileSync(lockPath, readFileSync(aside), { flag: 'wx' });
    } catch {
      // Someone created a new lock meanwhile; the next attempt judges that one.
    }
  }
  rmSync(aside, { force: true });
}

function heldLock(lockPath: string): DataDirLock {
  let held = true;
  return {
    path: lockPath,
    release() {
      if (!held) return;
      held = false;
      try {
        if (parsePid(readFileSync(lockPath, 'utf8')) === process.pid) rmSync(lockPath, { force: true });
      } catch {
        // Already gone: nothing to release.
      }
    },
  };
}

/** Boot is synchronous here and the waits are a few tens of milliseconds at most. */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
