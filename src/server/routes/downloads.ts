import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/context.ts';
import { ApiFailure, sendFailure } from '#server/lib/api-failure.ts';
import { contentDisposition } from '#server/lib/content-disposition.ts';
import { readParams, readPathId } from '#server/lib/validate.ts';
import { billDocumentForViewer, fileForViewer, waybillForViewer } from '#server/services/downloads.ts';
import { enforceLimits, rateRules } from '#server/services/rate-limit.ts';
import { loadTicket } from '#server/services/ticket-detail.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';

// Binary answers of downloadPaths (#shared/api/tickets.ts). Owner only: access.ts decides, a
// foreign or unknown id is the JSON 404. Files are sent as attachments with their stored type,
// never sniffed, and kept out of shared caches.

export const downloadRoutes = new Hono<AppEnv>();

const orderParams = v.object({
  provider_order_id: v.pipe(v.string(), v.minLength(1, 'Некорректный номер заказа'), v.maxLength(100, 'Некорректный номер заказа')),
});

interface Download {
  name: string;
  mimeType: string;
  data: Uint8Array;
  /** Opened in a new tab (the ticket PDF) rather than saved. */
  inline?: boolean;
  etag?: string;
}

type Ctx = Context<AppEnv>;

export function sendDownload(c: Ctx, file: Download): Response {
  const headers: Record<string, string> = {
    'Content-Type': file.mimeType,
    'Content-Length': String(file.data.byteLength),
    'Content-Disposition': contentDisposition(file.name, file.inline ? 'inline' : 'attachment'),
    'X-Content-Type-Options': 'nosniff',
    // The user's own documents: never in a shared cache; revalidated so revoked access takes effect.
    'Cache-Control': 'private, no-cache',
  };
  if (file.etag) {
    headers.ETag = `"${file.etag}"`;
    if (c.req.header('If-None-Match') === headers.ETag) return c.body(null, 304, { ETag: headers.ETag, 'Cache-Control': headers['Cache-Control']! });
  }
  return c.body(file.data as Uint8Array<ArrayBuffer>, 200, headers);
}

/** GET with a session; an ApiFailure (404, 422) becomes its JSON refusal. */
function download(path: string, load: (c: Ctx, viewerId: number) => Promise<Download>) {
  downloadRoutes.get(path, requireSession(), async (c) => {
    try {
      return sendDownload(c, await load(c, sessionOf(c).clientId));
    } catch (error) {
      if (error instanceof ApiFailure) return sendFailure(c, error);
      throw error;
    }
  });
}

download('/ajax/cabinet/files/:id', async (c, viewerId) => {
  const file = await fileForViewer(c.var.deps.database.db, viewerId, readPathId(c));
  return { name: file.originalName, mimeType: file.mimeType, data: file.data, etag: file.sha256 };
});

download('/ajax/cabinet/file/invoice/:provider_order_id', async (c, viewerId) => {
  const { provider_order_id } = readParams(c, orderParams);
  const file = await waybillForViewer(c.var.deps.database.db, viewerId, provider_order_id);
  return { name: file.originalName, mimeType: file.mimeType, data: file.data, etag: file.sha256 };
});

download('/ajax/cabinet/bills/:id/download', async (c, viewerId) => {
  const file = await billDocumentForViewer(c.var.deps.database.db, viewerId, readPathId(c));
  return { name: file.originalName, mimeType: file.mimeType, data: file.data, etag: file.sha256 };
});

download('/ajax/cabinet/tickets/:id/get-pdf', async (c, viewerId) => {
  const { deps } = c.var;
  const ticket = await loadTicket(deps.database.db, viewerId, readPathId(c));
  const pdf = { name: `Заявка №${ticket.id}.pdf`, mimeType: 'application/pdf', inline: true };
  // The browser's copy is current: a 304 (sendDownload), with nothing drawn and nothing counted; only
  // drawings count against the account's limit, not copies answered from memory.
  const etag = deps.ticketPdfs.etagOf(ticket);
  if (c.req.header('If-None-Match') === `"${etag}"`) return { ...pdf, data: new Uint8Array(), etag };
  const drawn = await deps.ticketPdfs.render(ticket, () => enforceLimits(deps, [[rateRules.ticketPdfAccount, String(viewerId)]]));
  return { ...pdf, ...drawn };
});
