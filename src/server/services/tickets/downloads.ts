import type { Reader } from '#server/db/client.ts';
import {
  canSeeFile,
  notFound,
  requireVisibleBill,
  requireVisibleWaybillTicket,
  type Viewer,
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
export async function fileForViewer(db: Reader, viewer: Viewer, fileId: number): Promise<StoredFile> {
  if (!(await canSeeFile(db, viewer, fileId))) throw notFound();
  return existing(db, fileId);
}

/** The courier waybill of the viewer's ticket with this shipping order. */
export async function waybillForViewer(db: Reader, viewer: Viewer, providerOrderId: string): Promise<StoredFile> {
  const ticket = await requireVisibleWaybillTicket(db, viewer, providerOrderId);
  return existing(db, ticket.waybillFileId);
}

export async function billDocumentForViewer(db: Reader, viewer: Viewer, billId: number): Promise<StoredFile> {
  const bill = await requireVisibleBill(db, viewer, billId);
  return existing(db, bill.documentFileId);
}

/** The ticket PDF, rendered from the same data the ticket page shows. */
