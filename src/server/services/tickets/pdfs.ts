import { createHash } from 'node:crypto';
import type { Ticket } from '#shared/api/tickets.ts';
import type { TicketPdfRenderer, TicketPdfs } from '#server/context.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { createGate, GateFull } from '#server/lib/gate.ts';

// Ticket PDFs (scripts/bench/attack.mjs): 50 parallel requests once held /healthz for 10 s. Now a PDF is
// drawn off the event loop (the renderer), one at a time with a short queue, and drawn once per
// content: the ETag is a hash of everything printed, so a changed ticket gets a new one and an
// unchanged one is answered from memory (or with a 304).

/** Bumped when the layout changes, so cached copies and browsers' ETags of the old layout go. */
const LAYOUT_VERSION = 1;
export const PDF_BUSY_MESSAGE = 'Сейчас формируется много документов. Попробуйте через минуту.';
const BUSY_RETRY_AFTER_SECONDS = 10;

export interface TicketPdfOptions {
  concurrency?: number;
  maxQueued?: number;
  /** PDFs kept in memory (a typical one is 20–60 KB). */
  cacheEntries?: number;
}

export function createTicketPdfs(
  renderer: TicketPdfRenderer,
  { concurrency = 1, maxQueued = 16, cacheEntries = 64 }: TicketPdfOptions = {},
): TicketPdfs {
  const gate = createGate({ concurrency, maxQueued });
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const cache = new Map<string, Promise<Buffer>>();

  const etagOf = (ticket: Ticket): string =>
    createHash('sha256')
      .update(`${LAYOUT_VERSION}\n${JSON.stringify(ticket)}`)
      .digest('base64url')
      .slice(0, 32);

  const draw = async (ticket: Ticket): Promise<Buffer> => {
    try {
      return await gate.run(() => renderer.render(ticket));
    } catch (error) {
      if (error instanceof GateFull) {
        throw new ApiFailure(
          503,
          { success: false, message: PDF_BUSY_MESSAGE },
          { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
        );
      }
      throw error;
    }
  };

  return {
    etagOf,
    async render(ticket, beforeDrawing) {
      const etag = etagOf(ticket);
      let pdf = cache.get(etag);
      if (pdf) cache.delete(etag);
      else {
        await beforeDrawing?.();
        // Requests for the same content while it is drawn share the one drawing.
        pdf = cache.get(etag) ?? draw(ticket);
        pdf.catch(() => cache.delete(etag));
      }
      cache.set(etag, pdf);
      while (cache.size > cacheEntries) cache.delete(cache.keys().next().value!);
      return { etag, data: await pdf };
    },
    close: () => renderer.close(),
  };
}
