import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/api/integration.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { loadFile, readFileBytes } from '#server/services/files/files.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { JPEG_BYTES, PDF_BYTES, PNG_BYTES, WEBP_BYTES } from '../../../../tests/setup/back-office.ts';
import { errorBody, jsonBody } from '../../../../tests/setup/json.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function upload(
  bytes: Uint8Array,
  name: string,
  options: { field?: string; token?: string | null; type?: string } = {},
) {
  const form = new FormData();
  form.set(
    options.field ?? 'file',
    new File([bytes as Uint8Array<ArrayBuffer>], name, { type: options.type ?? 'application/octet-stream' }),
  );
  return t.integration('/files', {
    method: 'POST',
    body: form,
    ...(options.token === undefined ? {} : { token: options.token }),
  });
}
const fileCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('POST /api/v1/files', () => {
  it.each([
    ['application/pdf', PDF_BYTES, 'акт.pdf', 'акт.pdf'],
    ['image/jpeg', JPEG_BYTES, 'photo.JPG', 'photo.JPG'],
    ['image/png', PNG_BYTES, 'C:\\Users\\me\\снимок.png', 'снимок.png'],
    ['image/webp', WEBP_BYTES, 'pic.webp', 'pic.webp'],
    // The content decides: a PNG called .pdf is stored as a PNG and named so.
    ['image/png', PNG_BYTES, 'scan.pdf', 'scan.pdf.png'],
    // Bidi and invisible characters go: the name cannot show another extension.
    ['image/jpeg', JPEG_BYTES, 'photo\u202Egpj.exe.jpg', 'photogpj.exe.jpg'],
    ['application/pdf', PDF_BYTES, 'а\u200Bк\u2060т\uFEFF\u2067.pdf', 'акт.pdf'],
  ])('stores %s by its content (%s)', async (mime, bytes, name, storedName) => {
    const response = await upload(bytes, name, { type: 'text/plain' });
    expect(response.status).toBe(201);
    const body = await jsonBody<{ id: number }>(response);
    expect(body).toEqual({ id: expect.any(Number), mime_type: mime, size: bytes.byteLength, sha256: sha(bytes) });
    const stored = await loadFile(t.db, body.id);
    expect(stored).toMatchObject({
      mimeType: mime,
      originalName: storedName,
      size: bytes.byteLength,
      sha256: sha(bytes),
    });
    expect(Buffer.from(await readFileBytes(t.deps.files, t.db, stored!)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses other content whatever its name, with a Russian message', async () => {
    const before = await fileCount();
    for (const [bytes, name] of [
      [new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'invoice.pdf'],
      [new TextEncoder().encode('GIF89a....'), 'x.png'],
      [Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'doc.jpg'],
    ] as const) {
      const response = await upload(bytes, name);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        success: false,
        message: 'Допустимы только файлы PDF, JPEG, PNG и WebP',
        errors: { file: ['Допустимы только файлы PDF, JPEG, PNG и WebP'] },
      });
    }
    expect(await fileCount()).toBe(before);
  });

  it('takes exactly 10 MB and refuses one byte more with 413', async () => {
    const exact = new Uint8Array(MAX_UPLOAD_BYTES);
    exact.set(PDF_BYTES);
    expect((await upload(exact, 'big.pdf')).status).toBe(201);
    const before = await fileCount();
    const over = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    over.set(PDF_BYTES);
    const response = await upload(over, 'too-big.pdf');
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, message: 'Файл больше 10 МБ' });
    expect(await fileCount()).toBe(before);
  });

  it('refuses a body far over the limit before reading it all', async () => {
    const huge = new Uint8Array(MAX_UPLOAD_BYTES * 2);
    huge.set(PDF_BYTES);
    expect((await upload(huge, 'huge.pdf')).status).toBe(413);
  });

  it('answers 422 without a `file` part or with an empty file, 415 for a non-multipart body, 400 for a broken one', async () => {
    const missing = await upload(PDF_BYTES, 'a.pdf', { field: 'document' });
    expect(missing.status).toBe(422);
    expect((await errorBody(missing)).errors).toEqual({ file: ['Прикрепите файл в поле file'] });
    const textOnly = new FormData();
    textOnly.set('file', 'just text');
    expect((await t.integration('/files', { method: 'POST', body: textOnly })).status).toBe(422);
    expect((await upload(new Uint8Array(), 'empty.pdf')).status).toBe(422);
    expect((await t.integration('/files', { method: 'POST', json: { file: 'x' } })).status).toBe(415);
    const broken = await t.integration('/files', {
      method: 'POST',
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(broken.status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await upload(PDF_BYTES, 'a.pdf', { token: null })).status).toBe(401);
  });
});

describe('loadFile', () => {
  it('answers null for unknown or impossible ids', async () => {
    expect(await loadFile(t.db, 999_999)).toBeNull();
    expect(await loadFile(t.db, -1)).toBeNull();
    expect(await loadFile(t.db, 2 ** 40)).toBeNull();
  });
});
