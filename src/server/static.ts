import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { isAppPath } from '#shared/app-routes.ts';
import type { AppEnv } from './context.ts';
import compressible from './compressible.json' with { type: 'json' };

// Serves the built PWA from `clientDir`: precompressed siblings (written by
// scripts/compress-client.mjs), long caching for hashed assets, and the SPA fallback.

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

/** Only these may have .br/.gz siblings (scripts/compress-client.mjs writes them from the same list). */
const COMPRESSIBLE = new Set<string>(compressible);

/** Vite's output names: `name-<8+ char hash>.ext` under /assets/. Only these may be cached forever. */
const HASHED_ASSET = /^\/assets\/(?:[^/]+\/)*[^/]+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i;

/** Calls that never fall back to the app shell: an unknown API path must stay a JSON 404. */
const NO_FALLBACK = /^\/(?:ajax|api|healthz)(?:\/|$)/;

type Encoding = 'br' | 'gzip';

export function serveClient(clientDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(clientDir);
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();

    const urlPath = decodedPath(c.req.url);
    if (urlPath === undefined) return next();

    const filePath = resolveInside(root, urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
    let file = filePath ? await regularFile(filePath) : undefined;
    let servedPath = urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath;
    // The shell for a path no page of the app matches: the app shows its 404 screen, and the status says so.
    let status = 200;

    if (!file && wantsAppShell(urlPath, c.req.header('accept'))) {
      file = await regularFile(path.join(root, 'index.html'));
      servedPath = '/index.html';
      if (!isAppPath(urlPath)) status = 404;
    }
    if (!file) return next();

    const ext = path.extname(file.path).toLowerCase();
    const headers = new Headers({
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': HASHED_ASSET.test(servedPath) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });

    let body = file;
    if (COMPRESSIBLE.has(ext)) {
      headers.set('Vary', 'Accept-Encoding');
      for (const encoding of acceptedEncodings(c.req.header('accept-encoding'))) {
        const sibling = await regularFile(`${file.path}${encoding === 'br' ? '.br' : '.gz'}`);
        if (sibling) {
          headers.set('Content-Encoding', encoding);
          body = sibling;
          break;
        }
      }
    }

    // Size and mtime of the bytes actually sent, so each encoding has its own validator.
    const etag = `"${body.size.toString(16)}-${Math.floor(body.mtimeMs).toString(16)}${headers.has('Content-Encoding') ? `-${headers.get('Content-Encoding')}` : ''}"`;
    headers.set('ETag', etag);
    if (status === 200 && etagMatches(c.req.header('if-none-match'), etag)) {
      headers.delete('Content-Type');
      return new Response(null, { status: 304, headers });
    }

    headers.set('Content-Length', String(body.size));
    if (method === 'HEAD') return new Response(null, { status, headers });
    return new Response(await readFile(body.path), { status, headers });
  };
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

/** The absolute file for a URL path, or undefined if it would leave `root` or touch a dot-file. */
function resolveInside(root: string, urlPath: string): string | undefined {
  const segments = urlPath.split('/').filter(Boolean);
  if (segments.some((s) => s.startsWith('.'))) return undefined; // also rules out `..`
  const resolved = path.resolve(root, ...segments);
  return resolved.startsWith(root + path.sep) ? resolved : undefined;
}

async function regularFile(filePath: string): Promise<{ path: string; size: number; mtimeMs: number } | undefined> {
  try {
    const info = await stat(filePath);
    return info.isFile() ? { path: filePath, size: info.size, mtimeMs: info.mtimeMs } : undefined;
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

/** Encodings the client accepts (q > 0), in our order of preference: br, then gzip. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const wildcard = q.get('*');
  return (['br', 'gzip'] as const).filter((encoding) => (q.get(encoding) ?? wildcard ?? 0) > 0);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
