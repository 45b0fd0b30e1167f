// `npm run backup -- <file>`, `npm run restore -- <file> [--force]`, `npm run move-to-postgres`:
// the portal's data as one archive, back into an empty DATA_DIR (or PostgreSQL), and from the
// embedded database to PostgreSQL and S3 (ADR 0044, docs/operations.md). Messages for the operator
// in Russian, refusals also in English, as the server's own start does.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ArchiveRefused } from './backup/archive.ts';
import { backupPortal, type BackupSummary } from './backup/backup.ts';
import { askRunningPortal } from './backup/control-socket.ts';
import { moveDatabase } from './backup/move.ts';
import { restoreArchive } from './backup/restore.ts';
import { openPgliteTarget, openPostgresTarget } from './backup/targets.ts';
import type { Config } from './context.ts';
import { ConfigError, loadConfig } from './env.ts';
import { DataDirInUseError, lockDataDir } from './lib/data-dir-lock.ts';
import { makeFileStore } from './storage/make-store.ts';
import { createFolderStore } from './storage/folder-store.ts';

class Refusal extends Error {}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} МБ`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} с`;
const say = (...lines: string[]) => process.stdout.write(`${lines.map((line) => `  ${line}`).join('\n')}\n`);

function tableLines(tables: Array<{ name: string; rows: number }>): string[] {
  const total = tables.reduce((sum, table) => sum + table.rows, 0);
  return [
    `Строк: ${total} в ${tables.length} таблицах`,
    ...tables.filter((table) => table.rows > 0).map((table) => `    ${table.name}: ${table.rows}`),
  ];
}

/** The embedded DATA_DIR held while we work, or null when the running portal holds it. */
function tryLock(config: Config) {
  try {
    return lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) return null;
    throw error;
  }
}

async function backup(config: Config, args: string[]): Promise<void> {
  const [given] = args;
  if (!given) throw new Refusal('Укажите файл архива / give the archive file: npm run backup -- <file>');
  const file = path.resolve(given);
  if (existsSync(file)) throw new Refusal(`Файл ${file} уже есть: выберите другое имя / the file exists`);
  const key = config.backup?.key;
  let summary: BackupSummary;
  if (config.databaseUrl) {
    summary = await backupPortal({
      source: { postgresUrl: config.databaseUrl },
      files: makeFileStore(config),
      dataDir: config.dataDir,
      file,
      key,
    });
  } else {
    if (!existsSync(path.join(config.dataDir, 'pg')))
      throw new Refusal(`В ${config.dataDir} нет базы данных (pg/) / no embedded database in DATA_DIR`);
    const lock = tryLock(config);
    if (lock) {
      try {
        summary = await backupPortal({
          source: { pgliteDir: path.join(config.dataDir, 'pg') },
          files: makeFileStore(config),
          dataDir: config.dataDir,
          file,
          key,
        });
      } finally {
        lock.release();
      }
    } else {
      say('Портал запущен: архив пишет он сам, запросы продолжаются');
      const reply = await askRunningPortal(config.dataDir, { command: 'backup', file, key: key?.toString('hex') });
      if (!reply.ok) throw new Error(reply.error);
      summary = reply.summary;
    }
  }
  say(
    `Архив записан: ${summary.file} (${mb(summary.bytes)}${summary.encrypted ? ', зашифрован AES-256-GCM' : ', не зашифрован: BACKUP_KEY не задан'})`,
    `База: миграция ${summary.migration}`,
    ...tableLines(summary.tables),
    `Файлы: ${summary.files.count} (${mb(summary.files.bytes)}); ключи: ${summary.keys.join(', ') || 'нет'}`,
    `Заняло ${seconds(summary.ms)}`,
  );
}

async function restore(config: Config, args: string[]): Promise<void> {
  const force = args.includes('--force');
  const [given] = args.filter((arg) => arg !== '--force');
  if (!given) throw new Refusal('Укажите файл архива / give the archive file: npm run restore -- <file> [--force]');
  const file = path.resolve(given);
  if (!existsSync(file)) throw new Refusal(`Нет файла ${file} / no such file`);
  const dataDir = config.dataDir;
  let movedAside: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!force)
      throw new Refusal(
        `DATA_DIR ${dataDir} не пуст: восстановление пишет только в пустой; --force сначала переносит его в сторону / DATA_DIR is not empty (use --force)`,
      );
    const lock = tryLock(config);
    if (!lock) throw new Refusal(`Портал работает на ${dataDir}: остановите его / stop the running portal first`);
    lock.release();
    movedAside = `${dataDir}-before-restore-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
    renameSync(dataDir, movedAside);
    say(`Прежний DATA_DIR перенесён в ${movedAside}`);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = config.databaseUrl ? null : lockDataDir(dataDir);
  const target = config.databaseUrl
    ? await openPostgresTarget(config.databaseUrl)
    : await openPgliteTarget(path.join(dataDir, 'pg'));
  try {
    const summary = await restoreArchive({
      file,
      key: config.backup?.key,
      scratchDir: dataDir,
      target,
      files: makeFileStore(config),
      dataDir,
    });
    say(
      `Восстановлено из ${file} в ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(dataDir, 'pg')}`,
      `Архив от ${summary.manifest.created_at}, миграция ${summary.migration}; недостающие миграции применены`,
      ...tableLines(summary.tables),
      `Файлы: ${summary.files.count} (${mb(summary.files.bytes)}); ключи: ${summary.keys.join(', ') || 'нет'}`,
      `Заняло ${seconds(summary.ms)}. Запуск: npm start`,
    );
  } catch (error) {
    await target.close().catch(() => {});
    lock?.release();
    // Nothing half-restored stays behind; what --force moved aside comes back.
    if (!config.databaseUrl) {
      rmSync(dataDir, { recursive: true, force: true });
      if (movedAside) renameSync(movedAside, dataDir);
    }
    throw error;
  }
  await target.close();
  lock?.release();
}

async function moveToPostgres(config: Config): Promise<void> {
  if (!config.databaseUrl)
    throw new Refusal('Задайте DATABASE_URL пустой базы PostgreSQL / set DATABASE_URL to an empty PostgreSQL database');
  const pgDir = path.join(config.dataDir, 'pg');
  if (!existsSync(pgDir)) throw new Refusal(`В ${config.dataDir} нет встроенной базы (pg/) / no embedded database`);
  const lock = tryLock(config);
  if (!lock) throw new Refusal(`Портал работает на ${config.dataDir}: остановите его / stop the running portal first`);
  const source = await openPgliteTarget(pgDir);
  const target = await openPostgresTarget(config.databaseUrl);
  try {
    const summary = await moveDatabase({
      source,
      target,
      from: createFolderStore(config.filesDir),
      to: config.s3 ? makeFileStore(config) : undefined,
    });
    const url = new URL(config.databaseUrl);
    if (url.password) url.password = '***';
    say(
      `Перенесено в PostgreSQL за ${seconds(summary.ms)}; строки и их контрольные суммы совпадают`,
      ...tableLines(summary.tables),
      summary.files.copied
        ? `Файлы: ${summary.files.count} (${mb(summary.files.bytes)}) скопированы в S3 и сверены`
        : `Файлы: ${summary.files.count} (${mb(summary.files.bytes)}) остаются в ${config.filesDir}, сверены`,
      '',
      'Запуск на PostgreSQL (ключи в DATA_DIR остаются нужны, DATA_DIR/pg больше не используется):',
      `  DATABASE_URL=${url.toString()} DATA_DIR=${config.dataDir}${config.s3 ? ' S3_ENDPOINT=… S3_BUCKET=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… S3_REGION=…' : ` FILES_DIR=${config.filesDir}`} npm start`,
    );
  } finally {
    await target.close();
    await source.close();
    lock.release();
  }
}

const COMMANDS: Record<string, (config: Config, args: string[]) => Promise<void>> = {
  backup,
  restore,
  'move-to-postgres': moveToPostgres,
};

async function main(): Promise<void> {
  const [command = '', ...args] = process.argv.slice(2);
  const run = COMMANDS[command];
  if (!run) throw new Refusal(`usage: data-cli.ts ${Object.keys(COMMANDS).join('|')} …`);
  await run(loadConfig(), args);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof Refusal || error instanceof ArchiveRefused || error instanceof ConfigError;
    const text = error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error);
    process.stderr.write(`${known ? '' : 'Не удалось / failed: '}${text}\n`);
    process.exit(1);
  },
);
