// The worker thread's side of the ticket PDF pool (ticket-pdf-renderer.ts): pdfkit is synchronous
// CPU work, so it runs here and the event loop keeps answering everyone else.
import type { Ticket } from '#shared/api/tickets.ts';
import { renderTicketPdf } from './ticket-pdf.ts';

export default async function render(ticket: Ticket): Promise<Uint8Array> {
  return renderTicketPdf(ticket);
}
