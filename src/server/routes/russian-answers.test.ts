// Fuzz answers once carried valibot's English defaults. Every write endpoint of the contracts
// (src/shared/api and screens) gets bodies of the wrong shape; every message in every answer must be Russian.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '#shared/api/endpoint.ts';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { insertAccount, loginAs } from '../../../tests/setup/accounts.ts';
import { contractEndpoints } from '../../../tests/setup/contract-endpoints.ts';

async function writeEndpoints(): Promise<Endpoint[]> {
  return (await contractEndpoints()).filter((endpoint) => endpoint.method !== 'GET' && endpoint.input);
}

/** Wrong shapes: empty, unknown keys, every kind of wrong value in the usual field names. */
const BODIES: unknown[] = [
  {},
  { unexpected: 1 },
  {
    ticket_id: 'x',
    defects: {},
    defect: [],
    comment: 5,
    email: 1,
    password: [],
    client_id: 'a',
    instruments: 'x',
    status: {},
    delta: 'x',
    reason: 1,
  },
  {
    ticket_id: -1,
    defects: [{}],
    defect: { id: 'x' },
    code: 12,
    series: [],
    sum: 1,
    date: 'yesterday',
    amount_document: 'много',
    id_1c: null,
    shipping_order: [],
  },
  {
    ticket_id: 1,
    defects: [{ id: 1.5, version: 'v' }],
    balls: -3,
    gift: 'x',
    name: {},
    phone: 7,
    firstname: 1,
    lastname: null,
  },
];

const isRussian = (text: unknown) =>
  typeof text === 'string' && /[а-яё]/i.test(text) && !/\b(Invalid|Expected|received)\b/.test(text);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  const account = await insertAccount(t);
  await loginAs(t, account.email);
});
afterAll(() => t.close());

describe('answers to bodies of the wrong shape', () => {
  it('are Russian in every message and every field error, on every write endpoint', async () => {
    const english: string[] = [];
    let answers = 0;
    for (const endpoint of await writeEndpoints()) {
      const path = endpoint.path.replace(/:\w+/g, '1');
      for (const json of BODIES) {
        const init = { method: endpoint.method, json, headers: { [IDEMPOTENCY_HEADER]: randomUUID() } };
        const response = path.startsWith('/api/') ? await t.integration(path, init) : await t.request(path, init);
        expect(response.status, `${endpoint.method} ${path}`).toBeLessThan(500);
        const body = (await response.json()) as { message?: unknown; errors?: Record<string, unknown[]> };
        if (body.message === undefined) continue;
        answers += 1;
        for (const text of [body.message, ...Object.values(body.errors ?? {}).flat()]) {
          if (!isRussian(text)) english.push(`${endpoint.method} ${path} ${JSON.stringify(json)}: ${String(text)}`);
        }
      }
    }
    expect(answers).toBeGreaterThan(50);
    expect(english).toEqual([]);
  });
});
