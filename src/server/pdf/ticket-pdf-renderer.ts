import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Ticket } from '#shared/api/tickets.ts';
import type { TicketPdfRenderer } from '#server/context.ts';
import { renderTicketPdf } from './ticket-pdf.ts';

// Where ticket PDFs are drawn. In the server: one worker thread (ticket-pdf-worker.ts), so a burst
// of PDFs costs one core at most and never the event loop. The built server bundles the worker
// beside index.js (scripts/build-server.mjs); from the sources (tsx) it is the .ts file next to this.

const WORKER_FILE = import.meta.url.endsWith('.ts') ? './ticket-pdf-worker.ts' : './ticket-pdf-worker.js';

export function workerThreadRenderer(): TicketPdfRenderer {
  let pool: Piscina | undefined;
  return {
    async render(ticket) {
      // Started on first use: most runs of the server never print a ticket.
      pool ??= new Piscina({
        filename: fileURLToPath(new URL(WORKER_FILE, import.meta.url)),
        maxThreads: 1,
        minThreads: 0,
        idleTimeout: 60_000,
      });
      return Buffer.from((await pool.run(ticket)) as Uint8Array);
    },
    async close() {
      await pool?.destroy();
    },
  };
}

/** On the calling thread: for tests, which load TypeScript that a worker thread could not. */
export function sameThreadRenderer(): TicketPdfRenderer {
  return { render: (ticket: Ticket) => renderTicketPdf(ticket), close: async () => {} };
}
