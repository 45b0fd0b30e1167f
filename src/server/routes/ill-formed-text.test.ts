// A lone surrogate ("\ud800") gave a 500 wherever text reached a jsonb column, and
// was silently replaced in text columns. It is refused at the input layer, with a Russian 422, and
// nothing is written.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ILL_FORMED_TEXT_MESSAGE } from '#server/lib/validate.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { insertAccount, loginAs, primeCsrf, registrationForm, uniqueEmail } from '../../../tests/setup/accounts.ts';
import { backOffice } from '../../../tests/setup/back-office.ts';
import { decide, paths } from '../../../tests/setup/decisions-world.ts';

const LONE = 'Текст \ud800 и \udfff';

let t: TestApp;
let clientId: number;
let ticketId: number;
let defectId: number;
let billId: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  const account = await insertAccount(t);
  clientId = account.id;
  ticketId = (await backOffice.ticket(t, clientId)).id;
  defectId = (await backOffice.defect(t, ticketId)).id;
  billId = (await backOffice.bill(t, clientId)).id;
  await loginAs(t, account.email);
});
afterAll(() => t.close());

async function writes() {
  const result = await t.db.execute(sql`
    select (select count(*) from events)::int as events,
           (select count(*) from points_entries)::int as points,
           (select count(*) from bills)::int as bills,
           (select count(*) from one_time_codes)::int as codes,
           (select count(*) from decisions)::int as decisions`);
  return (result as unknown as { rows?: unknown[] }).rows?.[0] ?? (result as unknown as unknown[])[0];
}

const places: Array<[string, () => Promise<Response>]> = [
  [
    'points reason',
    () => t.integration(`/clients/${clientId}/points`, { method: 'POST', json: { delta: 10, reason: LONE } }),
  ],
  ['defect conclusion', () => t.integration(`/defects/${defectId}`, { method: 'PATCH', json: { conclusion: LONE } })],
  ['defect departure', () => t.integration(`/defects/${defectId}`, { method: 'PATCH', json: { departure: LONE } })],
  [
    'bill number',
    () =>
      t.integration('/bills', {
        method: 'POST',
        json: { client_id: clientId, id_1c: LONE, date: '2026-03-01', amount_document: '10.00', status: 'Не оплачен' },
      }),
  ],
  ['bill status', () => t.integration(`/bills/${billId}`, { method: 'PATCH', json: { status: LONE } })],
  [
    'discuss comment',
    () => decide(t, paths.discuss, { ticket_id: ticketId, defect: { id: defectId, version: 1 }, comment: LONE }),
  ],
  [
    'a key of a body',
    () => t.integration(`/defects/${defectId}`, { method: 'PATCH', json: { [`conclusion${LONE}`]: 'x' } }),
  ],
];

describe('a lone surrogate in input', () => {
  it.each(places)('is a Russian 422 and writes nothing: %s', async (_place, send) => {
    const before = await writes();
    const response = await send();
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ success: false, message: ILL_FORMED_TEXT_MESSAGE });
    expect(await writes()).toEqual(before);
  });

  it('is refused in the anonymous registration too, before any code is mailed', async () => {
    const client = await createTestApp();
    try {
      await primeCsrf(client);
      const email = uniqueEmail('surrogate');
      const response = await client.request('/ajax/register/send-code', {
        method: 'POST',
        json: { ...registrationForm(email), clinicName: LONE },
      });
      expect(response.status).toBe(422);
      expect(await client.outbox.for(email)).toHaveLength(0);
    } finally {
      await client.close();
    }
  });

  it('a query string with a broken escape is no 500', async () => {
    const response = await t.request(`/ajax/cabinet/tickets?search=${encodeURIComponent('a')}%ED%A0%80`);
    expect(response.status).toBeLessThan(500);
  });
});
