import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadPaths } from '#shared/api/tickets.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { FILE_BYTES_MISSING_MESSAGE } from '#server/services/files/files.ts';
import { checkStoreAgainstRows, reportStoreCheck } from '#server/storage/check-store.ts';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { createClinicWorld, type ClinicWorld } from '../../../../tests/setup/cabinet-world.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// A file row whose bytes the store does not hold (a restore without the files, two processes that
// do not share FILES_DIR): its download is a Russian 404, never a 500, logged once with the file's
// id; and the start-up check counts such rows.

let t: TestApp;
let world: ClinicWorld;

/** Removes the bytes behind a file row, as a restore without the files leaves it. */
async function dropBytes(fileId: number): Promise<void> {
  const [row] = await t.db.select({ key: files.storageKey }).from(files).where(eq(files.id, fileId));
  await t.deps.files.delete(row!.key!);
}

beforeAll(async () => {
  t = await createTestApp();
  world = await createClinicWorld(t, 'missing');
  expect((await loginAs(t, world.email)).status).toBe(200);
});
afterAll(() => t.close());

const missingLogs = () => t.logs.filter((line) => line.msg === 'a file row names bytes the file store does not hold');

describe('a file whose bytes are missing', () => {
  it('answers 404 in Russian on every download path, and is logged once with its id', async () => {
    await dropBytes(world.fileIds.document);
    await dropBytes(world.fileIds.bill);
    for (let round = 0; round < 3; round++) {
      for (const [path, headers] of [
        [downloadPaths.file(world.fileIds.document), {}],
        [downloadPaths.file(world.fileIds.document), { Range: 'bytes=0-3' }],
        [downloadPaths.bill(world.billId), {}],
      ] as const) {
        const response = await t.request(path, { headers });
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual({ success: false, message: FILE_BYTES_MISSING_MESSAGE });
      }
      const byBackOffice = await t.integration(`/files/${world.fileIds.document}`);
      expect(byBackOffice.status).toBe(404);
    }
    expect(missingLogs().map((line) => [line.level, line.fileId])).toEqual([
      ['error', world.fileIds.document],
      ['error', world.fileIds.bill],
    ]);
    expect(t.logs.filter((line) => line.msg === 'request' && line.status === 500)).toEqual([]);
    // The other files of the same clinic are served as before.
    expect((await t.request(downloadPaths.file(world.fileIds.photo))).status).toBe(200);
  });

  it('is counted by the start-up check, which logs one warning naming the count and the ids', async () => {
    const check = await checkStoreAgainstRows(t.deps.files, t.db);
    expect(check.missing).toBe(2);
    expect(check.missingIds.sort((a, b) => a - b)).toEqual(
      [world.fileIds.document, world.fileIds.bill].sort((a, b) => a - b),
    );
    expect(check.checked).toBeGreaterThanOrEqual(4);
    // Limited to the newest rows, as for a bucket: the older missing ones are not seen.
    const newest = await checkStoreAgainstRows(t.deps.files, t.db, { newest: 1 });
    expect(newest).toMatchObject({ checked: 1 });

    await reportStoreCheck(t.deps.files, t.db, t.deps.log, 'folder');
    const warnings = t.logs.filter((line) => String(line.msg).startsWith('file store and database disagree'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warn', missing: 2, scope: 'every file row' });
  });

  it('logs a plain info line when the store holds every row', async () => {
    const fresh = await createTestApp();
    try {
      await createClinicWorld(fresh, 'whole');
      await reportStoreCheck(fresh.deps.files, fresh.db, fresh.deps.log, 'folder');
      expect(fresh.logs.filter((line) => String(line.msg).startsWith('file store'))).toEqual([
        expect.objectContaining({ level: 'info', msg: 'file store checked against the database', checked: 4 }),
      ]);
    } finally {
      await fresh.close();
    }
  });
});
