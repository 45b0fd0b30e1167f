import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupConfig } from '#server/context.ts';
import { BACKUP_TEST_NOW, scratchFolder, writingClinic } from '../../../tests/setup/backup-world.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { askRunningPortal, listenForCommands } from './control-socket.ts';
import { startEmbeddedBackups } from './embedded.ts';
import { archiveName, createBackupSchedule } from './schedule.ts';

// The schedule names and prunes its archives, says when the last one finished (/healthz), and a
// backup that fails is logged and tried again while the portal goes on answering.

let t: TestApp;
let scratch: string;

beforeAll(async () => {
  t = await createTestApp({ now: BACKUP_TEST_NOW });
  const clinic = await writingClinic(t);
  await clinic.writeOnce();
  scratch = scratchFolder('portal-schedule-test-');
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

const settings = (dir: string, extra: Partial<BackupConfig> = {}): BackupConfig => ({
  dir,
  everyHours: 24,
  keep: 2,
  key: undefined,
  ...extra,
});
const scheduleIn = (backup: BackupConfig, delays?: { firstMs: number; retryMs: number }) =>
  createBackupSchedule({
    database: t.deps.database,
    databaseUrl: t.config.databaseUrl,
    files: t.deps.files,
    dataDir: t.config.dataDir,
    backup,
    log: t.deps.log,
    now: t.deps.now,
    delays,
  });

describe('scheduled backups', { timeout: 120_000 }, () => {
  it('names archives by time, keeps the newest BACKUP_KEEP, and /healthz says when the last one finished', async () => {
    const dir = path.join(scratch, 'kept');
    const schedule = scheduleIn(settings(dir));
    await schedule.start();
    expect(schedule.lastBackupAt()).toBeNull();
    t.deps.backups = schedule;
    expect(((await (await t.request('/healthz')).json()) as { last_backup_at: unknown }).last_backup_at).toBeNull();

    for (let hour = 0; hour < 3; hour++) {
      t.setNow(Date.parse(BACKUP_TEST_NOW) + hour * 3_600_000);
      await schedule.runNow();
    }
    expect(readdirSync(dir).sort()).toEqual([
      archiveName(new Date('2026-03-04T10:00:00Z'), false),
      archiveName(new Date('2026-03-04T11:00:00Z'), false),
    ]);
    expect(readdirSync(dir)[0]).toBe('portal-20260304-100000.tar.gz');
    const health = (await (await t.request('/healthz')).json()) as { last_backup_at: string };
    expect(health.last_backup_at).toBe('2026-03-04T11:00:00.000Z');
    await schedule.stop();
    t.deps.backups = undefined;
  });

  it('logs a failed backup and tries again, while the portal answers', async () => {
    const dir = path.join(scratch, 'blocked');
    // A file where the folder should be: every backup fails until it is gone.
    writeFileSync(dir, 'not a folder');
    const schedule = scheduleIn(settings(dir), { firstMs: 10, retryMs: 50 });
    await schedule.start();
    const failures = () => t.logs.filter((line) => line.msg === 'scheduled backup failed; trying again later').length;
    await until(() => failures() >= 2);
    expect((await t.request('/healthz')).status).toBe(200);
    rmSync(dir);
    await until(() => schedule.lastBackupAt() !== null);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(1);
    await schedule.stop();
  });

  it('waits for the interval after the newest archive, and 0 turns the schedule off', async () => {
    const dir = path.join(scratch, 'off');
    const schedule = scheduleIn(settings(dir, { everyHours: 0 }), { firstMs: 1, retryMs: 1 });
    await schedule.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(dir)).toBe(false);
    await schedule.stop();
  });
});

describe('the running portal', { timeout: 120_000 }, () => {
  it('writes the archive `npm run backup` asks for through the socket in DATA_DIR', async () => {
    const dataDir = scratchFolder('portal-socket-');
    const schedule = scheduleIn(settings(path.join(dataDir, 'backups')));
    const commands = await listenForCommands(dataDir, (request) => schedule.runNow(request.file), t.deps.log);
    try {
      expect(statSync(path.join(dataDir, 'portal.sock')).mode & 0o777).toBe(0o600);
      const file = path.join(dataDir, 'asked.tar.gz');
      const reply = await askRunningPortal(dataDir, { command: 'backup', file });
      expect(reply.ok).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      if (reply.ok) expect(reply.summary.tables.find((table) => table.name === 'tickets')!.rows).toBeGreaterThan(0);
      const refused = await askRunningPortal(dataDir, { command: 'backup', file: 'relative.tar.gz' });
      expect(refused.ok).toBe(false);
    } finally {
      await commands.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('warns at the start when no backup is younger than 48 hours', async () => {
    const dataDir = scratchFolder('portal-warn-');
    const dir = path.join(dataDir, 'backups');
    const start = () =>
      startEmbeddedBackups({
        config: { ...t.config, dataDir, backup: settings(dir) },
        database: t.deps.database,
        files: t.deps.files,
        log: t.deps.log,
        now: () => new Date(),
      });
    const none = await start();
    expect(none?.warning).toMatch(/Нет резервной копии за последние 48 часов/);
    await none?.stop();

    // Unless the database is younger than that: made an hour ago, the start is quiet; 49 hours ago, not.
    const madeMark = path.join(dataDir, 'pg', 'PG_VERSION');
    mkdirSync(path.dirname(madeMark), { recursive: true });
    writeFileSync(madeMark, '17\n');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(madeMark, hourAgo, hourAgo);
    const young = await start();
    expect(young?.warning).toBeUndefined();
    await young?.stop();
    const longAgo = new Date(Date.now() - 49 * 3_600_000);
    utimesSync(madeMark, longAgo, longAgo);
    const neverBackedUp = await start();
    expect(neverBackedUp?.warning).toMatch(/Нет резервной копии за последние 48 часов/);
    await neverBackedUp?.stop();

    const schedule = scheduleIn(settings(dir));
    await schedule.runNow();
    const fresh = await start();
    expect(fresh?.warning).toBeUndefined();
    await fresh?.stop();

    const [archive] = readdirSync(dir);
    const old = new Date(Date.now() - 49 * 3_600_000);
    utimesSync(path.join(dir, archive!), old, old);
    const stale = await start();
    expect(stale?.warning).toMatch(/48 часов/);
    await stale?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
