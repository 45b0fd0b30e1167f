// The demo world's downloads and history (seed.ts calls this after the tickets exist): statement
// PDFs and photos on the ticket waiting for approval, bill documents, the courier waybill of the
// ticket being shipped, and a history for every demo ticket, so every screen has something to open.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { renderDocumentPdf } from '#server/pdf/document-pdf.ts';
import type { Tx } from './client.ts';
import { demoPng } from '../lib/png.ts';
import { recordHistory } from './journal.ts';
import { bills, defectStatements, tickets } from './schema/tickets.ts';
import { clients } from './schema/accounts.ts';
import { repairRequests } from './schema/repair-requests.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { saveFile } from '#server/storage/save-file.ts';
import { DAY_MS } from '#shared/durations.ts';

interface DemoFile {
  name: string;
  mime: string;
  bytes: Uint8Array;
}

export interface DemoDocuments {
  statements: Map<string, DemoFile>;
  photos: DemoFile[];
  bills: Map<string, DemoFile>;
  waybill: DemoFile;
}

export const DEMO_PROVIDER_ORDER_ID = '1572204408';

/** Rendered before the seed's transaction, so no lock is held while PDFs are drawn. */
export async function renderDemoDocuments(): Promise<DemoDocuments> {
  const pdf = async (name: string, title: string, lines: string[]): Promise<DemoFile> => ({
    name,
    mime: 'application/pdf',
    bytes: await renderDocumentPdf(title, lines),
  });
  const statements = new Map<string, DemoFile>();
  for (const [id1c, text] of [
    ['ДВ-000311', 'Износ подшипников ротора, повышенный люфт и шум. Требуется замена роторной группы.'],
    ['ДВ-000312', 'Износ цангового механизма. Замена цанги и промежуточной шестерни.'],
    ['ДВ-000313', 'Трещина корпуса рукоятки. Ремонт нецелесообразен, доступен обмен.'],
  ] as const) {
    statements.set(id1c, await pdf(`Дефектная ведомость ${id1c}.pdf`, `Дефектная ведомость ${id1c}`, [text]));
  }
  const billFiles = new Map<string, DemoFile>();
  for (const [id1c, amount] of [
    ['СЧ-000198', '24 700,00 ₽'],
    ['СЧ-000267', '31 200,00 ₽'],
  ] as const) {
    billFiles.set(
      id1c,
      await pdf(`Счёт ${id1c}.pdf`, `Счёт на оплату № ${id1c}`, [
        `Сумма к оплате: ${amount}`,
        'Оплатите по QR-коду или реквизитам кнопки «Оплатить» на странице «Счета» портала.',
      ]),
    );
  }
  return {
    statements,
    photos: [
      { name: 'Фото ротора.png', mime: 'image/png', bytes: demoPng(64, [120, 150, 190]) },
      { name: 'Фото цанги.png', mime: 'image/png', bytes: demoPng(64, [190, 150, 110]) },
    ],
    bills: billFiles,
    waybill: await pdf(`Накладная ${DEMO_PROVIDER_ORDER_ID}.pdf`, `Накладная СДЭК № ${DEMO_PROVIDER_ORDER_ID}`, [
      'Отправитель: сервисный центр «Северо-Запад»',
      'Получатель: стоматологическая клиника «Улыбка»',
    ]),
  };
}

const HISTORY_BY_STATUS: Record<number, string[]> = {
  1: ['Заявка №{id} создана и ожидает одобрения'],
  2: ['Заявка №{id} создана', 'Заявка №{id} одобрена, ожидаем инструменты'],
  3: ['Заявка №{id} создана', 'Заявка №{id} отменена по просьбе клиента'],
  5: [
    'Заявка №{id} создана',
    'Инструменты по заявке №{id} получены',
    'По заявке №{id} готовы дефектные ведомости: требуется согласование',
  ],
  6: [
    'Заявка №{id} создана',
    'Работы по заявке №{id} согласованы',
    `Заявка №{id} отправлена СДЭК, трек-номер ${DEMO_PROVIDER_ORDER_ID}`,
  ],
  7: [
    'Заявка №{id} создана',
    'Работы по заявке №{id} выполнены',
    'Заявка №{id} закрыта, вопросы: service@dental-service.test',
  ],
};

/** Attaches the documents to the demo client's records and writes each ticket's history. */
export async function seedDocuments(
  tx: Tx,
  fileStore: FileStore,
  clientId: number,
  documents: DemoDocuments,
): Promise<void> {
  const store = (tx: Tx, file: DemoFile) => saveFile(fileStore, tx, file);
  const statementRows = await tx
    .select({ id: defectStatements.id, id1c: defectStatements.id1c })
    .from(defectStatements)
    .innerJoin(tickets, eq(tickets.id, defectStatements.ticketId))
    .where(and(eq(tickets.clientId, clientId), inArray(defectStatements.id1c, [...documents.statements.keys()])));
  const photoIds = [];
  for (const photo of documents.photos) photoIds.push(await store(tx, photo));
  for (const row of statementRows) {
    const file = documents.statements.get(row.id1c ?? '');
    if (!file) continue;
    // The first two quotes get a photo each, the rotor one both.
    const photos = row.id1c === 'ДВ-000311' ? photoIds : row.id1c === 'ДВ-000312' ? photoIds.slice(1) : [];
    await tx
      .update(defectStatements)
      .set({ documentFileId: await store(tx, file), photoFileIds: photos })
      .where(eq(defectStatements.id, row.id));
  }

  await seedRequest(tx, clientId, photoIds);

  for (const [id1c, file] of documents.bills) {
    await tx
      .update(bills)
      .set({ documentFileId: await store(tx, file) })
      .where(and(eq(bills.clientId, clientId), eq(bills.id1c, id1c)));
  }

  await tx
    .update(tickets)
    .set({ waybillFileId: await store(tx, documents.waybill) })
    .where(and(eq(tickets.clientId, clientId), eq(tickets.providerOrderId, DEMO_PROVIDER_ORDER_ID)));

  const ticketRows = await tx
    .select({ id: tickets.id, status: tickets.status, createdAt: tickets.createdAt })
    .from(tickets)
    .where(eq(tickets.clientId, clientId))
    .orderBy(asc(tickets.id));
  for (const ticket of ticketRows) {
    const steps = HISTORY_BY_STATUS[ticket.status] ?? ['Заявка №{id} создана'];
    for (const [index, step] of steps.entries()) {
      await recordHistory(tx, {
        clientId,
        ticketId: ticket.id,
        description: step.replaceAll('{id}', String(ticket.id)),
        subjectType: 'Ticket',
        subjectId: ticket.id,
        // Six hours apart from filing: every demo ticket is at least a day old, so none is in the future.
        createdAt: new Date(ticket.createdAt.getTime() + index * DAY_MS * 0.25),
      });
    }
  }
}

/**
 * The ticket waiting for approval was sent from the portal: its page and PDF show the request card
 * (where and when the courier fetched the instruments, whom to call, the photos sent), stored as
 * services/repair-requests/repair-requests.ts stores one.
 */

async function seedRequest(tx: Tx, clientId: number, photoIds: number[]): Promise<void> {
  const [waiting] = await tx
    .select({ id: tickets.id, createdAt: tickets.createdAt })
    .from(tickets)
    .innerJoin(defectStatements, eq(defectStatements.ticketId, tickets.id))
    .where(and(eq(tickets.clientId, clientId), eq(defectStatements.id1c, 'ДВ-000311')))
    .limit(1);
  const [client] = await tx.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!waiting || !client) return;
  // The next working day after the request, as the pickup rule offers (no weekends).
  const pickupDay = new Date(waiting.createdAt.getTime() + DAY_MS);
  while (pickupDay.getUTCDay() === 0 || pickupDay.getUTCDay() === 6) pickupDay.setTime(pickupDay.getTime() + DAY_MS);
  await tx.insert(repairRequests).values({
    ticketId: waiting.id,
    contact: { name: client.name, surname: client.surname, phone: client.phone, email: client.email },
    address: {
      company: client.company,
      address: 'Россия, Москва, Тверская улица, 7',
      country: 'Россия',
      zip: '125009',
      room: 'офис 12',
      message: 'Вход со двора',
      coordinates: '55.757718,37.611347',
      checked: true,
    },
    pickupDate: pickupDay.toISOString().slice(0, 10),
    fileIds: photoIds,
    createdAt: waiting.createdAt,
  });
}
