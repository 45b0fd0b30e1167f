import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedEvent, FeedPage } from '#shared/api/integration.ts';
import { eventPayloads } from '#shared/api/integration-events.ts';
import { gifts, tradeInInstruments } from '#server/db/schema/loyalty.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice } from '../../../../tests/setup/back-office.ts';
import { integrationEndpoints } from './integration.ts';
import { answerOf, errorBody, jsonBody, operationOf, type OpenApiBody } from '../../../../tests/setup/json.ts';
import { getUserData } from '#shared/api/account.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
});
afterAll(() => t.close());

async function feed(query: string, token?: string | null): Promise<FeedPage> {
  const response = await t.integration(`/events${query}`, token === undefined ? {} : { token });
  expect(response.status).toBe(200);
  return (await response.json()) as FeedPage;
}

/** Everything after `after`, walked in pages of `limit`. */
async function walk(after: number, limit: number): Promise<{ events: FeedEvent[]; pages: number; next: number }> {
  const all: FeedEvent[] = [];
  let cursor = after;
  let pages = 0;
  for (;;) {
    const page = await feed(`?after=${cursor}&limit=${limit}`);
    pages += 1;
    expect(page.events.length).toBeLessThanOrEqual(limit);
    if (page.events.length === 0) {
      expect(page.next).toBe(cursor);
      return { events: all, pages, next: cursor };
    }
    expect(page.next).toBe(page.events.at(-1)!.id);
    all.push(...page.events);
    cursor = page.next;
  }
}

describe('GET /api/v1/events', () => {
  it('lists one event per change, in order, and pages with after/next', async () => {
    const start = (await feed('?limit=1000')).next;
    const client = await backOffice.client(t);
    const ticket = await backOffice.ticket(t, client.id);
    const statement = await backOffice.defect(t, ticket.id);
    await t.integration(`/tickets/${ticket.id}`, { method: 'PATCH', json: { status: 5 } });
    await t.integration(`/defects/${statement.id}`, { method: 'PATCH', json: { sum: '1.00' } });
    await t.integration(`/defects/${statement.id}`, { method: 'PATCH', json: { sum: '1.00' } }); // no change: no event
    const bill = await backOffice.bill(t, client.id);
    await t.integration(`/bills/${bill.id}`, { method: 'PATCH', json: { status: 'Оплачен' } });
    await t.integration('/notifications', { method: 'POST', json: { client_id: client.id, description: 'Готово' } });
    await t.integration(`/clients/${client.id}/points`, { method: 'POST', json: { delta: 10, reason: 'Подарок' } });
    await t.integration(`/clients/${client.id}/points`, {
      method: 'POST',
      json: { delta: -11, reason: 'Слишком много' },
    }); // the whole balance (10) annulled

    const { events, pages } = await walk(start, 3);
    expect(pages).toBe(5); // 11 events in pages of 3, then the empty page
    expect(events.map((e) => e.type)).toEqual([
      'client.registered',
      'ticket.created',
      'defect.created',
      'ticket.updated',
      'defect.updated',
      'bill.created',
      'bill.updated',
      'points.changed', // the paid bill's 5 %: an account the back office opens takes part (ADR 0016, amended)
      'notification.created',
      'points.changed',
      'points.changed',
    ]);
    const ids = events.map((e) => e.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(events.every((e) => e.client_id === client.id && e.created_at === '2026-03-02T09:00:00.000Z')).toBe(true);
    expect(events.find((e) => e.type === 'defect.created')).toMatchObject({
      ticket_id: ticket.id,
      payload: { defect_id: statement.id, version: 1 },
    });
    expect(events.find((e) => e.type === 'defect.updated')).toMatchObject({
      ticket_id: ticket.id,
      payload: { version: 2, changed: { sum: '1.00' } },
    });

    // The same walk from the start in one page gives the same list.
    expect((await feed(`?after=${start}&limit=1000`)).events).toEqual(events);
  });

  it('defaults to after=0 and limit=100, never more than 1000', async () => {
    const client = await backOffice.client(t);
    for (let i = 0; i < 105; i += 1) {
      await t.integration('/notifications', { method: 'POST', json: { client_id: client.id, description: `№${i}` } });
    }
    const first = await feed('');
    expect(first.events).toHaveLength(100);
    expect(first.events[0]!.id).toBeGreaterThan(0);
    expect(first.next).toBe(first.events[99]!.id);
    const all = await feed('?limit=1000');
    expect(all.events.length).toBeGreaterThan(105);
    expect(all.events.slice(0, 100)).toEqual(first.events);
  });

  it.each(['?limit=0', '?limit=1001', '?limit=abc', '?after=-1', '?after=1.5', '?after=99999999999999999'])(
    'answers 422 for %s',
    async (query) => {
      const response = await t.integration(`/events${query}`);
      expect(response.status).toBe(422);
      expect((await errorBody(response)).success).toBe(false);
    },
  );

  it('answers 401 without a token', async () => {
    expect((await t.integration('/events', { token: null })).status).toBe(401);
  });
});

describe('PUT /api/v1/gifts/{id} and /trade-in-instruments/{id} (extensions)', () => {
  it('creates and replaces gifts', async () => {
    const image = await backOffice.file(t);
    const first = await t.integration('/gifts/5', {
      method: 'PUT',
      json: { name: 'Смазка', cost: 500, image_file_id: image.id, is_available: true },
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id: 5, created: true });
    const second = await t.integration('/gifts/5', {
      method: 'PUT',
      json: { name: 'Смазка W&H', cost: 600, is_available: false },
    });
    expect(await second.json()).toEqual({ id: 5, created: false });
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, 5));
    expect(row).toEqual({ id: 5, name: 'Смазка W&H', cost: 600, imageFileId: null, isAvailable: false });
  });

  it('creates and replaces trade-in instruments', async () => {
    const list = await backOffice.file(t);
    const body = {
      title: 'Турбина Synea Vision',
      list_image_file_id: list.id,
      page_image_file_id: null,
      properties: ['Свет LED+', 'Гарантия 2 года'],
      link: 'https://shop.example/synea',
      price_discount: '15000.00',
      is_active: true,
    };
    expect(await (await t.integration('/trade-in-instruments/3', { method: 'PUT', json: body })).json()).toEqual({
      id: 3,
      created: true,
    });
    expect(
      await (
        await t.integration('/trade-in-instruments/3', { method: 'PUT', json: { ...body, is_active: false } })
      ).json(),
    ).toEqual({ id: 3, created: false });
    const [row] = await t.db.select().from(tradeInInstruments).where(eq(tradeInInstruments.id, 3));
    expect(row).toMatchObject({
      title: 'Турбина Synea Vision',
      listImageFileId: list.id,
      properties: ['Свет LED+', 'Гарантия 2 года'],
      priceDiscount: '15000.00',
      isActive: false,
    });
  });

  it.each([
    ['/gifts/6', { name: 'X', cost: -1, is_available: true }, 'cost'],
    ['/gifts/6', { name: 'X', cost: 1.5, is_available: true }, 'cost'],
    ['/gifts/6', { name: 'X', cost: 1, is_available: true, image_file_id: 999_999 }, 'image_file_id'],
    [
      '/trade-in-instruments/6',
      { title: 'X', properties: [], link: 'ftp://x', price_discount: '1.00', is_active: true },
      'link',
    ],
    [
      '/trade-in-instruments/6',
      { title: 'X', properties: 'a', link: 'https://x.example', price_discount: '1.00', is_active: true },
      'properties',
    ],
    [
      '/trade-in-instruments/6',
      { title: 'X', properties: [], link: 'https://x.example', price_discount: 1, is_active: true },
      'price_discount',
    ],
    [
      '/trade-in-instruments/6',
      {
        title: 'X',
        properties: [],
        link: 'https://x.example',
        price_discount: '1.00',
        is_active: true,
        page_image_file_id: 999_999,
      },
      'page_image_file_id',
    ],
  ])('PUT %s refuses a bad %s with 422', async (path, json, field) => {
    const response = await t.integration(path, { method: 'PUT', json });
    expect(response.status).toBe(422);
    expect(Object.keys((await errorBody(response)).errors)).toContain(field);
  });

  it('answers 404 for impossible ids and 401 without a token', async () => {
    expect(
      (await t.integration('/gifts/0', { method: 'PUT', json: { name: 'X', cost: 1, is_available: true } })).status,
    ).toBe(404);
    expect(
      (
        await t.integration('/gifts/1', {
          method: 'PUT',
          json: { name: 'X', cost: 1, is_available: true },
          token: null,
        })
      ).status,
    ).toBe(401);
    expect((await t.integration('/trade-in-instruments/1', { method: 'PUT', json: {}, token: null })).status).toBe(401);
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('is public and describes every integration call', async () => {
    const response = await t.integration('/openapi.json', { token: null });
    expect(response.status).toBe(200);
    const document = await jsonBody<OpenApiBody>(response);
    expect(document.openapi).toBe('3.1.0');
    for (const endpoint of Object.values(integrationEndpoints)) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${path}`).toBeDefined();
    }
    const createTicket = operationOf(document, '/api/v1/tickets', 'post');
    const schema = createTicket.requestBody.content['application/json']?.schema;
    expect(schema?.properties.status?.$ref).toBe('#/components/schemas/TicketStatus');
    expect(document.components.schemas.TicketStatus?.enum).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(schema?.required).toEqual(['client_id', 'status', 'instruments']);
    expect(Object.keys(createTicket.responses)).toEqual(['201', '400', '401', '415', '422', '500', '503']);
    expect(operationOf(document, '/api/v1/files', 'post').requestBody.content['multipart/form-data']).toBeDefined();
    expect(Object.keys(operationOf(document, '/api/v1/files/{id}', 'get').responses)).toEqual([
      '200',
      '206',
      '401',
      '404',
      '416',
      '500',
      '503',
    ]);
    expect(operationOf(document, '/api/v1/clients/{id}/points', 'post').summary).toMatch(/extension/);
    expect(document.components.responses.Unavailable?.headers).toHaveProperty('Retry-After');
  });

  it('describes the feed’s cursor and limit as integers, the cursor one schema in the query and the answer', async () => {
    const document = await jsonBody<OpenApiBody>(await t.integration('/openapi.json', { token: null }));
    const feed = operationOf(document, '/api/v1/events', 'get');
    expect(feed.parameters).toEqual([
      { name: 'after', in: 'query', required: false, schema: { $ref: '#/components/schemas/EventCursor', default: 0 } },
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
      },
    ]);
    expect(JSON.stringify(feed.responses['200'])).toContain('"next":{"$ref":"#/components/schemas/EventCursor"}');
    expect(document.components.schemas.EventCursor?.type).toBe('integer');
    expect(document.components.schemas.Event?.oneOf).toHaveLength(Object.keys(eventPayloads).length);
  });
});

describe('a world built by the back office, seen by the clinic', () => {
  it('moves the counters of /ajax/user/data', async () => {
    const client = await backOffice.client(t);
    expect((await loginAs(t, client.email, client.password)).status).toBe(200);
    const userData = async () => (await answerOf(getUserData, await t.request('/ajax/user/data'))).user;
    expect(await userData()).toMatchObject({ id: client.id, balls: 0, unpaid_bills: 0, unread_notifications: 0 });

    const ticket = await backOffice.ticket(t, client.id, { status: 5 });
    const statement = await backOffice.defect(t, ticket.id);
    const unpaid = await backOffice.bill(t, client.id, { defective_list_ids: [statement.id] });
    await backOffice.bill(t, client.id, { status: 'Ожидает оплаты' });
    await backOffice.bill(t, client.id, { status: null });
    await backOffice.bill(t, client.id, { status: 'Оплачен' });
    for (const description of ['Ведомость готова', 'Счёт выставлен']) {
      await t.integration('/notifications', { method: 'POST', json: { client_id: client.id, description } });
    }
    await t.integration(`/clients/${client.id}/points`, {
      method: 'POST',
      json: { delta: 500, reason: 'Приветственные бонусы' },
    });
    expect(await userData()).toMatchObject({ balls: 500, unpaid_bills: 2, unread_notifications: 2 });

    await t.integration(`/bills/${unpaid.id}`, { method: 'PATCH', json: { status: 'Оплачен' } });
    await t.integration(`/clients/${client.id}/points`, { method: 'POST', json: { delta: -200, reason: 'Списание' } });
    expect(await userData()).toMatchObject({ balls: 300, unpaid_bills: 1, unread_notifications: 2 });
  });
});
