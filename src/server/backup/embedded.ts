import type { Config, Logger } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { listenForCommands } from './control-socket.ts';
import { createBackupSchedule } from './schedule.ts';

/** With no backup this recent the start warns: a clinic's two days of work would be at risk. */
export const STALE_BACKUP_MS = 48 * 3_600_000;

export interface EmbeddedBackups {
  lastBackupAt(): Date | null;
  /** Set when there is no backup in the last 48 hours: the start says so. */
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
  const stale = last === null || deps.now().getTime() - last.getTime() > STALE_BACKUP_MS;
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
