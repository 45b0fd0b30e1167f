import type { Reader } from '#server/db/client.ts';
import {
  canSeeFile,
  notFound,
  requireVisibleBill,
  requireVisibleWaybillTicket,
} from '#server/services/access/access.ts';
import { loadFile, type StoredFile } from '#server/services/files/files.ts';

// What the browser may download (downloadPaths in #shared/api/tickets.ts). Each one asks access.ts
// first; a file that is not the viewer's, or not there, is the same 404.

async function existing(db: Reader, fileId: number | null): Promise<StoredFile> {
  const file = fileId === null ? null : await loadFile(db, fileId);
  if (!file) throw notFound();
  return file;
}

/** A statement's document or photo, a bill's document, a waybill or a catalogue picture. */
export async function fileForViewer(db: Reader, viewerId: number, fileId: number): Promise<StoredFile> {
  if (!(await canSeeFile(db, viewerId, fileId))) throw notFound();
  return existing(db, fileId);
}

/** The courier waybill of the viewer's ticket with this shipping order. */
export async function waybillForViewer(db: Reader, viewerId: number, providerOrderId: string): Promise<StoredFile> {
  const ticket = await requireVisibleWaybillTicket(db, viewerId, providerOrderId);
  return existing(db, ticket.waybillFileId);
}

export async function billDocumentForViewer(db: Reader, viewerId: number, billId: number): Promise<StoredFile> {
  const bill = await requireVisibleBill(db, viewerId, billId);
  return existing(db, bill.documentFileId);
}

/** The ticket PDF, rendered from the same data the ticket page shows. */
