import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config, Logger } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { listenForCommands } from './control-socket.ts';
import { createBackupSchedule } from './schedule.ts';

/** With no backup this recent the start warns: a clinic's two days of work would be at risk. */
export const STALE_BACKUP_MS = 48 * 3_600_000;

export interface EmbeddedBackups {
  lastBackupAt(): Date | null;
  /** Set when there is no backup in the last 48 hours of a database older than that: the start says so. */
  warning: string | undefined;
  stop(): Promise<void>;
}

/**
 * The embedded portal's backups: the schedule, and the socket through which `npm run backup` asks
 * this process for an archive. Neither may stop the start: a socket that cannot listen is logged.
 */
export async function startEmbeddedBackups(deps: {
  config: Config;
  database: Database;
  files: FileStore;
  log: Logger;
  now(): Date;
}): Promise<EmbeddedBackups | undefined> {
  const settings = deps.config.backup;
  if (deps.database.kind !== 'pglite' || !settings) return undefined;
  const schedule = createBackupSchedule({
    database: deps.database,
    databaseUrl: undefined,
    files: deps.files,
    dataDir: deps.config.dataDir,
    backup: settings,
    log: deps.log,
    now: deps.now,
  });
  await schedule.start();
  const commands = await listenForCommands(
    deps.config.dataDir,
    (request) => schedule.runNow(request.file, request.key ? Buffer.from(request.key, 'hex') : undefined),
    deps.log,
  ).catch((error: unknown) => {
    deps.log.warn('npm run backup cannot reach this process (the socket in DATA_DIR did not open)', { error });
    return undefined;
  });
  const last = schedule.lastBackupAt();
  // A database made less than 48 hours ago has not yet gone that long without one: a first start is quiet.
  const since = last ?? (await databaseMadeAt(deps.config.dataDir));
  const stale = since === null || deps.now().getTime() - since.getTime() > STALE_BACKUP_MS;
  const when =
    settings.everyHours === 0
      ? 'по расписанию не делаются: BACKUP_EVERY_HOURS=0'
      : 'по расписанию будет через минуту после запуска';
  const warning = stale
    ? `Нет резервной копии за последние 48 часов в ${settings.dir} (${when}); сделать сейчас: npm run backup -- <файл>`
    : undefined;
  if (warning) deps.log.warn('no backup in the last 48 hours', { backupDir: settings.dir, lastBackupAt: last });
  return {
    lastBackupAt: schedule.lastBackupAt,
    warning,
    async stop() {
      await commands?.close();
      await schedule.stop();
    },
  };
}

/** When the embedded database was made: initdb writes PG_VERSION once, and nothing touches it again. */
async function databaseMadeAt(dataDir: string): Promise<Date | null> {
  try {
    return (await stat(path.join(dataDir, 'pg', 'PG_VERSION'))).mtime;
  } catch {
    return null;
  }
}
