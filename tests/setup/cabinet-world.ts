// Cabinet fixtures for server tests: tickets, statements, files, bills and history written straight
// into the database (fast, and independent of the integration API), plus one complete clinic world
// in which every resource endpoint has something to serve.
import { addresses, offices } from '../../src/server/db/schema/places.ts';
import {
  billDefectStatements,
  bills,
  defectStatements,
  historyEntries,
  instruments,
  tickets,
} from '../../src/server/db/schema/tickets.ts';
import { saveFile } from '../../src/server/storage/save-file.ts';
import { insertAccount, uniqueEmail } from './accounts.ts';
import type { TestApp } from './test-app.ts';

export interface TicketOptions {
  createdAt?: Date;
  status?: number;
  authorId?: number | null;
  finished?: boolean;
  officeId?: number | null;
  providerOrderId?: string | null;
  trackingLink?: string | null;
  waybillFileId?: number | null;
}

export async function insertTicket(t: TestApp, clientId: number, options: TicketOptions = {}): Promise<number> {
  const [row] = await t.db
    .insert(tickets)
    .values({
      clientId,
      authorId: options.authorId === undefined ? clientId : options.authorId,
      status: options.status ?? 1,
      finished: options.finished ?? false,
      officeId: options.officeId ?? null,
      providerOrderId: options.providerOrderId ?? null,
      trackingLink: options.trackingLink ?? null,
      waybillFileId: options.waybillFileId ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: tickets.id });
  return row!.id;
}

export interface StatementOptions {
  series?: string;
  sum?: string;
  agreed?: number;
  tradeIsEnabled?: boolean;
  version?: number;
  conclusion?: string | null;
  status?: number;
  name?: string;
  defect?: string;
  id1c?: string | null;
  documentFileId?: number | null;
  photoFileIds?: number[];
  createdAt?: Date;
}

export async function insertStatement(t: TestApp, ticketId: number, options: StatementOptions = {}): Promise<number> {
  const [row] = await t.db
    .insert(defectStatements)
    .values({
      ticketId,
      series: options.series ?? 'SN-0001',
      type: 1,
      name: options.name ?? 'Турбинный наконечник',
      defect: options.defect ?? 'Износ подшипников',
      conclusion: options.conclusion === undefined ? 'Замена роторной группы' : options.conclusion,
      sum: options.sum ?? '1000.00',
      status: options.status ?? 1,
      agreed: options.agreed ?? 0,
      tradeIsEnabled: options.tradeIsEnabled ?? false,
      version: options.version ?? 1,
      id1c: options.id1c ?? null,
      documentFileId: options.documentFileId ?? null,
      photoFileIds: options.photoFileIds ?? [],
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: defectStatements.id });
  return row!.id;
}

export async function insertInstrument(t: TestApp, ticketId: number, serialNumber = 'SN-0001'): Promise<number> {
  const [row] = await t.db
    .insert(instruments)
    .values({ ticketId, serialNumber, type: 1, description: 'Шумит', status: 1 })
    .returning({ id: instruments.id });
  return row!.id;
}

export function insertFile(t: TestApp, name: string, mime: string, content: string | Uint8Array): Promise<number> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return saveFile(t.deps.files, t.db, { name, mime, bytes });
}

export async function insertBill(
  t: TestApp,
  clientId: number,
  options: {
    id1c?: string;
    amount?: string;
    status?: string | null;
    documentFileId?: number | null;
    statementIds?: number[];
  } = {},
): Promise<number> {
  const [row] = await t.db
    .insert(bills)
    .values({
      clientId,
      id1c: options.id1c ?? 'СЧ-1',
      date: '2026-03-01',
      amountDocument: options.amount ?? '1000.00',
      status: options.status === undefined ? 'Не оплачен' : options.status,
      documentFileId: options.documentFileId ?? null,
    })
    .returning({ id: bills.id });
  const billId = row!.id;
  if (options.statementIds?.length) {
    await t.db
      .insert(billDefectStatements)
      .values(options.statementIds.map((defectStatementId) => ({ billId, defectStatementId })));
  }
  return billId;
}

export async function insertHistory(
  t: TestApp,
  clientId: number,
  ticketId: number,
  description: string,
  createdAt?: Date,
): Promise<void> {
  await t.db.insert(historyEntries).values({
    clientId,
    ticketId,
    description,
    subjectType: 'Ticket',
    subjectId: ticketId,
    ...(createdAt ? { createdAt } : {}),
  });
}

export async function insertOffice(t: TestApp, id: number): Promise<void> {
  await t.db
    .insert(offices)
    .values({
      id,
      name: `Сервисный центр ${id}`,
      countryName: 'Россия',
      city: 'Казань',
      address: 'ул. Петербургская, д. 52',
      managerPhone: '+7 (843) 250-77-10',
      email: `office${id}@dental-service.test`,
      region: 'Приволжский',
      latitude: 55.77,
      longitude: 49.14,
    })
    .onConflictDoNothing();
}

/** A minimal valid PDF (one empty page), for stored documents. */
export function tinyPdf(marker: string): string {
  return `%PDF-1.4\n% ${marker}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
}

export interface ClinicWorld {
  clientId: number;
  email: string;
  password: string;
  ticketId: number;
  statementIds: number[];
  instrumentId: number;
  fileIds: { document: number; photo: number; waybill: number; bill: number };
  billId: number;
  providerOrderId: string;
  /** A saved address (cabinet.md §2 My addresses). */
  addressId: number;
  /** Strings that only this clinic's data contains: none may show up in another clinic's answers. */
  markers: string[];
}

/** A clinic with one ticket carrying everything: statements with a document and a photo, a waybill, a bill, history. */
export async function createClinicWorld(t: TestApp, label: string): Promise<ClinicWorld> {
  const account = await insertAccount(t, { email: uniqueEmail(label) });
  await insertOffice(t, 4);
  const secret = `${label}-secret-${account.id}`;
  const providerOrderId = `PO-${label}-${account.id}`;
  const document = await insertFile(t, `Ведомость ${secret}.pdf`, 'application/pdf', tinyPdf(secret));
  const photo = await insertFile(t, `Фото ${secret}.png`, 'image/png', `png ${secret}`);
  const waybill = await insertFile(t, `Накладная ${secret}.pdf`, 'application/pdf', tinyPdf(`waybill ${secret}`));
  const billFile = await insertFile(t, `Счёт ${secret}.pdf`, 'application/pdf', tinyPdf(`bill ${secret}`));
  const ticketId = await insertTicket(t, account.id, {
    status: 5,
    officeId: 4,
    providerOrderId,
    trackingLink: `https://tracking.test/${providerOrderId}`,
    waybillFileId: waybill,
  });
  const instrumentId = await insertInstrument(t, ticketId, `SN-${secret}`);
  const statementIds = [
    await insertStatement(t, ticketId, {
      sum: '1234.56',
      name: `Наконечник ${secret}`,
      defect: `Дефект ${secret}`,
      id1c: `ДВ-${secret}`,
      documentFileId: document,
      photoFileIds: [photo],
    }),
    await insertStatement(t, ticketId, { sum: '0.44', agreed: 1, id1c: `ДВ2-${secret}` }),
  ];
  const billId = await insertBill(t, account.id, { id1c: `СЧ-${secret}`, documentFileId: billFile, statementIds });
  await insertHistory(t, account.id, ticketId, `Заявка создана ${secret}`);
  return {
    clientId: account.id,
    email: account.email,
    password: account.password,
    ticketId,
    statementIds,
    instrumentId,
    fileIds: { document, photo, waybill, bill: billFile },
    billId,
    providerOrderId,
    addressId: await insertAddress(t, account.id, secret),
    markers: [secret, account.email, providerOrderId],
  };
}

/** A saved address whose name and text carry the clinic's secret. */
async function insertAddress(t: TestApp, clientId: number, secret: string): Promise<number> {
  const [row] = await t.db
    .insert(addresses)
    .values({
      clientId,
      name: `Склад ${secret}`,
      address: `Россия, Москва, улица ${secret}, 1`,
      apartment: '1',
      latitude: 55.75,
      longitude: 37.61,
    })
    .returning({ id: addresses.id });
  return row!.id;
}
