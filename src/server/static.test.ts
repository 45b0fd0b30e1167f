import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';

const INDEX =
  '<!doctype html><html lang="ru"><head><title>Портал</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('приложение '.repeat(100))});`;
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

let root: string;
let t: TestApp;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'static-test-'));
  const client = path.join(root, 'client');
  mkdirSync(path.join(client, 'assets'), { recursive: true });
  mkdirSync(path.join(client, 'icons'));
  writeFileSync(path.join(client, 'index.html'), INDEX);
  writeFileSync(path.join(client, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(client, 'manifest.webmanifest'), '{"name":"Портал"}');
  writeFileSync(path.join(client, 'assets', 'index-AbCd1234.js'), SCRIPT);
  writeFileSync(path.join(client, 'assets', 'index-AbCd1234.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(client, 'assets', 'index-AbCd1234.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(client, 'assets', 'style-XyZ98765.css'), 'body{margin:0}');
  writeFileSync(path.join(client, 'assets', 'style-XyZ98765.css.gz'), gzipSync('body{margin:0}'));
  writeFileSync(path.join(client, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(client, 'assets', 'index-AbCd1234.js.map'), '{"version":3,"sources":["secret-source.ts"]}');
  writeFileSync(path.join(client, '.env'), 'SECRET=1');
  writeFileSync(path.join(root, 'secret.txt'), 'outside the client dir');
  t = await createTestApp({ config: { clientDir: client } });
});

afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('precompressed files', () => {
  it('sends brotli when accepted', async () => {
    const res = await t.request('/assets/index-AbCd1234.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const res = await t.request('/assets/index-AbCd1234.js', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip when there is no .br sibling', async () => {
    const res = await t.request('/assets/style-XyZ98765.css', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('sends the plain file without Accept-Encoding', async () => {
    const res = await t.request('/assets/index-AbCd1234.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe(SCRIPT);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(SCRIPT)));
  });

  it('never sends an encoding the client refuses or does not name', async () => {
    const encodingFor = async (acceptEncoding: string) =>
      (await t.request('/assets/index-AbCd1234.js', { headers: { 'accept-encoding': acceptEncoding } })).headers.get(
        'content-encoding',
      );
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('identity')).toBeNull();
    // serveStatic reads the tokens literally: a wildcard or a weighted token gets the plain file, which is always safe.
    expect(await encodingFor('*')).toBeNull();
    expect(await encodingFor('gzip;q=0.5')).toBeNull();
  });
});

describe('cache headers', () => {
  it('caches hashed assets forever', async () => {
    const res = await t.request('/assets/index-AbCd1234.js');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/icons/icon-192.png'])(
    'revalidates %s',
    async (p) => {
      const res = await t.request(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('types the manifest and images', async () => {
    expect((await t.request('/manifest.webmanifest')).headers.get('content-type')).toBe(
      'application/manifest+json; charset=utf-8',
    );
    expect((await t.request('/icons/icon-192.png')).headers.get('content-type')).toBe('image/png');
  });

  it('answers 304 to a matching If-None-Match, per encoding', async () => {
    const first = await t.request('/assets/index-AbCd1234.js', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.request('/assets/index-AbCd1234.js', {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const gzip = await t.request('/assets/index-AbCd1234.js', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag! },
    });
    expect(gzip.status).toBe(200);
  });

  it('gives a rewritten file a new ETag, and the old one no longer answers 304', async () => {
    const file = path.join(root, 'client', 'assets', 'later-Qw12Er34.js');
    writeFileSync(file, 'let a = 1;');
    utimesSync(file, new Date('2026-03-01T09:00:00Z'), new Date('2026-03-01T09:00:00Z'));
    const before = (await t.request('/assets/later-Qw12Er34.js')).headers.get('etag')!;
    const range = await t.request('/assets/later-Qw12Er34.js', { headers: { range: 'bytes=0-2' } });
    // A part of the file has the whole file's validator.
    expect(range.status).toBe(206);
    expect(range.headers.get('etag')).toBe(before);
    writeFileSync(file, 'let a = 2;');
    utimesSync(file, new Date('2026-03-01T09:00:05Z'), new Date('2026-03-01T09:00:05Z'));
    const after = await t.request('/assets/later-Qw12Er34.js', { headers: { 'if-none-match': before } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    expect(await after.text()).toBe('let a = 2;');
  });

  it('answers HEAD with headers and no body', async () => {
    const res = await t.request('/assets/index-AbCd1234.js', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(await res.text()).toBe('');
  });
});

describe('SPA fallback', () => {
  it('serves index.html for client routes asked as HTML', async () => {
    const res = await t.request('/cabinet/tickets/12', { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it('answers 404 with the shell for a path no page matches (the app shows its 404 screen); by pattern for /cabinet/tickets/{id}', async () => {
    for (const unknown of ['/no-such-page', '/cabinet/unknown', '/cabinet/tickets/abc', '/cabinet/tickets/12/x']) {
      const res = await t.request(unknown, { headers: HTML });
      expect(res.status, unknown).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toBe(INDEX);
    }
    for (const known of [
      '/',
      '/cabinet/tickets',
      '/cabinet/tickets/',
      '/cabinet/tickets/4242',
      '/client/restore-password/abc',
      '/contacts',
    ]) {
      expect((await t.request(known, { headers: HTML })).status, known).toBe(200);
    }
    const head = await t.request('/no-such-page', { method: 'HEAD', headers: HTML });
    expect(head.status).toBe(404);
  });

  it('does not fall back for files, non-HTML requests or other methods', async () => {
    expect((await t.request('/assets/missing-12345678.js', { headers: HTML })).status).toBe(404);
    expect((await t.request('/cabinet/tickets/12', { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await t.request('/cabinet', { method: 'POST', headers: HTML })).status).toBe(404);
  });

  it.each(['/ajax/x', '/api/x', '/ajax', '/api'])('answers JSON 404 for unknown %s, never the shell', async (p) => {
    const res = await t.request(p, { headers: HTML });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: 'Не найдено' });
  });

  it('answers JSON for unknown state-changing calls too (CSRF may refuse them first)', async () => {
    const res = await t.request('/ajax/x', { method: 'POST', headers: HTML, json: {} });
    expect([403, 404]).toContain(res.status);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('answers JSON 404 for an unknown integration call with a valid token', async () => {
    const res = await t.integration('/api/v1/nothing', { headers: HTML });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('does not serve the shell under /healthz', async () => {
    expect((await t.request('/healthz/x', { headers: HTML })).status).toBe(404);
  });
});

describe('path safety', () => {
  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/.env',
    '/%2eenv',
    '/index.html%00.js',
    '/assets/index-AbCd1234.js.map',
    '/assets/index-AbCd1234.js.MAP',
  ])('never serves %s', async (p) => {
    const res = await t.request(p);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/outside the client dir|SECRET|secret-source/);
  });

  it.each(['/%E0%A4%A', '/%', '/cabinet/%ZZ'])('answers a malformed URL %s without a 500', async (p) => {
    const res = await t.request(p, { headers: HTML });
    expect(res.status).toBeLessThan(500);
  });
});
