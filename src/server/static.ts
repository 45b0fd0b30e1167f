import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { isAppPath } from '#shared/app-routes.ts';
import type { AppEnv } from './context.ts';
import compressible from './compressible.json' with { type: 'json' };

// Serves the built PWA from `clientDir` through @hono/node-server's serveStatic, which reads the file,
// types it and picks its precompressed sibling (.br, then .gz, written by scripts/compress-client.mjs)
// from Accept-Encoding. Around it stays what serveStatic does not do for us: refusing dot-files and
// source maps, the cache headers, the validators and 304, `Vary` on every compressible file, and the
// SPA fallback with its 404 status.
//
// serveStatic matches Accept-Encoding tokens literally: `br;q=0.5` or `*` get the plain file (never a
// refused encoding). Browsers send plain tokens (`gzip, deflate, br, zstd`), so they get br.

/** Only these may have .br/.gz siblings (scripts/compress-client.mjs writes them from the same list). */
const COMPRESSIBLE = new Set<string>(compressible);

/** Vite's output names: `name-<8+ char hash>.ext` under /assets/. Only these may be cached forever. */
const HASHED_ASSET = /^\/assets\/(?:[^/]+\/)*[^/]+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i;

/** Calls that never fall back to the app shell: an unknown API path must stay a JSON 404. */
const NO_FALLBACK = /^\/(?:ajax|api|healthz)(?:\/|$)/;

/** serveStatic types JSON without a charset; ours are UTF-8 and say so. */
const CONTENT_TYPE_OVERRIDES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

export function serveClient(clientDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(clientDir);
  // Made once the folder exists: serveStatic complains on the console about a missing root, which
  // the server tests (no build) and a server started before its build would print at every start.
  let handlers: { files: MiddlewareHandler; shell: MiddlewareHandler } | undefined;
  const built = () =>
    (handlers ??= existsSync(root)
      ? {
          files: serveStatic({ root, precompressed: true }),
          shell: serveStatic({ root, path: 'index.html', precompressed: true }),
        }
      : undefined);
  const notFound = async () => {};

  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();

    const urlPath = decodedPath(c.req.url);
    if (urlPath === undefined) return next();
    // serveStatic refuses `..` but would serve `/.env`; source maps stay on the server (the client
    // errors route reads them to map stacks), even when a copy is left in the client folder.
    const segments = urlPath.split('/').filter(Boolean);
    if (segments.some((s) => s.startsWith('.')) || urlPath.toLowerCase().endsWith('.map')) return next();
    const serve = built();
    if (!serve) return next();

    let servedPath = urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath;
    let found = await serve.files(c, notFound);
    // The shell for a path no page of the app matches: the app shows its 404 screen, and the status says so.
    let status = 200;
    if (!found && wantsAppShell(urlPath, c.req.header('accept'))) {
      found = await serve.shell(c, notFound);
      servedPath = '/index.html';
      if (!isAppPath(urlPath)) status = 404;
    }
    if (!found) return next();

    const headers = new Headers(found.headers);
    const ext = path.extname(servedPath).toLowerCase();
    const contentType = CONTENT_TYPE_OVERRIDES[ext];
    if (contentType) headers.set('Content-Type', contentType);
    headers.set('Cache-Control', HASHED_ASSET.test(servedPath) ? 'public, max-age=31536000, immutable' : 'no-cache');
    // A cache must key the plain answer by encoding too, not only the compressed ones serveStatic marks.
    if (COMPRESSIBLE.has(ext)) headers.set('Vary', 'Accept-Encoding');

    // serveStatic sends Last-Modified only and never answers 304.
    const etag = entityTag(headers);
    if (etag) headers.set('ETag', etag);
    if (etag && status === 200 && etagMatches(c.req.header('if-none-match'), etag)) {
      await found.body?.cancel();
      headers.delete('Content-Type');
      headers.delete('Content-Length');
      return new Response(null, { status: 304, headers });
    }
    return new Response(found.body, { status: status === 404 ? 404 : found.status, headers });
  };
}

/**
 * The validator of the bytes actually sent (the .br/.gz sibling when one was chosen, so each encoding
 * has its own): their size and modification time, as nginx makes its ETags, read from the headers
 * serveStatic wrote from its own stat of the file (no second stat per request). The size is the whole
 * file's: Content-Range's total on a range answer. Last-Modified is in whole seconds, and so is this.
 */
function entityTag(headers: Headers): string | undefined {
  const size = Number(headers.get('Content-Range')?.split('/')[1] ?? headers.get('Content-Length'));
  const modified = Date.parse(headers.get('Last-Modified') ?? '');
  if (!Number.isInteger(size) || Number.isNaN(modified)) return undefined;
  const encoding = headers.get('Content-Encoding');
  return `"${size.toString(16)}-${(modified / 1000).toString(16)}${encoding ? `-${encoding}` : ''}"`;
}

/** The URL's path, percent-decoded; undefined when it cannot be decoded or holds a NUL or backslash. */
function decodedPath(url: string): string | undefined {
  try {
    const raw = new URL(url).pathname;
    const decoded = decodeURIComponent(raw);
    if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
    return decoded;
  } catch {
    return undefined;
  }
}

/** A page navigation to a client-side route: an HTML request for a path with no file extension. */
function wantsAppShell(urlPath: string, accept: string | undefined): boolean {
  if (!accept?.includes('text/html')) return false;
  if (NO_FALLBACK.test(urlPath)) return false;
  const last = urlPath.split('/').at(-1) ?? '';
  return !last.includes('.');
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
