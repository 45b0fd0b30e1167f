// The demo courier's day (API.md §Demo data, fourth wave): a courier account and today's route in
// Moscow — pickups at three clinics and a return, the first two done — plus tomorrow's first stop,
// so the courier's screens are filled at once. Two more clinics are made for it; they have no
// printed login (the demo clinic's password) and nothing but their ticket.
import { and, asc, eq } from 'drizzle-orm';
import { courierDoneText } from '#shared/format/courier-visit.ts';
import { formatServerTimestamp, serverDate } from '#shared/format/server-timestamp.ts';
import { MINUTE_MS } from '#shared/durations.ts';
import type { Tx } from './client.ts';
import { recordEvent, recordHistory } from './journal.ts';
import { finishStop } from './stop-finish.ts';
import { clients } from './schema/accounts.ts';
import { stops, type StopAddress } from './schema/couriers.ts';
import { instruments, tickets } from './schema/tickets.ts';

export const DEMO_COURIER_EMAIL = 'courier@service.test';
export const DEMO_COURIER_PASSWORD = 'courier-password-2026';

interface NewTicket {
  status: number;
  officeId: number;
  createdAt: Date;
  writtenAt: Date;
  instruments: Array<{ serialNumber: string; type: number; description: string; status: number }>;
}

/** seed.ts's ticket writer (its `ticket.created` included), passed in rather than imported back. */
type MakeTicket = (tx: Tx, clientId: number, seed: NewTicket) => Promise<{ id: number }>;

interface CourierSeed {
  now: Date;
  clinicId: number;
  /** The demo clinic's password hash, for the two clinics made here. */
  clinicHash: string;
  courierHash: string;
  makeTicket: MakeTicket;
}

async function addClinic(tx: Tx, seed: CourierSeed, email: string, company: string, name: string) {
  const [row] = await tx
    .insert(clients)
    .values({
      email,
      name,
      surname: 'Иванова',
      phone: '79160000000',
      company,
      city: 'Москва',
      passwordHash: seed.clinicHash,
      emailConfirmedAt: seed.now,
      createdAt: seed.now,
      loyaltyParticipantSince: seed.now,
    })
    .returning({ id: clients.id });
  await recordEvent(tx, {
    type: 'client.registered',
    clientId: row!.id,
    payload: { client_id: row!.id, email },
    createdAt: seed.now,
  });
  return row!.id;
}

async function newTicket(tx: Tx, seed: CourierSeed, clientId: number, items: NewTicket['instruments']) {
  const ticket = await seed.makeTicket(tx, clientId, {
    status: 1,
    officeId: 1,
    createdAt: new Date(seed.now.getTime() - 26 * 60 * MINUTE_MS),
    writtenAt: seed.now,
    instruments: items,
  });
  await recordHistory(tx, {
    clientId,
    ticketId: ticket.id,
    description: `Создана заявка №${ticket.id}`,
    subjectType: 'Ticket',
    subjectId: ticket.id,
    createdAt: new Date(seed.now.getTime() - 26 * 60 * MINUTE_MS),
  });
  return ticket.id;
}

/** The demo clinic's ticket at `status`, the newest one. */
async function demoTicket(tx: Tx, clinicId: number, status: number): Promise<number> {
  const [row] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.clientId, clinicId), eq(tickets.status, status)))
    .orderBy(asc(tickets.id))
    .limit(1);
  if (!row) throw new Error(`the demo clinic has no ticket at status ${status}`);
  return row.id;
}

const place = (address: string, room: string, comment: string, coordinates: string): StopAddress => ({
  address,
  room,
  comment,
  coordinates,
});

export async function seedCourier(tx: Tx, seed: CourierSeed): Promise<void> {
  const { now } = seed;
  const [courier] = await tx
    .insert(clients)
    .values({
      email: DEMO_COURIER_EMAIL,
      name: 'Дмитрий',
      surname: 'Соколов',
      phone: '+7 (916) 555-12-34',
      passwordHash: seed.courierHash,
      emailConfirmedAt: now,
      createdAt: now,
      kind: 'courier',
    })
    .returning({ id: clients.id });
  const courierId = courier!.id;
  await recordEvent(tx, {
    type: 'courier.created',
    clientId: null,
    payload: { courier_id: courierId, email: DEMO_COURIER_EMAIL },
    createdAt: now,
  });

  const dental = await addClinic(tx, seed, 'dental-art@clinic.test', 'Клиника «Дентал Арт»', 'Марина');
  const fang = await addClinic(tx, seed, 'belyj-klyk@clinic.test', 'Стоматология «Белый клык»', 'Елена');
  const dentalTicket = await newTicket(tx, seed, dental, [
    { serialNumber: 'KV-EX-2031877', type: 1, description: 'Турбина KaVo EXPERTtorque, заедает кнопка', status: 1 },
    { serialNumber: 'KV-IN-0047712', type: 2, description: 'Угловой наконечник KaVo INTRAmatic, люфт', status: 1 },
  ]);
  const fangTicket = await newTicket(tx, seed, fang, [
    { serialNumber: 'EMS-PM-5530021', type: 3, description: 'Скалер EMS Piezon, нет вибрации', status: 1 },
  ]);
  const filed = await demoTicket(tx, seed.clinicId, 1);
  const returning = await demoTicket(tx, seed.clinicId, 6);

  const today = serverDate(now);
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 24 * 60 * MINUTE_MS).toISOString().slice(0, 10);
  const base = { courierId, createdAt: now };
  const planned = await tx
    .insert(stops)
    .values([
      {
        ...base,
        ticketId: filed,
        kind: 'pickup' as const,
        date: today,
        position: 1,
        timeWindow: '09:00-12:00',
        address: place('Россия, Москва, Тверская улица, 7', 'офис 12', 'Вход со двора', '55.757718,37.611347'),
        contact: { name: 'Анна Смирнова', phone: '+7 (916) 123-45-67' },
      },
      {
        ...base,
        ticketId: dentalTicket,
        kind: 'pickup' as const,
        date: today,
        position: 2,
        timeWindow: '10:00-13:00',
        address: place('Россия, Москва, улица Новый Арбат, 21', 'офис 305', 'Домофон 305', '55.752404,37.587658'),
        contact: { name: 'Марина Иванова', phone: '+7 (495) 201-33-44' },
      },
      {
        ...base,
        ticketId: fangTicket,
        kind: 'pickup' as const,
        date: today,
        position: 3,
        timeWindow: '13:00-16:00',
        address: place('Россия, Москва, Ленинский проспект, 45', 'кабинет 2', '', '55.706862,37.585843'),
        contact: { name: 'Елена Иванова', phone: '+7 (495) 310-77-88' },
        comment: 'Позвонить за 30 минут',
      },
      {
        ...base,
        ticketId: returning,
        kind: 'return' as const,
        date: today,
        position: 4,
        timeWindow: '15:00-18:00',
        address: place('Россия, Москва, улица Покровка, 17', 'стр. 1', 'Охрана на входе', '55.759216,37.645489'),
        contact: { name: 'Анна Смирнова', phone: '+7 (916) 123-45-67' },
      },
      {
        ...base,
        ticketId: fangTicket,
        kind: 'pickup' as const,
        date: tomorrow,
        position: 1,
        timeWindow: '10:00-12:00',
        address: place('Россия, Москва, Ленинский проспект, 45', 'кабинет 2', '', '55.706862,37.585843'),
        contact: { name: 'Елена Иванова', phone: '+7 (495) 310-77-88' },
      },
    ])
    .returning({ id: stops.id, ticketId: stops.ticketId, kind: stops.kind });

  // The first two are done: an hour and a half and forty minutes ago, every instrument handed over.
  const handed = [
    { stop: planned[0]!, clientId: seed.clinicId, person: 'Анна Смирнова', at: now.getTime() - 90 * MINUTE_MS },
    { stop: planned[1]!, clientId: dental, person: 'Марина Иванова', at: now.getTime() - 40 * MINUTE_MS },
  ];
  for (const { stop, clientId, person, at } of handed) {
    const doneAt = new Date(at);
    const items = await tx
      .select({ id: instruments.id })
      .from(instruments)
      .where(eq(instruments.ticketId, stop.ticketId))
      .orderBy(asc(instruments.id));
    const outcome = {
      instruments: items.map((item) => ({ id: item.id, collected: true })),
      person,
      photo_file_ids: [],
    };
    await finishStop(tx, stop, { clientId, courierId, now }, { state: 'done', at: doneAt, outcome });
    await recordHistory(tx, {
      clientId,
      ticketId: stop.ticketId,
      description: courierDoneText(stop.kind, formatServerTimestamp(doneAt), items.length, items.length),
      subjectType: 'Ticket',
      subjectId: stop.ticketId,
      createdAt: doneAt,
    });
  }
}
