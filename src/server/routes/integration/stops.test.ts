// The back office plans the couriers' stops (API.md §Added for the fourth wave): POST/PATCH/GET /api/v1/stops, with
// the address and contact taken from the portal request when there is one and required otherwise.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stops } from '#server/db/schema/couriers.ts';
import { backOffice, integrationCall } from '../../../../tests/setup/back-office.ts';
import { createCourier, createStop, PORTAL_ADDRESS, portalTicket } from '../../../../tests/setup/couriers.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

let t: TestApp;
let clinicId: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-04T09:00:00Z' });
  clinicId = (await backOffice.client(t)).id;
});
afterAll(async () => {
  await t?.close();
});

const DAY = '2026-03-05';
const OFFICE_ADDRESS = {
  address: 'Москва, ул. Арбат, 10',
  room: 'каб. 3',
  comment: 'Вход со двора',
  coordinates: '55.75,37.59',
};
const OFFICE_CONTACT = { name: 'Ольга', phone: '+7 495 111-22-33' };

async function listed(query: string) {
  return (await integrationCall<{ stops: Array<Record<string, unknown>> }>(t, `/stops?${query}`, 'GET')).stops;
}

describe('POST /api/v1/stops', () => {
  it('takes the address (room, comment, checked point) and the contact from the portal request', async () => {
    const courier = await createCourier(t);
    const ticket = await portalTicket(t, clinicId);
    const id = await createStop(t, {
      ticket_id: ticket.id,
      kind: 'pickup',
      courier_id: courier.id,
      date: DAY,
      window: '10:00-13:00',
    });
    const [stop] = await listed(`date=${DAY}&courier_id=${courier.id}`);
    expect(stop).toMatchObject({
      id,
      ticket_id: ticket.id,
      client_id: clinicId,
      kind: 'pickup',
      courier_id: courier.id,
      courier_active: true,
      date: DAY,
      position: 1,
      window: '10:00-13:00',
      address: {
        address: PORTAL_ADDRESS.address,
        room: PORTAL_ADDRESS.room,
        comment: PORTAL_ADDRESS.message,
        coordinates: PORTAL_ADDRESS.coordinates,
      },
      contact: { name: 'Анна Смирнова', phone: '+7 (916) 123-45-67' },
      state: 'planned',
      cancelled: false,
      outcome: null,
    });
  });

  it('keeps what the back office gives over the request, and appends to the day in order', async () => {
    const courier = await createCourier(t);
    const ticket = await portalTicket(t, clinicId);
    const first = await createStop(t, { ticket_id: ticket.id, kind: 'pickup', courier_id: courier.id, date: DAY });
    const second = await createStop(t, {
      ticket_id: ticket.id,
      kind: 'return',
      courier_id: courier.id,
      date: DAY,
      address: OFFICE_ADDRESS,
      contact: OFFICE_CONTACT,
      comment: 'Позвонить за час',
    });
    const early = await createStop(t, {
      ticket_id: ticket.id,
      kind: 'pickup',
      courier_id: courier.id,
      date: DAY,
      position: 1,
    });
    const day = await listed(`date=${DAY}&courier_id=${courier.id}`);
    expect(day.map((stop) => [stop.id, stop.position])).toEqual([
      [first, 1],
      [early, 1],
      [second, 2],
    ]);
    expect(day[2]).toMatchObject({ address: OFFICE_ADDRESS, contact: OFFICE_CONTACT, comment: 'Позвонить за час' });
  });

  it('requires the address and the contact for a back-office ticket, and writes nothing without them', async () => {
    const courier = await createCourier(t);
    const ticket = await backOffice.ticket(t, clinicId);
    const before = await t.db.select().from(stops);
    const both = await t.integration('/stops', {
      method: 'POST',
      json: { ticket_id: ticket.id, kind: 'pickup', courier_id: courier.id, date: DAY },
    });
    expect(both.status).toBe(422);
    expect(await both.json()).toMatchObject({
      errors: {
        address: ['Укажите адрес: заявка создана не в портале, и адреса в ней нет'],
        contact: ['Укажите контакт: заявка создана не в портале, и контакта в ней нет'],
      },
    });
    const contactOnly = await t.integration('/stops', {
      method: 'POST',
      json: { ticket_id: ticket.id, kind: 'pickup', courier_id: courier.id, date: DAY, address: OFFICE_ADDRESS },
    });
    expect(contactOnly.status).toBe(422);
    expect(Object.keys(((await contactOnly.json()) as { errors: object }).errors)).toEqual(['contact']);
    expect(await t.db.select().from(stops)).toHaveLength(before.length);

    const id = await createStop(t, {
      ticket_id: ticket.id,
      kind: 'pickup',
      courier_id: courier.id,
      date: DAY,
      address: { address: 'Москва, Арбат, 1' },
      contact: OFFICE_CONTACT,
    });
    const [row] = await t.db.select().from(stops).where(eq(stops.id, id));
    expect(row!.address).toEqual({ address: 'Москва, Арбат, 1', room: '', comment: '', coordinates: null });
  });

  it('refuses bad fields with Russian messages', async () => {
    const clinic = await backOffice.client(t);
    const courier = await createCourier(t);
    await integrationCall(t, `/couriers/${courier.id}`, 'PATCH', { active: false });
    const ticket = await portalTicket(t, clinicId);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ kind: 'visit' }, 'kind', 'Вид остановки: "pickup" (забрать) или "return" (привезти)'],
      [{ date: '2026-02-30' }, 'date', 'Ожидается дата в формате ГГГГ-ММ-ДД, например "2026-03-02"'],
      [{ window: '13:00-10:00' }, 'window', 'Окно — "ЧЧ:ММ-ЧЧ:ММ", начало раньше конца, например "10:00-13:00"'],
      [{ window: '9:00-10:00' }, 'window', 'Окно — "ЧЧ:ММ-ЧЧ:ММ", начало раньше конца, например "10:00-13:00"'],
      [{ position: 0 }, 'position', 'Порядок — целое число от 1 до 10000'],
      [{ courier_id: clinic.id }, 'courier_id', 'Курьер не найден'],
      [{ courier_id: courier.id }, 'courier_id', 'Курьер отключён: назначьте другого'],
      [{ ticket_id: 999_999 }, 'ticket_id', 'Заявка не найдена'],
      [
        { address: { address: 'Москва', coordinates: 'north' } },
        'address.coordinates',
        'Координаты — "широта,долгота", например "55.7558,37.6173"',
      ],
    ];
    const active = await createCourier(t);
    for (const [change, field, message] of cases) {
      const response = await t.integration('/stops', {
        method: 'POST',
        json: { ticket_id: ticket.id, kind: 'pickup', courier_id: active.id, date: DAY, ...change },
      });
      expect(response.status, field).toBe(422);
      expect(((await response.json()) as { errors: Record<string, string[]> }).errors[field], field).toEqual([message]);
    }
    expect(await t.db.select().from(stops).where(eq(stops.ticketId, ticket.id))).toEqual([]);
  });
});

describe('PATCH /api/v1/stops/{id}', () => {
  it('gives a stop to another courier (last in its day) and remembers whom it was taken from', async () => {
    const [a, b] = [await createCourier(t), await createCourier(t)];
    const ticket = await portalTicket(t, clinicId);
    await createStop(t, { ticket_id: ticket.id, kind: 'pickup', courier_id: b.id, date: DAY });
    const id = await createStop(t, { ticket_id: ticket.id, kind: 'pickup', courier_id: a.id, date: DAY });
    expect(await integrationCall(t, `/stops/${id}`, 'PATCH', { courier_id: b.id, window: '09:00-10:00' })).toEqual({
      id,
      changed: ['courier_id', 'position', 'window'],
    });
    const [row] = await t.db.select().from(stops).where(eq(stops.id, id));
    expect(row).toMatchObject({ courierId: b.id, position: 2, timeWindow: '09:00-10:00', formerCourierIds: [a.id] });
  });

  it('cancels and restores, and changes nothing when nothing differs', async () => {
    const courier = await createCourier(t);
    const ticket = await portalTicket(t, clinicId);
    const id = await createStop(t, { ticket_id: ticket.id, kind: 'return', courier_id: courier.id, date: DAY });
    expect(await integrationCall(t, `/stops/${id}`, 'PATCH', { cancelled: true })).toEqual({
      id,
      changed: ['cancelled'],
    });
    expect((await listed(`date=${DAY}&courier_id=${courier.id}`))[0]).toMatchObject({ id, cancelled: true });
    expect(await integrationCall(t, `/stops/${id}`, 'PATCH', { cancelled: true })).toEqual({ id, changed: [] });
    expect(await integrationCall(t, `/stops/${id}`, 'PATCH', { cancelled: false })).toEqual({
      id,
      changed: ['cancelled'],
    });
  });

  it('answers 404 for an unknown stop, 422 for an empty change, 409 for a stop the courier finished', async () => {
    expect((await t.integration('/stops/999999', { method: 'PATCH', json: { cancelled: true } })).status).toBe(404);
    const courier = await createCourier(t);
    const ticket = await portalTicket(t, clinicId);
    const id = await createStop(t, { ticket_id: ticket.id, kind: 'pickup', courier_id: courier.id, date: DAY });
    expect((await t.integration(`/stops/${id}`, { method: 'PATCH', json: {} })).status).toBe(422);
    await t.db.update(stops).set({ state: 'done' }).where(eq(stops.id, id));
    const finished = await t.integration(`/stops/${id}`, { method: 'PATCH', json: { cancelled: true } });
    expect(finished.status).toBe(409);
    expect(await finished.json()).toMatchObject({ message: 'Остановка уже выполнена курьером: её нельзя изменить' });
  });
});

describe('GET /api/v1/stops', () => {
  it("lists one day's stops (today, Moscow, by default), of one courier or all", async () => {
    const [a, b] = [await createCourier(t), await createCourier(t)];
    const ticket = await portalTicket(t, clinicId);
    const today = await createStop(t, { ticket_id: ticket.id, kind: 'pickup', courier_id: a.id, date: '2026-03-04' });
    const other = await createStop(t, { ticket_id: ticket.id, kind: 'pickup', courier_id: b.id, date: '2026-03-04' });
    await createStop(t, { ticket_id: ticket.id, kind: 'pickup', courier_id: a.id, date: '2026-03-06' });
    const all = (await listed('')).map((stop) => stop.id);
    expect(all).toEqual(expect.arrayContaining([today, other]));
    expect(all).toHaveLength(2);
    expect((await listed(`courier_id=${a.id}`)).map((stop) => stop.id)).toEqual([today]);
    const bad = await t.integration('/stops?date=tomorrow');
    expect(bad.status).toBe(422);
  });

  it('marks the stops of a switched-off courier, for the back office to give away', async () => {
    const courier = await createCourier(t);
    const ticket = await portalTicket(t, clinicId);
    const id = await createStop(t, { ticket_id: ticket.id, kind: 'pickup', courier_id: courier.id, date: DAY });
    await integrationCall(t, `/couriers/${courier.id}`, 'PATCH', { active: false });
    expect((await listed(`date=${DAY}&courier_id=${courier.id}`))[0]).toMatchObject({ id, courier_active: false });
  });
});

describe('GET /api/v1/stops: what the courier reported', () => {
  it('answers a done stop’s hand-over and a failed stop’s reason in the shapes the document names', async () => {
    const courier = await createCourier(t);
    const ticket = await portalTicket(t, clinicId);
    const done = await createStop(t, { ticket_id: ticket.id, kind: 'pickup', courier_id: courier.id, date: DAY });
    const failed = await createStop(t, { ticket_id: ticket.id, kind: 'return', courier_id: courier.id, date: DAY });
    const handOver = { instruments: [{ id: 1, collected: true }], person: 'Администратор Ирина', photo_file_ids: [] };
    const finishedAt = new Date('2026-03-05T10:00:00Z');
    await t.db.update(stops).set({ state: 'done', finishedAt, outcome: handOver }).where(eq(stops.id, done));
    await t.db
      .update(stops)
      .set({ state: 'failed', finishedAt, outcome: { reason: 'closed', comment: 'Закрыто' } })
      .where(eq(stops.id, failed));
    const answered = await listed(`date=${DAY}&courier_id=${courier.id}`);
    expect(answered.map((stop) => [stop.state, stop.outcome, stop.finished_at])).toEqual([
      ['done', handOver, finishedAt.toISOString()],
      ['failed', { reason: 'closed', comment: 'Закрыто' }, finishedAt.toISOString()],
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the couriers’ and stops’ calls with their fields', async () => {
    const document = (await (await t.integration('/openapi.json', { token: null })).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const createStop = document.paths['/api/v1/stops']?.post as {
      requestBody: {
        content: {
          'application/json': { schema: { properties: Record<string, { enum?: unknown[] }>; required: string[] } };
        };
      };
    };
    const schema = createStop.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['ticket_id', 'kind', 'courier_id', 'date']);
    expect(schema.properties.kind?.enum).toEqual(['pickup', 'return']);
    const listStops = document.paths['/api/v1/stops']?.get as { parameters: Array<{ name: string }> };
    expect(listStops.parameters.map((parameter) => parameter.name)).toEqual(['date', 'courier_id']);
    for (const [path, method] of [
      ['/api/v1/couriers', 'post'],
      ['/api/v1/couriers', 'get'],
      ['/api/v1/couriers/{id}', 'patch'],
      ['/api/v1/stops/{id}', 'patch'],
    ] as const)
      expect(document.paths[path]?.[method], `${method} ${path}`).toMatchObject({ tags: ['Couriers'] });
  });
});
