import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '#shared/screens/repair-requests.ts';
import { downloadPaths } from '#shared/api/tickets.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { encodePng } from '#server/lib/png.ts';
import { FILE_BYTES_MISSING_MESSAGE } from '#server/services/files/files.ts';
import { checkStoreAgainstRows } from '#server/storage/check-store.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { startS3Server, type TestS3 } from '../../../../tests/setup/s3-server.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// A portal whose file store is S3-compatible object storage (S3_* settings): a photo goes to the
// bucket and comes back whole or in part, and an oversized one leaves nothing there.

let s3: TestS3;
let t: TestApp;
const PNG = encodePng(2, 2, new Uint8Array(12).fill(200), 3);

async function objects(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.deps.files.listForSweep(new Date(0))) keys.push(object.key);
  return keys;
}

beforeAll(async () => {
  s3 = await startS3Server('portal-routes');
  t = await createTestApp({ config: { s3: s3.settings } });
  const account = await insertAccount(t);
  expect((await loginAs(t, account.email)).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('files in S3-compatible storage', () => {
  it('stores an uploaded photo in the bucket and serves it whole and by range', async () => {
    const form = new FormData();
    form.set('file', new Blob([PNG as Uint8Array<ArrayBuffer>]), 'фото.png');
    const uploaded = await t.request('/ajax/repair-requests/photos', { method: 'POST', body: form });
    expect(uploaded.status).toBe(200);
    const { file_id } = (await uploaded.json()) as { file_id: number };
    expect(await objects()).toHaveLength(1);

    const whole = await t.request(downloadPaths.file(file_id));
    expect(whole.headers.get('content-length')).toBe(String(PNG.byteLength));
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);
    const part = await t.request(downloadPaths.file(file_id), { headers: { Range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('PNG');
  });

  it('puts nothing in the bucket for a photo over 10 MB', async () => {
    const before = await objects();
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(PNG);
    const form = new FormData();
    form.set('file', new Blob([big]), 'big.png');
    expect((await t.request('/ajax/repair-requests/photos', { method: 'POST', body: form })).status).toBe(413);
    expect(await objects()).toEqual(before);
  });

  it('answers 404 in Russian for a row whose object is gone, and the start-up check sees it among the newest rows', async () => {
    const form = new FormData();
    form.set('file', new Blob([PNG as Uint8Array<ArrayBuffer>]), 'пропавшее.png');
    const { file_id } = (await (
      await t.request('/ajax/repair-requests/photos', { method: 'POST', body: form })
    ).json()) as { file_id: number };
    const [row] = await t.db.select({ key: files.storageKey }).from(files).where(eq(files.id, file_id));
    await t.deps.files.delete(row!.key!);
    const response = await t.request(downloadPaths.file(file_id));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: FILE_BYTES_MISSING_MESSAGE });
    expect(await checkStoreAgainstRows(t.deps.files, t.db, { newest: 200 })).toMatchObject({
      missing: 1,
      missingIds: [file_id],
    });
  });
});
