import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BackupConfig, Logger } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { backupPortal, type BackupSummary } from './backup.ts';
import { setLastBackupAt } from '#server/metrics/state.ts';

// Scheduled backups of the embedded portal (BACKUP_EVERY_HOURS into BACKUP_DIR, the newest
// BACKUP_KEEP kept). A failed backup is logged and tried again later; it never stops the portal.

/** The first scheduled backup waits this long after the start, so the start itself is not slowed. */
const FIRST_DELAY_MS = 60_000;
/** A failed backup is tried again after this (or the interval, when shorter). */
const RETRY_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
/** Scheduled archives are named so; other files in BACKUP_DIR are never deleted. */
const ARCHIVE_NAME = /^portal-\d{8}-\d{6}\.tar\.gz(\.aes)?$/;

export interface BackupScheduleDeps {
  database: Database;
  databaseUrl: string | undefined;
  files: FileStore;
  dataDir: string;
  backup: BackupConfig;
  log: Logger;
  now(): Date;
  /** Tests shorten the waits; the defaults are a minute after the start and 15 minutes after a failure. */
  delays?: { firstMs: number; retryMs: number };
}

export interface BackupSchedule {
  /** Reads when the last archive was made and, when the schedule is on, sets its timer. */
  start(): Promise<void>;
  stop(): Promise<void>;
  lastBackupAt(): Date | null;
  /** One backup now, after any running one: into `file`, or as the schedule names and prunes them. */
  runNow(file?: string, key?: Buffer): Promise<BackupSummary>;
}

export function createBackupSchedule(deps: BackupScheduleDeps): BackupSchedule {
  let last: Date | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const plan = (inMs: number) => {
    if (stopped || deps.backup.everyHours === 0) return;
    clearTimeout(timer);
    timer = setTimeout(() => void scheduled(), Math.max(0, inMs));
    timer.unref();
  };

  const scheduled = async () => {
    try {
      await runNow();
      plan(deps.backup.everyHours * HOUR_MS);
    } catch (error) {
      deps.log.error('scheduled backup failed; trying again later', { error, retryInMs: retryMs() });
      plan(retryMs());
    }
  };
  const retryMs = () => Math.min(deps.delays?.retryMs ?? RETRY_MS, deps.backup.everyHours * HOUR_MS);

  /** One at a time: a backup asked for while another runs waits for it. */
  function runNow(file?: string, key?: Buffer): Promise<BackupSummary> {
    const run = running.catch(() => undefined).then(() => backupOnce(file, key));
    running = run;
    return run;
  }

  async function backupOnce(file: string | undefined, key: Buffer | undefined): Promise<BackupSummary> {
    const target = file ?? path.join(deps.backup.dir, archiveName(deps.now(), deps.backup.key !== undefined));
    const summary = await backupPortal({
      source: { database: deps.database, databaseUrl: deps.databaseUrl },
      files: deps.files,
      dataDir: deps.dataDir,
      file: target,
      key: file ? key : deps.backup.key,
      now: deps.now,
    });
    last = deps.now();
    setLastBackupAt(last);
    deps.log.info('backup written', { file: summary.file, bytes: summary.bytes, ms: summary.ms });
    if (!file) await prune(deps.backup.dir, deps.backup.keep);
    return summary;
  }

  return {
    async start() {
      last = await newestArchiveTime(deps.backup.dir);
      if (last) setLastBackupAt(last);
      if (deps.backup.everyHours === 0) return;
      const due = last ? last.getTime() + deps.backup.everyHours * HOUR_MS - deps.now().getTime() : 0;
      plan(Math.max(deps.delays?.firstMs ?? FIRST_DELAY_MS, due));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
    },
    lastBackupAt: () => last,
    runNow,
  };
}

/** portal-YYYYMMDD-HHMMSS.tar.gz in UTC: sorts by time, and says whether it is sealed. */
export function archiveName(at: Date, sealed: boolean): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `portal-${stamp}.tar.gz${sealed ? '.aes' : ''}`;
}

async function archives(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => ARCHIVE_NAME.test(name)).sort();
}

/** When the newest archive in `dir` was finished (its file's time), or null when there is none. */
export async function newestArchiveTime(dir: string): Promise<Date | null> {
  const newest = (await archives(dir)).at(-1);
  if (!newest) return null;
  return (await stat(path.join(dir, newest))).mtime;
}

async function prune(dir: string, keep: number): Promise<void> {
  const names = await archives(dir);
  for (const name of names.slice(0, Math.max(0, names.length - keep))) await rm(path.join(dir, name), { force: true });
}
