// The demo world for `npm start` on an empty embedded database: one clinic account with enough
// tickets, quotes, bills and notifications to see every screen filled (API.md §Demo data).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { recordEvent } from './journal.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { renderDemoDocuments, seedDocuments } from './seed-documents.ts';
import { addresses, offices } from './schema/places.ts';
import { billDefectStatements, bills, defectStatements, instruments, tickets } from './schema/tickets.ts';
import { clients } from './schema/accounts.ts';
import { notifications } from './schema/notifications.ts';
import { pointsEntries } from './schema/loyalty.ts';
import { seedCatalogue } from './seed-catalogue.ts';
import { DEMO_COURIER_EMAIL, DEMO_COURIER_PASSWORD, seedCourier } from './seed-courier.ts';
import { DAY_MS } from '#shared/durations.ts';

export const DEMO_EMAIL = 'demo@clinic.test';
export const DEMO_PASSWORD = 'demo-password-2026';
export { DEMO_COURIER_EMAIL, DEMO_COURIER_PASSWORD };

/** Any fixed number: serialises concurrent seeders (two API processes booting at once on one PostgreSQL). */
const SEED_LOCK = 727_001;

type OfficeRow = typeof offices.$inferInsert;
type StatementRow = typeof defectStatements.$inferInsert;

/** One office per region of the spec's region table, plus the two central ones (ids 1 and 2, always offered). */
export const DEMO_OFFICES: OfficeRow[] = [
  {
    id: 1,
    name: 'Головной сервисный центр',
    countryName: 'Россия',
    city: 'Москва',
    address: 'ул. Новослободская, д. 23, офис 412',
    managerPhone: '+7 (495) 120-45-67',
    email: 'moscow@dental-service.test',
    region: 'Центральный',
    latitude: 55.7823,
    longitude: 37.5985,
  },
  {
    id: 2,
    name: 'Приёмный пункт на Павелецкой',
    countryName: 'Россия',
    city: 'Москва',
    address: 'ул. Кожевническая, д. 7, стр. 1',
    managerPhone: '+7 (495) 120-45-68',
    email: 'paveletskaya@dental-service.test',
    region: 'Центральный',
    latitude: 55.7302,
    longitude: 37.6441,
  },
  {
    id: 3,
    name: 'Сервисный центр «Северо-Запад»',
    countryName: 'Россия',
    city: 'Санкт-Петербург',
    address: 'Лиговский пр., д. 50, корп. 12',
    managerPhone: '+7 (812) 300-12-34',
    email: 'spb@dental-service.test',
    region: 'Северо-Западный',
    latitude: 59.9201,
    longitude: 30.3556,
  },
  {
    id: 4,
    name: 'Сервисный центр «Поволжье»',
    countryName: 'Россия',
    city: 'Казань',
    address: 'ул. Петербургская, д. 52',
    managerPhone: '+7 (843) 250-77-10',
    email: 'kazan@dental-service.test',
    region: 'Приволжский',
    latitude: 55.7737,
    longitude: 49.1406,
  },
  {
    id: 5,
    name: 'Приёмный пункт в Нижнем Новгороде',
    countryName: 'Россия',
    city: 'Нижний Новгород',
    address: 'ул. Белинского, д. 32',
    managerPhone: '+7 (831) 410-20-30',
    email: 'nn@dental-service.test',
    region: 'Приволжский',
    latitude: 56.316,
    longitude: 44.0089,
  },
  {
    id: 6,
    name: 'Сервисный центр «Сибирь»',
    countryName: 'Россия',
    city: 'Новосибирск',
    address: 'Красный пр., д. 86',
    managerPhone: '+7 (383) 209-45-45',
    email: 'nsk@dental-service.test',
    region: 'Сибирский',
    latitude: 55.0415,
    longitude: 82.9346,
  },
  {
    id: 7,
    name: 'Сервисный центр «Урал»',
    countryName: 'Россия',
    city: 'Екатеринбург',
    address: 'ул. Малышева, д. 51',
    managerPhone: '+7 (343) 288-16-16',
    email: 'ekb@dental-service.test',
    region: 'Уральский',
    latitude: 56.8349,
    longitude: 60.6124,
  },
  {
    id: 8,
    name: 'Сервисный центр «Алматы»',
    countryName: 'Казахстан',
    city: 'Алматы',
    address: 'пр. Абая, д. 68/74',
    managerPhone: '+7 (727) 355-40-40',
    email: 'almaty@dental-service.test',
    region: 'Казахстан',
    latitude: 43.2405,
    longitude: 76.9164,
  },
  {
    // Offered only for addresses in Crimea or Sevastopol (cabinet.md §9).
    id: 9,
    name: 'Приёмный пункт в Симферополе',
    countryName: 'Россия',
    city: 'Симферополь',
    address: 'ул. Киевская, д. 41',
    managerPhone: '+7 (365) 260-11-22',
    email: 'crimea@dental-service.test',
    region: 'Центральный',
    latitude: 44.9572,
    longitude: 34.1108,
    isShowInCrimea: true,
  },
];

/** True once any client exists: the seed never touches a database that has real data. */
export async function hasClients(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: clients.id }).from(clients).limit(1);
  return rows.length > 0;
}

/** Whether the demo account (or, with `email`, the demo courier) is there: index.ts prints its login only then. */
export async function demoAccountExists(db: Db, email: string = DEMO_EMAIL): Promise<boolean> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(sql`lower(${clients.email}) = ${email}`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Seeds the demo world in one transaction; a no-op (false) if the database has any client.
 * The password hasher is passed in (services/accounts/passwords.ts `hashPassword`) because db/ sits below
 * services/ and must not import it.
 */
export async function seedDemo(
  db: Db,
  store: FileStore,
  now: Date,
  hashPassword: (plain: string) => Promise<string>,
): Promise<boolean> {
  if (await hasClients(db)) return false;
  // Hashing takes a while (scrypt); do it before the transaction so no lock is held meanwhile.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const courierHash = await hashPassword(DEMO_COURIER_PASSWORD);
  const documents = await renderDemoDocuments();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasClients(tx)) return false;
    const clientId = await seedWorld(tx, passwordHash, now);
    await seedDocuments(tx, store, clientId, documents); // downloads and history
    await seedCatalogue(tx);
    await seedAddresses(tx, clientId);
    await seedCourier(tx, { now, clinicId: clientId, clinicHash: passwordHash, courierHash, makeTicket: createTicket });
    return true;
  });
}

async function seedWorld(tx: Tx, passwordHash: string, now: Date): Promise<number> {
  const daysAgo = (days: number, hour = 10) => {
    const date = new Date(now.getTime() - days * DAY_MS);
    date.setUTCHours(hour, 15, 0, 0);
    return date;
  };

  /** Quotes on one ticket, written on one day; returns their ids. */
  const addStatements = (
    ticketId: number,
    createdAt: Date,
    rows: Array<Omit<StatementRow, 'ticketId' | 'createdAt'>>,
  ) =>
    tx
      .insert(defectStatements)
      .values(rows.map((row) => ({ ...row, ticketId, createdAt })))
      .returning({ id: defectStatements.id });

  for (const office of DEMO_OFFICES) {
    await tx.insert(offices).values(office).onConflictDoNothing();
  }

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

  // 1. Diagnosed, waiting for the clinic's decision: three quotes not agreed, one with trade-in.
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
  const pendingDefects = await addStatements(pending.id, daysAgo(3), [
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

  // 2. Finished and closed, paid.
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
  const finishedDefects = await addStatements(finished.id, daysAgo(70), [
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

  // 3. Works agreed, on its way back: a shipping order with a tracking link; bill not paid yet.
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
  const shippingDefects = await addStatements(shipping.id, daysAgo(15), [
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
      ...finishedDefects.map((d) => ({ billId: billRows[0]!.id, defectStatementId: d.id })),
      ...shippingDefects.map((d) => ({ billId: billRows[1]!.id, defectStatementId: d.id })),
    ]);

  await tx.insert(notifications).values([
    {
      clientId,
      description: `По заявке №${pending.id} готова дефектная ведомость: требуется согласование ремонта ${pendingDefects.length} инструментов.`,
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

  await tx.insert(pointsEntries).values([
    { clientId, delta: 1500, reason: 'Приветственные бонусы', createdAt: daysAgo(120, 12) },
    { clientId, delta: 494, reason: `Начисление за ремонт по заявке №${finished.id}`, createdAt: daysAgo(60) },
  ]);
  return clientId;
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
async function createTicket(tx: Tx, clientId: number, seed: TicketSeed): Promise<{ id: number }> {
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

/** The demo clinic's saved addresses (cabinet.md §2 My addresses): where couriers collect. */
async function seedAddresses(tx: Tx, clientId: number): Promise<void> {
  await tx.insert(addresses).values([
    {
      clientId,
      name: 'Клиника на Тверской',
      address: 'Россия, Москва, Тверская улица, 7',
      apartment: 'офис 12',
      latitude: 55.757718,
      longitude: 37.611347,
    },
    {
      clientId,
      name: 'Филиал на Невском',
      address: 'Россия, Санкт-Петербург, Невский проспект, 28',
      apartment: 'кабинет 3',
      latitude: 59.935848,
      longitude: 30.325879,
    },
  ]);
}
