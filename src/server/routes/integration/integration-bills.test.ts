import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDefectStatements, bills, historyEntries } from '#server/db/schema/tickets.ts';
import { events } from '#server/db/schema/platform.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { pointsEntries } from '#server/db/schema/loyalty.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { backOffice, PDF_BYTES } from '../../../../tests/setup/back-office.ts';
import { errorBody, jsonBody } from '../../../../tests/setup/json.ts';

let t: TestApp;
let clientId: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  clientId = (await backOffice.client(t)).id;
});
afterAll(() => t.close());

const call = (path: string, method: string, json?: unknown, token?: string | null) =>
  t.integration(path, { method, ...(json === undefined ? {} : { json }), ...(token === undefined ? {} : { token }) });
const count = async (table: typeof bills | typeof events | typeof notifications | typeof pointsEntries) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const eventsFor = (type: string, client: number) =>
  t.db
    .select()
    .from(events)
    .where(and(eq(events.type, type), eq(events.clientId, client)))
    .orderBy(events.id);

async function expectRefusal(response: Response, status: number, field: string) {
  const body = await errorBody(response);
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.success).toBe(false);
  expect(Object.keys(body.errors ?? {})).toContain(field);
}

const billBody = (overrides: Record<string, unknown> = {}) => ({
  client_id: clientId,
  id_1c: 'СЧ-0001',
  date: '2026-03-01',
  amount_document: '15000.00',
  status: 'Не оплачен',
  ...overrides,
});

describe('POST /api/v1/bills', () => {
  it('issues a bill linked to the client’s statements, with its event and history line', async () => {
    const ticket = await backOffice.ticket(t, clientId);
    const first = await backOffice.defect(t, ticket.id);
    const second = await backOffice.defect(t, ticket.id);
    const document = await backOffice.file(t, PDF_BYTES, 'bill.pdf');
    const response = await call(
      '/bills',
      'POST',
      billBody({ id_1c: 'СЧ-100', defective_list_ids: [first.id, second.id], document_file_id: document.id }),
    );
    expect(response.status).toBe(201);
    const { id } = await jsonBody<{ id: number }>(response);
    const [row] = await t.db.select().from(bills).where(eq(bills.id, id));
    expect(row).toMatchObject({
      clientId,
      id1c: 'СЧ-100',
      date: '2026-03-01',
      amountDocument: '15000.00',
      status: 'Не оплачен',
      documentFileId: document.id,
    });
    const links = await t.db.select().from(billDefectStatements).where(eq(billDefectStatements.billId, id));
    expect(links.map((l) => l.defectStatementId).sort()).toEqual([first.id, second.id].sort());
    const [event] = (await eventsFor('bill.created', clientId)).filter(
      (e) => e.payload && (e.payload as { bill_id: number }).bill_id === id,
    );
    expect(event?.payload).toMatchObject({ bill_id: id, id_1c: 'СЧ-100', amount_document: '15000.00' });
    const [history] = await t.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.subjectType, 'Bill'), eq(historyEntries.subjectId, id)));
    expect(history?.description).toBe('Выставлен счёт №СЧ-100 на сумму 15\u00A0000,00\u00A0₽');
  });

  it('refuses another client’s statements, an unknown client and a repeated number', async () => {
    const other = await backOffice.client(t);
    const foreignTicket = await backOffice.ticket(t, other.id);
    const foreign = await backOffice.defect(t, foreignTicket.id);
    const before = [await count(bills), await count(events)];
    await expectRefusal(
      await call('/bills', 'POST', billBody({ id_1c: 'СЧ-200', defective_list_ids: [foreign.id] })),
      422,
      'defective_list_ids',
    );
    await expectRefusal(
      await call('/bills', 'POST', billBody({ id_1c: 'СЧ-201', defective_list_ids: [999_999] })),
      422,
      'defective_list_ids',
    );
    await expectRefusal(await call('/bills', 'POST', billBody({ client_id: 999_999 })), 422, 'client_id');
    await expectRefusal(
      await call('/bills', 'POST', billBody({ id_1c: 'СЧ-202', document_file_id: 999_999 })),
      422,
      'document_file_id',
    );
    expect([await count(bills), await count(events)]).toEqual(before);

    expect((await call('/bills', 'POST', billBody({ id_1c: 'СЧ-300' }))).status).toBe(201);
    await expectRefusal(await call('/bills', 'POST', billBody({ id_1c: 'СЧ-300' })), 409, 'id_1c');
    // The same number for another client is another bill.
    expect((await call('/bills', 'POST', billBody({ id_1c: 'СЧ-300', client_id: other.id }))).status).toBe(201);
  });

  it.each([
    ['amount_document', { amount_document: 15000 }],
    ['amount_document', { amount_document: '15000.0' }],
    ['date', { date: '01.03.2026' }],
    ['date', { date: '2026-02-30' }],
    ['id_1c', { id_1c: '' }],
    ['status', { status: 1 }],
    ['defective_list_ids', { defective_list_ids: 'x' }],
  ])('refuses a bad %s with 422', async (field, overrides) => {
    const before = await count(bills);
    await expectRefusal(await call('/bills', 'POST', billBody({ id_1c: 'СЧ-bad', ...overrides })), 422, field);
    expect(await count(bills)).toBe(before);
  });

  it('answers 401 without a token', async () => {
    expect((await call('/bills', 'POST', billBody(), null)).status).toBe(401);
  });
});

describe('PATCH /api/v1/bills/{id}', () => {
  it('changes the status, once per change', async () => {
    const { id } = await backOffice.bill(t, clientId, { id_1c: 'СЧ-500' });
    expect(await (await call(`/bills/${id}`, 'PATCH', { status: 'Оплачен' })).json()).toEqual({
      id,
      changed: ['status'],
    });
    expect(await (await call(`/bills/${id}`, 'PATCH', { status: 'Оплачен' })).json()).toEqual({ id, changed: [] });
    expect(await (await call(`/bills/${id}`, 'PATCH', { status: null })).json()).toEqual({ id, changed: ['status'] });
    const updates = (await eventsFor('bill.updated', clientId)).filter(
      (e) => (e.payload as { bill_id: number }).bill_id === id,
    );
    expect(updates.map((e) => e.payload)).toEqual([
      { bill_id: id, changed: { status: 'Оплачен' } },
      { bill_id: id, changed: { status: null } },
    ]);
    const lines = await t.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.subjectType, 'Bill'), eq(historyEntries.subjectId, id)))
      .orderBy(historyEntries.id);
    // The client takes part from its opening (ADR 0016, amended): the paid bill earns its 5 % once.
    expect(lines.map((l) => l.description).slice(1)).toEqual([
      'Счёт №СЧ-500 оплачен',
      'Начислено 75\u00A0бонусов: оплата счёта №СЧ-500; доступны с 04.03.2026 до 04.03.2027',
      'Статус счёта №СЧ-500 изменён на «Нет данных»',
    ]);
  });

  it('answers 422 for a bad status, 404 for an unknown bill, 401 without a token', async () => {
    const { id } = await backOffice.bill(t, clientId);
    await expectRefusal(await call(`/bills/${id}`, 'PATCH', {}), 422, 'status');
    await expectRefusal(await call(`/bills/${id}`, 'PATCH', { status: true }), 422, 'status');
    expect((await call('/bills/999999', 'PATCH', { status: 'Оплачен' })).status).toBe(404);
    expect((await call(`/bills/${id}`, 'PATCH', { status: 'Оплачен' }, null)).status).toBe(401);
  });
});

describe('POST /api/v1/notifications', () => {
  it('creates an unread notification with its event', async () => {
    const response = await call('/notifications', 'POST', {
      client_id: clientId,
      description: 'Инструмент готов к выдаче',
    });
    expect(response.status).toBe(201);
    const { id } = await jsonBody<{ id: number }>(response);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ clientId, description: 'Инструмент готов к выдаче', isViewed: false });
    expect((await eventsFor('notification.created', clientId)).at(-1)?.payload).toEqual({ notification_id: id });
  });

  it('refuses bad input and unknown clients, 401 without a token', async () => {
    const before = await count(notifications);
    await expectRefusal(
      await call('/notifications', 'POST', { client_id: clientId, description: ' ' }),
      422,
      'description',
    );
    await expectRefusal(
      await call('/notifications', 'POST', { client_id: 999_999, description: 'x' }),
      422,
      'client_id',
    );
    await expectRefusal(await call('/notifications', 'POST', { description: 'x' }), 422, 'client_id');
    expect((await call('/notifications', 'POST', { client_id: clientId, description: 'x' }, null)).status).toBe(401);
    expect(await count(notifications)).toBe(before);
  });
});

describe('POST /api/v1/clients/{id}/points', () => {
  it('adds ledger entries with events and history; a debit beyond the balance annuls the whole balance', async () => {
    const { id } = await backOffice.client(t);
    const credit = await call(`/clients/${id}/points`, 'POST', { delta: 300, reason: 'Бонус за ремонт' });
    expect(credit.status).toBe(201);
    expect(await credit.json()).toEqual({ id: expect.any(Number), balance: 300, annulled: 0 });
    expect(
      await (await call(`/clients/${id}/points`, 'POST', { delta: -100, reason: 'Корректировка' })).json(),
    ).toMatchObject({ balance: 200, annulled: 100 });
    // portal.md §4.7: when the amount to annul exceeds the balance, the whole balance is annulled.
    const whole = await call(`/clients/${id}/points`, 'POST', { delta: -201, reason: 'Злоупотребление' });
    expect(whole.status).toBe(201);
    expect(await whole.json()).toEqual({ id: expect.any(Number), balance: 0, annulled: 200 });
    const nothing = await call(`/clients/${id}/points`, 'POST', { delta: -5, reason: 'Ещё раз' });
    expect(await nothing.json()).toEqual({ id: null, balance: 0, annulled: 0 });
    expect((await eventsFor('points.changed', id)).map((e) => e.payload)).toEqual([
      expect.objectContaining({
        client_id: id,
        entry_id: expect.any(Number),
        delta: 300,
        kind: 'credited',
        state: 'active',
        reason: 'Бонус за ремонт',
        balance: 300,
      }),
      expect.objectContaining({
        client_id: id,
        delta: -100,
        kind: 'annulled',
        state: 'annulled',
        reason: 'Корректировка',
        balance: 200,
      }),
      expect.objectContaining({
        client_id: id,
        delta: -200,
        kind: 'annulled',
        state: 'annulled',
        reason: 'Злоупотребление',
        balance: 0,
      }),
    ]);
    const lines = await t.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.clientId, id), eq(historyEntries.subjectType, 'Account')))
      .orderBy(historyEntries.id);
    expect(lines.map((l) => l.description)).toEqual([
      'Начислено 300\u00A0бонусов: Бонус за ремонт',
      'Аннулировано 100\u00A0бонусов: Корректировка',
      'Аннулировано 200\u00A0бонусов: Злоупотребление',
    ]);
  });

  it.each([
    ['delta', { delta: 0, reason: 'x' }],
    ['delta', { delta: 1.5, reason: 'x' }],
    ['delta', { delta: '10', reason: 'x' }],
    ['reason', { delta: 10 }],
    ['reason', { delta: 10, reason: '' }],
  ])('refuses a bad %s with 422', async (field, json) => {
    await expectRefusal(await call(`/clients/${clientId}/points`, 'POST', json), 422, field);
  });

  it('answers 404 for an unknown client and 401 without a token', async () => {
    expect((await call('/clients/999999/points', 'POST', { delta: 1, reason: 'x' })).status).toBe(404);
    expect((await call(`/clients/${clientId}/points`, 'POST', { delta: 1, reason: 'x' }, null)).status).toBe(401);
  });

  it('never goes below zero under 50 concurrent debits: the last one annuls what is left, the rest find nothing', async () => {
    const { id } = await backOffice.client(t);
    await call(`/clients/${id}/points`, 'POST', { delta: 100, reason: 'Начисление' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call(`/clients/${id}/points`, 'POST', { delta: -7, reason: 'Списание' })),
    );
    expect(responses.map((r) => r.status).every((s) => s === 201)).toBe(true);
    const answers = await Promise.all(responses.map((r) => jsonBody<{ annulled: number }>(r)));
    const annulled = answers.map((a) => a.annulled).sort((a, b) => b - a);
    expect(annulled.slice(0, 15)).toEqual([...Array.from({ length: 14 }, () => 7), 2]); // 14 × 7 + 2 = 100
    expect(annulled.slice(15).every((a) => a === 0)).toBe(true);
    const [sum] = await t.db
      .select({ total: sql<number>`sum(${pointsEntries.delta})::int` })
      .from(pointsEntries)
      .where(eq(pointsEntries.clientId, id));
    expect(sum!.total).toBe(0);
    expect(await eventsFor('points.changed', id)).toHaveLength(16);
  });
});
