import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolderStore } from '#server/storage/folder-store.ts';
import {
  BACKUP_TEST_NOW,
  everyRow,
  rowsOf,
  scratchFolder,
  storageKeys,
  storedDigests,
  writingClinic,
} from '../../../tests/setup/backup-world.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { ArchiveRefused } from './archive.ts';
import { backupPortal } from './backup.ts';
import { restoreArchive } from './restore.ts';
import { isEmptyDatabase } from './tables.ts';
import { openPgliteTarget } from './targets.ts';

// A backup of a portal that goes on taking writes, restored into a fresh folder: the rows and the
// file bytes come back as they were, and a damaged, foreign or locked archive writes nothing.

let t: TestApp;
let clinic: Awaited<ReturnType<typeof writingClinic>>;
let scratch: string;
const source = () => ({ database: t.deps.database, databaseUrl: t.config.databaseUrl });
const DEVICE_KEY = randomBytes(32);

beforeAll(async () => {
  t = await createTestApp({ now: BACKUP_TEST_NOW });
  clinic = await writingClinic(t);
  for (let round = 0; round < 3; round++) await clinic.writeOnce();
  writeFileSync(path.join(t.config.dataDir, 'device-cookie.key'), DEVICE_KEY, { mode: 0o600 });
  scratch = scratchFolder('portal-backup-test-');
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

const backup = (name: string, key?: Buffer) =>
  backupPortal({
    source: source(),
    files: t.deps.files,
    dataDir: t.config.dataDir,
    file: path.join(scratch, name),
    key,
  });

/** Restores `file` into a fresh DATA_DIR; returns what the restore said and the restored portal's rows and bytes. */
async function restoreFresh(file: string, key?: Buffer) {
  const dataDir = scratchFolder('portal-restored-');
  const target = await openPgliteTarget(path.join(dataDir, 'pg'));
  const store = createFolderStore(path.join(dataDir, 'files'));
  try {
    const summary = await restoreArchive({ file, key, scratchDir: dataDir, target, files: store, dataDir });
    const rows = await everyRow(target.sql);
    return { summary, rows, digests: await storedDigests(store, storageKeys(rows)), dataDir, empty: false };
  } catch (error) {
    return { error, empty: await isEmptyDatabase(target.sql), dataDir };
  } finally {
    await target.close();
  }
}

// Each test backs up and restores into a fresh on-disk PGlite (migrated from nothing): seconds each, more on a busy machine.
describe('backup and restore', { timeout: 120_000 }, () => {
  it('takes a consistent snapshot while repair requests with photos and decisions go on', async () => {
    const writer = clinic.keepWriting();
    const summary = await backup('during-writes.tar.gz');
    const rounds = await writer.stop();
    expect(rounds).toBeGreaterThan(0);
    expect(statSync(summary.file).mode & 0o777).toBe(0o600);

    const restored = await restoreFresh(summary.file);
    if (!restored.rows) throw restored.error;
    const now = await rowsOf(source());
    // The event feed restored is exactly a beginning of the live one: no event lost inside it, none invented.
    const events = restored.rows.events!;
    expect(events.length).toBeGreaterThan(0);
    expect(now.events!.slice(0, events.length)).toEqual(events);
    // Every ticket the snapshot holds has its instruments and its photos' bytes, checksums and all.
    expect(restored.rows.tickets!.length).toBe(summary.tables.find((table) => table.name === 'tickets')!.rows);
    const rowsSha = Object.fromEntries(
      restored.rows
        .files!.map((line) => JSON.parse(line) as { storage_key: string; sha256: string })
        .map((f) => [f.storage_key, f.sha256]),
    );
    expect(restored.digests).toEqual(rowsSha);
    rmSync(restored.dataDir, { recursive: true, force: true });
  });

  it('restores every table row for row and every file byte for byte, and the keys', async () => {
    const summary = await backup('quiet.tar.gz');
    const before = await rowsOf(source());
    const restored = await restoreFresh(summary.file);
    if (!restored.rows) throw restored.error;
    expect(restored.rows).toEqual(before);
    expect(Object.keys(restored.digests).length).toBeGreaterThanOrEqual(4);
    expect(restored.digests).toEqual(await storedDigests(t.deps.files, storageKeys(before)));
    expect(readFileSync(path.join(restored.dataDir, 'device-cookie.key'))).toEqual(DEVICE_KEY);
    expect(restored.summary.tables).toEqual(summary.tables);
    rmSync(restored.dataDir, { recursive: true, force: true });
  });

  it('refuses a damaged archive and writes nothing', async () => {
    const summary = await backup('damaged.tar.gz');
    const bytes = readFileSync(summary.file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(summary.file, bytes);
    const restored = await restoreFresh(summary.file);
    expect(restored.error).toBeInstanceOf(ArchiveRefused);
    expect(String(restored.error)).toMatch(/повреждён|не совпадает/);
    expect(restored.empty).toBe(true);

    writeFileSync(summary.file, bytes.subarray(0, Math.floor(bytes.length * 0.9)));
    const cut = await restoreFresh(summary.file);
    expect(cut.error).toBeInstanceOf(ArchiveRefused);
    expect(cut.empty).toBe(true);
  });

  it('refuses a file that is not a portal archive', async () => {
    const file = path.join(scratch, 'foreign.tar.gz');
    writeFileSync(file, 'name,phone\nАнна,+7 916\n');
    const restored = await restoreFresh(file);
    expect(restored.error).toBeInstanceOf(ArchiveRefused);
    expect(String(restored.error)).toMatch(/не архив портала/);
  });

  it('seals the archive with BACKUP_KEY and opens it only with that key', async () => {
    const key = randomBytes(32);
    const summary = await backup('sealed.tar.gz.aes', key);
    expect(summary.encrypted).toBe(true);
    const bytes = readFileSync(summary.file);
    expect(bytes.subarray(0, 8).toString()).toBe('PORTALBK');
    // Nothing readable inside: neither the clinic's e-mail nor the table names.
    expect(bytes.includes(Buffer.from(clinic.account.email))).toBe(false);

    const withoutKey = await restoreFresh(summary.file);
    expect(String(withoutKey.error)).toMatch(/зашифрован.*BACKUP_KEY/);
    const wrongKey = await restoreFresh(summary.file, randomBytes(32));
    expect(String(wrongKey.error)).toMatch(/ключ BACKUP_KEY не тот/);
    expect(wrongKey.empty).toBe(true);

    const before = await rowsOf(source());
    const restored = await restoreFresh(summary.file, key);
    if (!restored.rows) throw restored.error;
    expect(restored.rows).toEqual(before);
  });
});
