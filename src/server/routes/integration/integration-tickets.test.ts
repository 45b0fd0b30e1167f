import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defectStatements, historyEntries, instruments, tickets } from '#server/db/schema/tickets.ts';
import { events } from '#server/db/schema/platform.ts';
import { offices } from '#server/db/schema/places.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { backOffice, defect, instrument, office } from '../../../../tests/setup/back-office.ts';
import { errorBody, jsonBody } from '../../../../tests/setup/json.ts';

let t: TestApp;
let clientId: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  clientId = (await backOffice.client(t)).id;
  await backOffice.office(t, 1);
});
afterAll(() => t.close());

const call = (path: string, method: string, json?: unknown, token?: string | null) =>
  t.integration(path, { method, ...(json === undefined ? {} : { json }), ...(token === undefined ? {} : { token }) });
const count = async (table: typeof tickets | typeof events | typeof defectStatements) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const eventsOf = (type: string, ticketId?: number) =>
  t.db
    .select()
    .from(events)
    .where(ticketId === undefined ? eq(events.type, type) : and(eq(events.type, type), eq(events.ticketId, ticketId)))
    .orderBy(events.id);
const historyOf = (ticketId: number) =>
  t.db.select().from(historyEntries).where(eq(historyEntries.ticketId, ticketId)).orderBy(historyEntries.id);

async function expect422(response: Response, field: string) {
  const body = await errorBody(response);
  expect(response.status, JSON.stringify(body)).toBe(422);
  expect(body.success).toBe(false);
  expect(Object.keys(body.errors ?? {})).toContain(field);
  expect(body.errors[field]?.[0]).toMatch(/[а-яё]/i);
}

describe('PUT /api/v1/offices/{id}', () => {
  it('creates, then replaces, under the given id', async () => {
    const first = await call('/offices/77', 'PUT', office({ name: 'СЦ Казань', region: 'Приволжский' }));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id: 77, created: true });
    const second = await call(
      '/offices/77',
      'PUT',
      office({ name: 'СЦ Казань-2', region: 'Приволжский', is_show_in_crimea: true }),
    );
    expect(await second.json()).toEqual({ id: 77, created: false });
    const [row] = await t.db.select().from(offices).where(eq(offices.id, 77));
    expect(row).toMatchObject({
      name: 'СЦ Казань-2',
      countryName: 'Россия',
      region: 'Приволжский',
      isShowInCrimea: true,
      latitude: 55.76,
    });
  });

  it.each([
    ['region', { region: 'Марс' }],
    ['latitude', { latitude: 91 }],
    ['longitude', { longitude: '37.6' }],
    ['email', { email: 'nope' }],
    ['name', { name: '  ' }],
    ['is_show_in_crimea', { is_show_in_crimea: 'yes' }],
  ])('refuses a bad %s with 422', async (field, overrides) => {
    await expect422(await call('/offices/78', 'PUT', office(overrides)), field);
    expect(await t.db.select().from(offices).where(eq(offices.id, 78))).toHaveLength(0);
  });

  it('answers 404 for an id that cannot exist, 400 for garbage and 401 without a token', async () => {
    expect((await call('/offices/abc', 'PUT', office())).status).toBe(404);
    expect((await call('/offices/99999999999', 'PUT', office())).status).toBe(404);
    expect(
      (
        await t.integration('/offices/79', {
          method: 'PUT',
          body: '[1,',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect((await call('/offices/79', 'PUT', office(), null)).status).toBe(401);
  });
});

describe('POST /api/v1/tickets', () => {
  it('creates the ticket with its instruments, a ticket.created event and a history line', async () => {
    const response = await call('/tickets', 'POST', {
      client_id: clientId,
      status: 1,
      office_id: 1,
      created_at: '2026-02-20T10:00:00+03:00',
      instruments: [
        instrument({ serial_number: 'A-1' }),
        instrument({ serial_number: 'B-2', type: 12, status: 2, description: undefined }),
      ],
    });
    expect(response.status).toBe(201);
    const body = await jsonBody<{ id: number; instruments: Array<{ id: number }> }>(response);
    expect(body).toEqual({
      id: expect.any(Number),
      instruments: [{ id: expect.any(Number) }, { id: expect.any(Number) }],
    });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, body.id));
    // The clinic is the author: 'Составитель' and 'Только мои заявки' of the requests list.
    expect(ticket).toMatchObject({ clientId, authorId: clientId, status: 1, officeId: 1, finished: false });
    expect(ticket!.createdAt.toISOString()).toBe('2026-02-20T07:00:00.000Z');
    const rows = await t.db.select().from(instruments).where(eq(instruments.ticketId, body.id)).orderBy(instruments.id);
    expect(rows.map((row) => [row.id, row.serialNumber, row.type, row.status, row.description])).toEqual([
      [body.instruments[0]?.id, 'A-1', 1, 1, 'Шумит'],
      [body.instruments[1]?.id, 'B-2', 12, 2, ''],
    ]);
    const created = await eventsOf('ticket.created', body.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      clientId,
      payload: { ticket_id: body.id, status: 1, instrument_ids: body.instruments.map((i) => i.id) },
    });
    expect((await historyOf(body.id)).map((h) => [h.description, h.subjectType, h.subjectId])).toEqual([
      [`Создана заявка №${body.id}`, 'Ticket', body.id],
    ]);
  });

  it.each([
    ['client_id', { client_id: 'x' }],
    ['client_id', { client_id: 0 }],
    ['status', { status: 8 }],
    ['status', { status: '1' }],
    ['instruments', { instruments: [] }],
    ['instruments.0.type', { instruments: [instrument({ type: 13 })] }],
    ['instruments.0.status', { instruments: [instrument({ status: 0 })] }],
    ['instruments.0.serial_number', { instruments: [instrument({ serial_number: '' })] }],
    ['created_at', { created_at: 'вчера' }],
    ['created_at', { created_at: '2026-02-30T10:00:00Z' }],
    ['created_at', { created_at: '0000-01-01T00:00:00Z' }],
    ['office_id', { office_id: 1.5 }],
  ])('refuses a bad %s with 422 and writes nothing', async (field, overrides) => {
    const before = await count(tickets);
    await expect422(
      await call('/tickets', 'POST', { client_id: clientId, status: 1, instruments: [instrument()], ...overrides }),
      field,
    );
    expect(await count(tickets)).toBe(before);
  });

  it('refuses an unknown client or office on its field, writing nothing', async () => {
    const before = [await count(tickets), await count(events)];
    await expect422(
      await call('/tickets', 'POST', { client_id: 999_999, status: 1, instruments: [instrument()] }),
      'client_id',
    );
    await expect422(
      await call('/tickets', 'POST', { client_id: clientId, status: 1, office_id: 4242, instruments: [instrument()] }),
      'office_id',
    );
    expect([await count(tickets), await count(events)]).toEqual(before);
  });

  it('answers 400 for a body that is not a JSON object and 401 without a token', async () => {
    for (const body of ['', 'null', '[]', '{"client_id":', '"x"']) {
      const response = await t.integration('/tickets', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, body).toBe(400);
    }
    expect(
      (await call('/tickets', 'POST', { client_id: clientId, status: 1, instruments: [instrument()] }, null)).status,
    ).toBe(401);
  });
});

describe('PATCH /api/v1/tickets/{id}', () => {
  it('changes the status with one event and the clinic’s history line', async () => {
    const { id } = await backOffice.ticket(t, clientId);
    const response = await call(`/tickets/${id}`, 'PATCH', { status: 5 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, changed: ['status'] });
    const updated = await eventsOf('ticket.updated', id);
    expect(updated.map((e) => e.payload)).toEqual([{ ticket_id: id, changed: { status: 5 } }]);
    expect((await historyOf(id)).at(-1)).toMatchObject({
      description: 'Статус заявки изменён на «Требует согласования»',
      subjectType: 'Ticket',
      subjectId: id,
      clientId,
    });

    // The same status again changes nothing and records nothing.
    expect(await (await call(`/tickets/${id}`, 'PATCH', { status: 5 })).json()).toEqual({ id, changed: [] });
    expect(await eventsOf('ticket.updated', id)).toHaveLength(1);
  });

  it('sets office, finished and the shipping order (with a waybill), then removes the order', async () => {
    const { id } = await backOffice.ticket(t, clientId);
    const waybill = await backOffice.file(t);
    const response = await call(`/tickets/${id}`, 'PATCH', {
      office_id: 1,
      finished: true,
      shipping_order: {
        tracking_link: 'https://track.example/abc',
        provider_order_id: 'DPD-123',
        waybill_file_id: waybill.id,
      },
    });
    expect(await response.json()).toEqual({
      id,
      changed: ['officeId', 'finished', 'trackingLink', 'providerOrderId', 'waybillFileId'].map(snake),
    });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row).toMatchObject({
      officeId: 1,
      finished: true,
      trackingLink: 'https://track.example/abc',
      providerOrderId: 'DPD-123',
      waybillFileId: waybill.id,
    });
    const [event] = await eventsOf('ticket.updated', id);
    expect(event!.payload).toEqual({
      ticket_id: id,
      changed: {
        office_id: 1,
        finished: true,
        tracking_link: 'https://track.example/abc',
        provider_order_id: 'DPD-123',
        waybill_file_id: waybill.id,
      },
    });
    expect((await historyOf(id)).map((h) => h.description)).toEqual(
      expect.arrayContaining([
        'Заявка передана в сервисный центр «СЦ Москва»',
        'Работы по заявке завершены',
        'Оформлена доставка, номер заказа DPD-123',
      ]),
    );

    await call(`/tickets/${id}`, 'PATCH', { shipping_order: null });
    const [cleared] = await t.db.select().from(tickets).where(eq(tickets.id, id));
    expect(cleared).toMatchObject({ trackingLink: null, providerOrderId: null, waybillFileId: null });
  });

  it.each([
    ['_', {}],
    ['status', { status: -1 }],
    ['finished', { finished: 1 }],
    ['shipping_order.tracking_link', { shipping_order: { tracking_link: 'javascript:alert(1)' } }],
    ['shipping_order.provider_order_id', { shipping_order: { provider_order_id: '../../etc' } }],
    ['shipping_order.waybill_file_id', { shipping_order: { waybill_file_id: 987_654 } }],
    ['office_id', { office_id: 4242 }],
    ['shipping_order', { shipping_order: [] }],
    ['shipping_order', { shipping_order: ['DPD-123'] }],
    ['shipping_order', { shipping_order: 'DPD-123' }],
  ])('refuses a bad %s with 422 and changes nothing', async (field, json) => {
    const { id } = await backOffice.ticket(t, clientId);
    const before = await count(events);
    await expect422(await call(`/tickets/${id}`, 'PATCH', json), field);
    expect(await count(events)).toBe(before);
  });

  it('answers 404 for an unknown ticket and 401 without a token', async () => {
    expect((await call('/tickets/999999', 'PATCH', { status: 2 })).status).toBe(404);
    expect((await call('/tickets/x1', 'PATCH', { status: 2 })).status).toBe(404);
    expect((await call('/tickets/1', 'PATCH', { status: 2 }, null)).status).toBe(401);
  });
});

function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

describe('POST /api/v1/tickets/{id}/defects', () => {
  it('adds a statement with agreed 0 and version 1, its event and history line', async () => {
    const { id: ticketId } = await backOffice.ticket(t, clientId);
    const photo = await backOffice.file(t);
    const response = await call(
      `/tickets/${ticketId}/defects`,
      'POST',
      defect({ id_1c: 'ДВ-0042', photo_file_ids: [photo.id], trade_is_enabled: true, conclusion: 'Замена ротора' }),
    );
    expect(response.status).toBe(201);
    const { id, version } = await jsonBody<{ id: number; version: number }>(response);
    expect(version).toBe(1);
    const [row] = await t.db.select().from(defectStatements).where(eq(defectStatements.id, id));
    expect(row).toMatchObject({
      ticketId,
      agreed: 0,
      version: 1,
      sum: '12500.00',
      status: 1,
      tradeIsEnabled: true,
      photoFileIds: [photo.id],
      id1c: 'ДВ-0042',
    });
    expect((await eventsOf('defect.created', ticketId)).map((e) => e.payload)).toEqual([
      { defect_id: id, ticket_id: ticketId, version: 1, status: 1, sum: '12500.00' },
    ]);
    expect((await historyOf(ticketId)).at(-1)).toMatchObject({
      description: 'Добавлена дефектная ведомость №ДВ-0042',
      subjectType: 'DefectiveList',
      subjectId: id,
    });
  });

  it.each([
    ['sum', { sum: 12500 }],
    ['sum', { sum: '12500' }],
    ['sum', { sum: '12500.5' }],
    ['sum', { sum: '-1.00' }],
    ['status', { status: 5 }],
    ['type', { type: 0 }],
    ['defect', { defect: '' }],
    ['photo_file_ids', { photo_file_ids: [123_456] }],
    ['photo_file_ids.0', { photo_file_ids: ['1'] }],
    ['document_file_id', { document_file_id: 123_456 }],
  ])('refuses a bad %s with 422, writing nothing', async (field, overrides) => {
    const { id: ticketId } = await backOffice.ticket(t, clientId);
    const before = await count(defectStatements);
    await expect422(await call(`/tickets/${ticketId}/defects`, 'POST', defect(overrides)), field);
    expect(await count(defectStatements)).toBe(before);
  });

  it('answers 404 for an unknown ticket and 401 without a token', async () => {
    expect((await call('/tickets/999999/defects', 'POST', defect())).status).toBe(404);
    expect((await call('/tickets/1/defects', 'POST', defect(), null)).status).toBe(401);
  });
});

describe('PATCH /api/v1/defects/{id}', () => {
  it('increments the version on every change, with exactly one event each', async () => {
    const { id: ticketId } = await backOffice.ticket(t, clientId);
    const { id } = await backOffice.defect(t, ticketId, { id_1c: 'ДВ-7' });
    const steps: Array<[Record<string, unknown>, string[]]> = [
      [{ status: 2 }, ['status']],
      [{ sum: '9900.50' }, ['sum']],
      [{ conclusion: 'Нужна замена' }, ['conclusion']],
      [{ departure: 'Выезд не требуется' }, ['departure']],
      [{ agreed: 1 }, ['agreed']],
      // A new price on the approved statement also reopens it for the clinic (agreed back to 0).
      [{ status: 1, sum: '100.00', conclusion: null }, ['status', 'sum', 'conclusion', 'agreed']],
    ];
    let expected = 1;
    for (const [json, changed] of steps) {
      expected += 1;
      const response = await call(`/defects/${id}`, 'PATCH', json);
      expect(await response.json()).toEqual({ id, version: expected, changed });
      const [row] = await t.db
        .select({ version: defectStatements.version })
        .from(defectStatements)
        .where(eq(defectStatements.id, id));
      expect(row!.version).toBe(expected);
      expect(await eventsOf('defect.updated', ticketId)).toHaveLength(expected - 1);
    }
    const last = (await eventsOf('defect.updated', ticketId)).at(-1)!;
    expect(last.payload).toEqual({
      defect_id: id,
      ticket_id: ticketId,
      version: 7,
      changed: { status: 1, sum: '100.00', conclusion: null, agreed: 0 },
    });
    const lines = (await historyOf(ticketId)).map((h) => h.description);
    expect(lines).toContain('Статус дефектной ведомости №ДВ-7 изменён на «Работы согласованы»');
    expect(lines).toContain('Сумма по дефектной ведомости №ДВ-7 изменена на 9\u00A0900,50\u00A0₽');

    // Sending the current values again is not a change: same version, no event.
    expect(await (await call(`/defects/${id}`, 'PATCH', { status: 1, sum: '100.00' })).json()).toEqual({
      id,
      version: 7,
      changed: [],
    });
    expect(await eventsOf('defect.updated', ticketId)).toHaveLength(6);
  });

  it('counts concurrent changes exactly: ten PATCHes, ten versions, ten events', async () => {
    const { id: ticketId } = await backOffice.ticket(t, clientId);
    const { id } = await backOffice.defect(t, ticketId);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(`/defects/${id}`, 'PATCH', { sum: `${i + 1}00.00` })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const versions = (await Promise.all(responses.map((r) => jsonBody<{ version: number }>(r))))
      .map((b) => b.version)
      .sort((a, b) => a - b);
    expect(versions).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect((await eventsOf('defect.updated', ticketId)).map((e) => (e.payload as { version: number }).version)).toEqual(
      versions,
    );
  });

  it.each([
    ['_', {}],
    ['status', { status: 0 }],
    ['sum', { sum: '1,00' }],
    ['agreed', { agreed: 9 }],
    ['conclusion', { conclusion: 5 }],
  ])('refuses a bad %s with 422, leaving the version', async (field, json) => {
    const { id: ticketId } = await backOffice.ticket(t, clientId);
    const { id } = await backOffice.defect(t, ticketId);
    await expect422(await call(`/defects/${id}`, 'PATCH', json), field);
    const [row] = await t.db
      .select({ version: defectStatements.version })
      .from(defectStatements)
      .where(eq(defectStatements.id, id));
    expect(row!.version).toBe(1);
  });

  it('answers 404 for an unknown statement and 401 without a token', async () => {
    expect((await call('/defects/999999', 'PATCH', { status: 2 })).status).toBe(404);
    expect((await call('/defects/1', 'PATCH', { status: 2 }, null)).status).toBe(401);
  });
});
