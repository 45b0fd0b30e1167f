import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { createClinicWorld, type ClinicWorld } from '../../../../tests/setup/cabinet-world.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { downloadPaths } from '#shared/api/tickets.ts';

// Downloads stream from the file store (ADR 0025) with a length and one byte range, so a broken
// download of a big document resumes where it stopped.

let t: TestApp;
let world: ClinicWorld;
let whole: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  world = await createClinicWorld(t, 'range');
  expect((await loginAs(t, world.email)).status).toBe(200);
  const response = await t.request(downloadPaths.file(world.fileIds.document));
  expect(response.headers.get('accept-ranges')).toBe('bytes');
  whole = Buffer.from(await response.arrayBuffer());
  expect(response.headers.get('content-length')).toBe(String(whole.length));
});
afterAll(() => t.close());

describe('a download with Range', () => {
  it('answers 206 with the bytes asked for, their length and Content-Range, keeping the headers', async () => {
    const response = await t.request(downloadPaths.file(world.fileIds.document), { headers: { Range: 'bytes=2-6' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 2-6/${whole.length}`);
    expect(response.headers.get('content-length')).toBe('5');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(whole.subarray(2, 7))).toBe(true);
  });

  it('serves the end of the file (a suffix) and of a bill document', async () => {
    const tail = await t.request(downloadPaths.file(world.fileIds.document), { headers: { Range: 'bytes=-4' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 4))).toBe(true);
    const bill = await t.request(downloadPaths.bill(world.billId), { headers: { Range: 'bytes=0-4' } });
    expect(bill.status).toBe(206);
    expect(Buffer.from(await bill.arrayBuffer()).toString()).toBe('%PDF-');
  });

  it('answers 416 in Russian, naming the size, for a range past the end', async () => {
    const response = await t.request(downloadPaths.file(world.fileIds.document), {
      headers: { Range: `bytes=${whole.length}-` },
    });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    expect(await response.json()).toEqual({ success: false, message: 'Запрошенная часть файла за его пределами' });
  });

  it('sends the whole file when If-Range names another version, or for several ranges', async () => {
    for (const headers of [{ Range: 'bytes=0-3', 'If-Range': '"another"' }, { Range: 'bytes=0-1,4-5' }] as Array<
      Record<string, string>
    >) {
      const response = await t.request(downloadPaths.file(world.fileIds.document), { headers });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(whole)).toBe(true);
    }
    const etag = (await t.request(downloadPaths.file(world.fileIds.document))).headers.get('etag')!;
    const resumed = await t.request(downloadPaths.file(world.fileIds.document), {
      headers: { Range: 'bytes=1-', 'If-Range': etag },
    });
    expect(resumed.status).toBe(206);
    expect(Buffer.from(await resumed.arrayBuffer()).equals(whole.subarray(1))).toBe(true);
  });

  it('works the same on the integration API', async () => {
    const response = await t.integration(`/files/${world.fileIds.document}`, { headers: { Range: 'bytes=0-4' } });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('%PDF-');
    const full = await t.integration(`/files/${world.fileIds.document}`);
    expect(full.headers.get('content-length')).toBe(String(whole.length));
    expect(Buffer.from(await full.arrayBuffer()).equals(whole)).toBe(true);
  });
});
