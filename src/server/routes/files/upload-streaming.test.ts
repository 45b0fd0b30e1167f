import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { PHOTO_MAX_BYTES } from '#shared/screens/repair-requests.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { uploadsAtOnceMessage } from '#server/services/files/uploads.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// Uploads stream into the file store (ADR 0025): limits hold while the body is read, an account is
// admitted (byte budget, two at a time) before its body is read, and a refusal keeps nothing.

const BOUNDARY = 'upload-test-boundary';
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];

let t: TestApp;
const MB = 1024 * 1024;

beforeEach(async () => {
  t = await createTestApp({ now: '2026-03-04T09:00:00Z', config: { uploadDailyBytes: 2 * MB } });
  const account = await insertAccount(t);
  expect((await loginAs(t, account.email)).status).toBe(200);
});
afterEach(() => t.close());

interface Body {
  stream: ReadableStream<Uint8Array>;
  /** Bytes the server has pulled so far. */
  pulled(): number;
  /** Lets a held body finish. */
  finish(): void;
}

/**
 * A multipart body with one file part of `size` bytes (a JPEG by its first bytes, or `head`), made
 * as the server pulls it; `endless` never ends the part, `held` waits for finish() before its end.
 */
function fileBody(
  field: string,
  size: number,
  options: { head?: number[]; endless?: boolean; held?: boolean } = {},
): Body {
  const encoder = new TextEncoder();
  const opening = encoder.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const closing = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);
  const head = Uint8Array.from(options.head ?? JPEG_HEAD);
  const CHUNK = 64 * 1024;
  let sent = 0;
  let pulled = 0;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let stage: 'opening' | 'file' | 'closing' | 'done' = 'opening';
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: Uint8Array;
        if (stage === 'opening') {
          chunk = new Uint8Array([...opening, ...head]);
          sent = head.byteLength;
          stage = 'file';
        } else if (stage === 'file' && (options.endless || sent < size)) {
          chunk = new Uint8Array(Math.min(CHUNK, options.endless ? CHUNK : size - sent)).fill(0xaa);
          sent += chunk.byteLength;
        } else if (stage !== 'done') {
          if (options.held) await released;
          chunk = closing;
          stage = 'done';
        } else {
          controller.close();
          return;
        }
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      // No read ahead: a pull means the server is reading the body, i.e. the upload was admitted
      // (the default high-water mark of 1 pulls once at construction, before the request even arrives).
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, finish: release };
}

function post(pathname: string, body: Body, headers: Record<string, string> = {}) {
  return t.request(pathname, {
    method: 'POST',
    body: body.stream,
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    duplex: 'half',
  } as RequestInit);
}

const photo = (body: Body) => post('/ajax/repair-requests/photos', body);

/** Every stored object and partial write in the app's file store. */
function storeContents(): string[] {
  const root = t.config.filesDir;
  const found: string[] = [];
  const walk = (folder: string) => {
    let names: string[] = [];
    try {
      names = readdirSync(folder, { withFileTypes: true }).map((entry) =>
        entry.isDirectory() ? `${entry.name}/` : entry.name,
      );
    } catch {
      return;
    }
    for (const name of names) {
      if (name.endsWith('/')) walk(path.join(folder, name));
      else found.push(path.join(folder, name));
    }
  };
  walk(root);
  return found;
}

const fileRows = async () => (await t.db.select({ id: files.id }).from(files)).length;

describe('a streamed photo upload', () => {
  it('stops reading at the first byte over 10 MB (413), keeping nothing', async () => {
    const body = fileBody('file', 0, { endless: true });
    const response = await photo(body);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: 'Файл должен быть меньше 10 Мб' });
    // Read up to the limit and a little (chunks in flight), never the endless rest.
    expect(body.pulled()).toBeGreaterThan(PHOTO_MAX_BYTES);
    expect(body.pulled()).toBeLessThan(PHOTO_MAX_BYTES + 2 * MB);
    expect(storeContents()).toEqual([]);
    expect(await fileRows()).toBe(0);
  });

  it('takes a photo of exactly 10 MB, stored once with its size', async () => {
    const response = await photo(fileBody('file', PHOTO_MAX_BYTES));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, size: PHOTO_MAX_BYTES });
    expect(storeContents()).toHaveLength(1);
  });

  it('decides the type by the first bytes: a body that is not a photo is refused after a few of them', async () => {
    const body = fileBody('file', 0, { endless: true, head: [0x25, 0x50, 0x44, 0x46, 0x2d] });
    const response = await photo(body);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { file: ['Файл недопустимого формата'] } });
    expect(body.pulled()).toBeLessThan(2 * MB);
    expect(storeContents()).toEqual([]);
  });
});

describe("an account's upload budget", () => {
  it('counts the bytes stored a day and refuses before reading once they are used, in Russian', async () => {
    expect((await photo(fileBody('file', 1.5 * MB))).status).toBe(200);
    // Under the budget before it is read: admitted, and charged with what it stored.
    expect((await photo(fileBody('file', 1 * MB))).status).toBe(200);
    const body = fileBody('file', 0, { endless: true });
    const refused = await photo(body);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Превышен дневной объём загрузки файлов\. Попробуйте через \d+ ч\.$/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(body.pulled()).toBeLessThan(MB);

    t.advance(24 * 60 * 60 * 1000);
    expect((await photo(fileBody('file', 1 * MB))).status).toBe(200);
  });

  it('does not charge what was refused', async () => {
    for (let i = 0; i < 3; i++) expect((await photo(fileBody('file', 0, { endless: true }))).status).toBe(413);
    expect((await photo(fileBody('file', 1.5 * MB))).status).toBe(200);
  });
});

describe('uploads at once', () => {
  it('admits two of an account at a time and refuses a third in Russian', async () => {
    const held = [fileBody('file', 100_000, { held: true }), fileBody('file', 100_000, { held: true })];
    const running = held.map((body) => photo(body));
    // Both are being read once their first bytes were pulled.
    await expect.poll(() => held.every((body) => body.pulled() > 0)).toBe(true);
    const third = await photo(fileBody('file', 1000));
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ success: false, message: uploadsAtOnceMessage });
    for (const body of held) body.finish();
    expect((await Promise.all(running)).map((response) => response.status)).toEqual([200, 200]);
    expect((await photo(fileBody('file', 1000))).status).toBe(200);
  });
});

describe('refused requests keep nothing', () => {
  it('a request with photos that fails validation leaves no row and no stored bytes', async () => {
    const form = new FormData();
    form.set('request', JSON.stringify({ contact: {} }));
    form.append('photo', new Blob([new Uint8Array([...JPEG_HEAD, 1, 2, 3])]), 'a.jpg');
    const response = await t.request('/ajax/repair-requests/with-photos', {
      method: 'POST',
      body: form,
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(response.status).toBe(422);
    expect(await fileRows()).toBe(0);
    expect(storeContents()).toEqual([]);
  });

  it('an integration upload of another type or over 10 MB leaves no row and no stored bytes', async () => {
    const html = await t.integration('/files', {
      method: 'POST',
      body: fileBody('file', 100, { head: [0x3c, 0x68, 0x74, 0x6d, 0x6c] }).stream,
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      duplex: 'half',
    } as RequestInit);
    expect(html.status).toBe(422);
    const big = await t.integration('/files', {
      method: 'POST',
      body: fileBody('file', 0, { endless: true, head: [0x25, 0x50, 0x44, 0x46, 0x2d] }).stream,
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      duplex: 'half',
    } as RequestInit);
    expect(big.status).toBe(413);
    expect(await fileRows()).toBe(0);
    expect(storeContents()).toEqual([]);
  });
});
