import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills } from '#server/db/schema/tickets.ts';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice } from '../../../../tests/setup/back-office.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// A paid bill the back office spells otherwise must not ask the clinic to pay (docs/api.md "Bill
// statuses"): the paid spellings are stored as 'Оплачен'; any other text stays unpaid, and a text
// never seen before is logged once.

let t: TestApp;
let clientId: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  const client = await backOffice.client(t);
  clientId = client.id;
  expect((await loginAs(t, client.email, client.password)).status).toBe(200);
});
afterAll(() => t.close());

const storedStatus = async (id: number) =>
  (await t.db.select({ status: bills.status }).from(bills).where(eq(bills.id, id)))[0]?.status;

async function listed(id: number) {
  const { data } = (await (await t.request('/ajax/cabinet/bills')).json()) as {
    data: Array<{ id: number; status: string | null }>;
  };
  return data.find((bill) => bill.id === id);
}

const newStatusWarnings = () =>
  t.logs.filter((line) => line.level === 'warn' && String(line.msg).startsWith('bill status not known'));

describe('bill statuses from the integration API', () => {
  it.each(['Оплачено', 'оплачен', ' Оплачен ', 'ОПЛАЧЕНО', 'Оплачен'])('stores %j as paid on POST', async (status) => {
    const { id } = await backOffice.bill(t, clientId, { status });
    expect(await storedStatus(id)).toBe('Оплачен');
    expect(await listed(id)).toMatchObject({ status: 'Оплачен' });
  });

  it('stores a paid spelling as paid on PATCH, and the clinic is no longer asked to pay', async () => {
    const { id } = await backOffice.bill(t, clientId, { status: 'Не оплачен' });
    const response = await t.integration(`/bills/${id}`, { method: 'PATCH', json: { status: '  оплачено ' } });
    expect(response.status).toBe(200);
    expect(await storedStatus(id)).toBe('Оплачен');
    const user = (await (await t.request('/ajax/user/data')).json()) as { user: { unpaid_bills: number } };
    expect(user.user.unpaid_bills).toBe(0);
  });

  it('keeps other texts as the back office wrote them (spaces folded): unpaid by the spec', async () => {
    const { id } = await backOffice.bill(t, clientId, { status: 'Частично  оплачен ' });
    expect(await storedStatus(id)).toBe('Частично оплачен');
    const { id: unpaid } = await backOffice.bill(t, clientId, { status: 'Не оплачено' });
    expect(await storedStatus(unpaid)).toBe('Не оплачено');
  });

  it('logs a status it has never seen once, however many bills carry it', async () => {
    const before = newStatusWarnings().length;
    await backOffice.bill(t, clientId, { status: 'Проведён банком' });
    const { id } = await backOffice.bill(t, clientId, { status: 'Проведён банком' });
    await t.integration(`/bills/${id}`, { method: 'PATCH', json: { status: 'Не оплачен' } });
    await t.integration(`/bills/${id}`, { method: 'PATCH', json: { status: 'Проведён банком' } });
    const warnings = newStatusWarnings().slice(before);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ status: 'Проведён банком' });
  });
});
