// The lock in one process; index.test.ts covers two real servers on one DATA_DIR.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.ts';

let dir: string;
let lockFile: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'lock-test-'));
  lockFile = path.join(dir, LOCK_FILE_NAME);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('lockDataDir', () => {
  it('writes our pid and removes the file on release', () => {
    const lock = lockDataDir(dir);
    expect(lock.path).toBe(lockFile);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses while a live process holds it, naming the directory and the pid', () => {
    // The test runner's parent is alive for as long as we are.
    writeFileSync(lockFile, `${process.ppid}\n`);
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as DataDirInUseError).pid).toBe(process.ppid);
    expect((error as Error).message).toContain(`DATA_DIR ${dir} is in use by process ${process.ppid}`);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.ppid));
  });

  it.each([
    ['a pid that is gone', () => `${deadPid()}\n`],
    ['our own pid from an earlier life (pid 1 in a container)', () => `${process.pid}\n`],
    ['garbage', () => 'not a pid'],
  ])('takes over a stale lock holding %s', (_name, content) => {
    writeFileSync(lockFile, content());
    const lock = lockDataDir(dir);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    expect(readdirSync(dir)).toEqual([LOCK_FILE_NAME]); // nothing left aside
    lock.release();
  });

  it('leaves a lock that is no longer ours on release', () => {
    const lock = lockDataDir(dir);
    writeFileSync(lockFile, `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.ppid));
  });
});
