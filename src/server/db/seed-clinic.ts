// The demo clinic of seed.ts: its account, six tickets at every stage with their quotes (API.md §Demo
// data), its bills, notifications and points. Written in this order, so every id is the same each time.
import type { Tx } from './client.ts';
import { recordEvent } from './journal.ts';
import { billDefectStatements, bills, defectStatements, instruments, tickets } from './schema/tickets.ts';
import { clients } from './schema/accounts.ts';
import { notifications } from './schema/notifications.ts';
import { pointsEntries } from './schema/loyalty.ts';
import { DAY_MS } from '#shared/durations.ts';

export const DEMO_EMAIL = 'demo@clinic.test';

type StatementRow = typeof defectStatements.$inferInsert;

/** What each part of the demo clinic writes with: the transaction, the clinic, and its dates counted back from now. */
interface DemoClinic {
  tx: Tx;
  clientId: number;
  now: Date;
  /** `days` before now at `hour`:15 UTC: the demo's history moves with the day it is seeded. */
  daysAgo: (days: number, hour?: number) => Date;
}

/** A ticket the later parts refer to, with its quotes' ids. */
interface QuotedTicket {
  id: number;
  defects: Array<{ id: number }>;
}

/** The demo clinic and all it owns but its documents, saved addresses and courier; returns its id. */
export async function seedClinic(tx: Tx, passwordHash: string, now: Date): Promise<number> {
  const daysAgo = (days: number, hour = 10) => {
    const date = new Date(now.getTime() - days * DAY_MS);
    date.setUTCHours(hour, 15, 0, 0);
    return date;
  };
  const clientId = await insertClinic(tx, passwordHash, now, daysAgo);
  const clinic = { tx, clientId, now, daysAgo };
  const pending = await seedPendingTicket(clinic);
  const finished = await seedFinishedTicket(clinic);
  const shipping = await seedShippingTicket(clinic);
  await seedEarlierTickets(clinic);
  await seedBills(clinic, finished, shipping);
  await seedNotifications(clinic, pending, shipping);
  await seedPoints(clinic, finished);
  return clientId;
}

async function insertClinic(tx: Tx, passwordHash: string, now: Date, daysAgo: DemoClinic['daysAgo']): Promise<number> {
  const [client] = await tx
    .insert(clients)
    .values({
      email: DEMO_EMAIL,
      name: 'Анна',
      surname: 'Смирнова',
      patronymic: 'Викторовна',
      phone: '79161234567',
      company: 'Стоматологическая клиника «Улыбка»',
      city: 'Москва',
      passwordHash,
      emailConfirmedAt: daysAgo(120),
      createdAt: daysAgo(120),
      loyaltyParticipantSince: daysAgo(120),
    })
    .returning({ id: clients.id });
  const clientId = client!.id;
  await recordEvent(tx, {
    type: 'client.registered',
    clientId,
    payload: { client_id: clientId, email: DEMO_EMAIL },
    createdAt: now,
  });
  return clientId;
}

/** Quotes on one ticket, written on one day; returns their ids. */
function addStatements(
  tx: Tx,
  ticketId: number,
  createdAt: Date,
  rows: Array<Omit<StatementRow, 'ticketId' | 'createdAt'>>,
) {
  return tx
    .insert(defectStatements)
    .values(rows.map((row) => ({ ...row, ticketId, createdAt })))
    .returning({ id: defectStatements.id });
}

/** 1. Diagnosed, waiting for the clinic's decision: three quotes not agreed, one with trade-in. */
async function seedPendingTicket({ tx, clientId, now, daysAgo }: DemoClinic): Promise<QuotedTicket> {
  const pending = await createTicket(tx, clientId, {
    status: 5,
    officeId: 1,
    createdAt: daysAgo(6),
    writtenAt: now,
    instruments: [
      {
        serialNumber: 'WH-TA98-1184301',
        type: 1,
        description: 'Турбинный наконечник W&H Synea TA-98, шумит, греется',
        status: 2,
      },
      {
        serialNumber: 'NSK-X25L-220917',
        type: 2,
        description: 'Угловой наконечник NSK Ti-Max X25L, не фиксирует бор',
        status: 2,
      },
      { serialNumber: 'EMS-PV-5530128', type: 3, description: 'Скалер EMS Piezon, нет подачи воды', status: 2 },
    ],
  });
  const defects = await addStatements(tx, pending.id, daysAgo(3), [
    {
      series: 'WH-TA98-1184301',
      type: 1,
      name: 'Турбинный наконечник W&H Synea TA-98',
      defect: 'Износ подшипников ротора, повышенный люфт и шум',
      conclusion: 'Требуется замена роторной группы и уплотнений',
      sum: '12500.00',
      status: 1,
      id1c: 'ДВ-000311',
    },
    {
      series: 'NSK-X25L-220917',
      type: 2,
      name: 'Угловой наконечник NSK Ti-Max X25L',
      defect: 'Износ цангового механизма, бор не фиксируется',
      conclusion: 'Замена цанги и промежуточной шестерни',
      sum: '8700.00',
      status: 1,
      id1c: 'ДВ-000312',
    },
    {
      series: 'EMS-PV-5530128',
      type: 3,
      name: 'Скалер EMS Piezon',
      defect: 'Трещина корпуса рукоятки, засор водяного канала',
      conclusion: 'Ремонт экономически нецелесообразен, доступен обмен на новый инструмент',
      sum: '23400.00',
      status: 1,
      tradeIsEnabled: true,
      id1c: 'ДВ-000313',
    },
  ]);
  return { id: pending.id, defects };
}

/** 2. Finished and closed, paid. */
async function seedFinishedTicket({ tx, clientId, now, daysAgo }: DemoClinic): Promise<QuotedTicket> {
  const finished = await createTicket(tx, clientId, {
    status: 7,
    officeId: 1,
    finished: true,
    createdAt: daysAgo(75),
    writtenAt: now,
    instruments: [
      { serialNumber: 'KV-GT-MK-551230', type: 1, description: 'Турбина KaVo GENTLEsilence, не вращается', status: 7 },
      { serialNumber: 'KV-EM-19-802341', type: 4, description: 'Микромотор KaVo INTRAmatic, перегрев', status: 7 },
    ],
  });
  const defects = await addStatements(tx, finished.id, daysAgo(70), [
    {
      series: 'KV-GT-MK-551230',
      type: 1,
      name: 'Турбина KaVo GENTLEsilence 8000B',
      defect: 'Разрушение подшипников, заклинивание ротора',
      conclusion: 'Замена роторной группы выполнена, инструмент проверен',
      sum: '14900.00',
      status: 3,
      agreed: 1,
      id1c: 'ДВ-000198',
      departure: 'https://www.cdek.ru/ru/tracking?order_id=1498032771',
    },
    {
      series: 'KV-EM-19-802341',
      type: 4,
      name: 'Врачебный микромотор KaVo INTRAmatic LUX 3',
      defect: 'Износ щёточного узла, перегрев при работе',
      conclusion: 'Заменён щёточный узел, произведена профилактика',
      sum: '9800.00',
      status: 3,
      agreed: 1,
      id1c: 'ДВ-000199',
      departure: 'https://www.cdek.ru/ru/tracking?order_id=1498032771',
    },
  ]);
  return { id: finished.id, defects };
}

/** 3. Works agreed, on its way back: a shipping order with a tracking link; its bill not paid yet. */
async function seedShippingTicket({ tx, clientId, now, daysAgo }: DemoClinic): Promise<QuotedTicket> {
  const shipping = await createTicket(tx, clientId, {
    status: 6,
    officeId: 3,
    trackingLink: 'https://www.cdek.ru/ru/tracking?order_id=1572204408',
    providerOrderId: '1572204408',
    createdAt: daysAgo(21),
    writtenAt: now,
    instruments: [
      { serialNumber: 'SR-MAX-300512', type: 6, description: 'Хирургический мотор Sirona, ошибка E3', status: 3 },
    ],
  });
  const defects = await addStatements(tx, shipping.id, daysAgo(15), [
    {
      series: 'SR-MAX-300512',
      type: 6,
      name: 'Хирургический мотор Dentsply Sirona ImplantMED',
      defect: 'Неисправность платы управления (ошибка E3)',
      conclusion: 'Замена платы управления',
      sum: '31200.00',
      status: 2,
      agreed: 1,
      id1c: 'ДВ-000267',
    },
  ]);
  return { id: shipping.id, defects };
}

/** 4–6. Just filed, approved by the service, cancelled: no quotes yet. */
async function seedEarlierTickets({ tx, clientId, now, daysAgo }: DemoClinic): Promise<void> {
  // 4–6. Earlier stages: just filed, approved by the service, cancelled.
  await createTicket(tx, clientId, {
    status: 1,
    officeId: 2,
    createdAt: daysAgo(1, 9),
    writtenAt: now,
    instruments: [
      { serialNumber: 'BL-ART-77120', type: 8, description: 'Артикулятор, люфт в шарнире', status: 1 },
      {
        serialNumber: 'WP-LED-B-0019',
        type: 12,
        description: 'Фотополимерная лампа Woodpecker, не включается',
        status: 1,
      },
    ],
  });
  await createTicket(tx, clientId, {
    status: 2,
    officeId: 4,
    createdAt: daysAgo(2),
    writtenAt: now,
    instruments: [
      {
        serialNumber: 'NSK-UL-4412098',
        type: 5,
        description: 'Зуботехнический мотор NSK Ultimate XL, вибрация',
        status: 1,
      },
    ],
  });
  await createTicket(tx, clientId, {
    status: 3,
    officeId: 1,
    createdAt: daysAgo(40),
    writtenAt: now,
    instruments: [
      { serialNumber: 'AC-DGC-901', type: 7, description: 'Diagnocam, не передаёт изображение', status: 4 },
    ],
  });
}

async function seedBills(
  { tx, clientId, daysAgo }: DemoClinic,
  finished: QuotedTicket,
  shipping: QuotedTicket,
): Promise<void> {
  // Bills: paid (closed ticket), unpaid (agreed works), no data yet.
  const billRows = await tx
    .insert(bills)
    .values([
      {
        clientId,
        id1c: 'СЧ-000198',
        date: isoDate(daysAgo(68)),
        amountDocument: '24700.00',
        status: 'Оплачен',
        createdAt: daysAgo(68),
      },
      {
        clientId,
        id1c: 'СЧ-000267',
        date: isoDate(daysAgo(14)),
        amountDocument: '31200.00',
        status: 'Не оплачен',
        createdAt: daysAgo(14),
      },
      {
        clientId,
        id1c: 'СЧ-000274',
        date: isoDate(daysAgo(4)),
        amountDocument: '4500.00',
        status: null,
        createdAt: daysAgo(4),
      },
    ])
    .returning({ id: bills.id });
  await tx
    .insert(billDefectStatements)
    .values([
      ...finished.defects.map((d) => ({ billId: billRows[0]!.id, defectStatementId: d.id })),
      ...shipping.defects.map((d) => ({ billId: billRows[1]!.id, defectStatementId: d.id })),
    ]);
}

async function seedNotifications(
  { tx, clientId, daysAgo }: DemoClinic,
  pending: QuotedTicket,
  shipping: QuotedTicket,
): Promise<void> {
  await tx.insert(notifications).values([
    {
      clientId,
      description: `По заявке №${pending.id} готова дефектная ведомость: требуется согласование ремонта ${pending.defects.length} инструментов.`,
      ticketId: pending.id,
      createdAt: daysAgo(3, 14),
    },
    {
      clientId,
      description: `Заявка №${shipping.id} отправлена вам транспортной компанией СДЭК, трек-номер 1572204408.`,
      ticketId: shipping.id,
      createdAt: daysAgo(5, 16),
    },
    {
      clientId,
      description: `Счёт №СЧ-000267 на сумму 31\u00A0200,00\u00A0₽ выставлен по заявке №${shipping.id}.`,
      ticketId: shipping.id,
      isViewed: true,
      createdAt: daysAgo(14, 11),
    },
    {
      clientId,
      description: 'Вам начислено 1\u00A0500 приветственных бонусов. Спасибо, что выбрали наш сервис!',
      isViewed: true,
      createdAt: daysAgo(120, 12),
    },
  ]);
}

async function seedPoints({ tx, clientId, daysAgo }: DemoClinic, finished: QuotedTicket): Promise<void> {
  await tx.insert(pointsEntries).values([
    { clientId, delta: 1500, reason: 'Приветственные бонусы', createdAt: daysAgo(120, 12) },
    { clientId, delta: 494, reason: `Начисление за ремонт по заявке №${finished.id}`, createdAt: daysAgo(60) },
  ]);
}

interface TicketSeed {
  status: number;
  officeId: number;
  finished?: boolean;
  trackingLink?: string;
  providerOrderId?: string;
  createdAt: Date;
  writtenAt: Date;
  instruments: Array<{ serialNumber: string; type: number; description: string; status: number }>;
}

/** A ticket with its instruments and its `ticket.created` event, like the integration API makes one. */
export async function createTicket(tx: Tx, clientId: number, seed: TicketSeed): Promise<{ id: number }> {
  const [ticket] = await tx
    .insert(tickets)
    .values({
      clientId,
      authorId: clientId,
      status: seed.status,
      officeId: seed.officeId,
      finished: seed.finished ?? false,
      trackingLink: seed.trackingLink ?? null,
      providerOrderId: seed.providerOrderId ?? null,
      createdAt: seed.createdAt,
    })
    .returning({ id: tickets.id });
  const ticketId = ticket!.id;
  const instrumentRows = await tx
    .insert(instruments)
    .values(seed.instruments.map((instrument) => ({ ...instrument, ticketId })))
    .returning({ id: instruments.id });
  await recordEvent(tx, {
    type: 'ticket.created',
    clientId,
    ticketId,
    payload: { ticket_id: ticketId, status: seed.status, instrument_ids: instrumentRows.map((row) => row.id) },
    // Events are the feed of what was written and when: the seed writes now, whatever the ticket's date.
    createdAt: seed.writtenAt,
  });
  return { id: ticketId };
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
