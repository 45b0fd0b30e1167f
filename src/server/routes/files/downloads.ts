import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/context.ts';
import { ApiFailure, sendFailure } from '#server/lib/api-failure.ts';
import { readRange } from '#server/lib/byte-range.ts';
import { contentDisposition } from '#server/lib/content-disposition.ts';
import { readParams, readPathId } from '#server/lib/validate.ts';
import { billDocumentForViewer, fileForViewer, waybillForViewer } from '#server/services/tickets/downloads.ts';
import { openForDownload, type StoredFile } from '#server/services/files/files.ts';
import type { ByteRange } from '#server/storage/file-store.ts';
import { enforceLimits, rateRules } from '#server/services/rate-limit.ts';
import { loadTicket } from '#server/services/tickets/detail.ts';
import { requireSession } from '#server/middleware/session.ts';
import { viewerOf, type Viewer } from '#server/services/access/levels.ts';

// Binary answers of downloadPaths (#shared/api/tickets.ts). Owner only: access.ts decides, a
// foreign or unknown id is the JSON 404. Files are sent as attachments with their stored type,
// never sniffed, and kept out of shared caches. Stored files stream from the file store, with
// Content-Length and one byte range (206, or 416 past the end) so a broken download resumes.

export const downloadRoutes = new Hono<AppEnv>();

const orderParams = v.object({
  provider_order_id: v.pipe(
    v.string(),
    v.minLength(1, 'Некорректный номер заказа'),
    v.maxLength(100, 'Некорректный номер заказа'),
  ),
});

interface Download {
  name: string;
  mimeType: string;
  size: number;
  /** The bytes, or the bytes of `range`: streamed from the file store, or already in memory. */
  open(range?: ByteRange): Promise<Readable | Uint8Array>;
  /** Opened in a new tab (the ticket PDF) rather than saved. */
  inline?: boolean;
  etag?: string;
}

type Ctx = Context<AppEnv>;

const RANGE_NOT_SATISFIABLE = 'Запрошенная часть файла за его пределами';

/** A download of bytes already in memory (a drawn PDF). */
export function bytesDownload(file: Omit<Download, 'size' | 'open'>, data: Uint8Array): Download {
  return {
    ...file,
    size: data.byteLength,
    open: async (range) => (range ? data.subarray(range.start, range.end + 1) : data),
  };
}

/** A stored file, streamed from the file store: the server never holds it whole. */
export function storedDownload(c: Ctx, file: StoredFile, options: { inline?: boolean; etag?: boolean } = {}): Download {
  const { deps } = c.var;
  return {
    name: file.originalName,
    mimeType: file.mimeType,
    size: file.size,
    open: (range) => openForDownload(deps, deps.database.db, file, range),
    ...(options.inline ? { inline: true } : {}),
    ...(options.etag === false ? {} : { etag: file.sha256 }),
  };
}

export async function sendDownload(c: Ctx, file: Download): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': file.mimeType,
    'Content-Disposition': contentDisposition(file.name, file.inline ? 'inline' : 'attachment'),
    'X-Content-Type-Options': 'nosniff',
    // The user's own documents: never in a shared cache; revalidated so revoked access takes effect.
    'Cache-Control': 'private, no-cache',
    'Accept-Ranges': 'bytes',
  };
  if (file.etag) {
    headers.ETag = `"${file.etag}"`;
    if (c.req.header('If-None-Match') === headers.ETag)
      return c.body(null, 304, { ETag: headers.ETag, 'Cache-Control': headers['Cache-Control']! });
  }
  // A resumed download of a file that has changed since (If-Range names another version) gets it whole.
  const ifRange = c.req.header('If-Range');
  const answer =
    ifRange !== undefined && ifRange !== headers.ETag
      ? ({ kind: 'whole' } as const)
      : readRange(c.req.header('Range'), file.size);
  if (answer.kind === 'unsatisfiable') {
    return c.json({ success: false, message: RANGE_NOT_SATISFIABLE }, 416, {
      'Content-Range': `bytes */${file.size}`,
      'Cache-Control': headers['Cache-Control']!,
    });
  }
  const range = answer.kind === 'part' ? answer.range : undefined;
  const body = await file.open(range);
  headers['Content-Length'] = String(range ? range.end - range.start + 1 : file.size);
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${file.size}`;
  const stream =
    body instanceof Uint8Array
      ? (body as Uint8Array<ArrayBuffer>)
      : (Readable.toWeb(body) as ReadableStream<Uint8Array<ArrayBuffer>>);
  return c.body(stream, range ? 206 : 200, headers);
}

/** GET with a session; an ApiFailure (404, 422) becomes its JSON refusal. */
function download(path: string, load: (c: Ctx, viewer: Viewer) => Promise<Download>) {
  downloadRoutes.get(path, requireSession(), async (c) => {
    try {
      return await sendDownload(c, await load(c, viewerOf(c)));
    } catch (error) {
      if (error instanceof ApiFailure) return sendFailure(c, error);
      throw error;
    }
  });
}

download('/ajax/cabinet/files/:id', async (c, viewer) => {
  return storedDownload(c, await fileForViewer(c.var.deps.database.db, viewer, readPathId(c)));
});

download('/ajax/cabinet/file/invoice/:provider_order_id', async (c, viewer) => {
  const { provider_order_id } = readParams(c, orderParams);
  return storedDownload(c, await waybillForViewer(c.var.deps.database.db, viewer, provider_order_id));
});

download('/ajax/cabinet/bills/:id/download', async (c, viewer) => {
  return storedDownload(c, await billDocumentForViewer(c.var.deps.database.db, viewer, readPathId(c)));
});

download('/ajax/cabinet/tickets/:id/get-pdf', async (c, viewer) => {
  const { deps } = c.var;
  const viewerId = viewer.clientId;
  const ticket = await loadTicket(deps.database.db, viewer, readPathId(c));
  const pdf = { name: `Заявка №${ticket.id}.pdf`, mimeType: 'application/pdf', inline: true };
  // The browser's copy is current: a 304 (sendDownload), with nothing drawn and nothing counted; only
  // drawings count against the account's limit, not copies answered from memory.
  const etag = deps.ticketPdfs.etagOf(ticket);
  if (c.req.header('If-None-Match') === `"${etag}"`) return bytesDownload({ ...pdf, etag }, new Uint8Array());
  const drawn = await deps.ticketPdfs.render(ticket, () =>
    enforceLimits(deps, [[rateRules.ticketPdfAccount, String(viewerId)]]),
  );
  return bytesDownload({ ...pdf, etag: drawn.etag }, drawn.data);
});
