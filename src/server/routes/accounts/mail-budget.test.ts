import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, oneTimeCodes } from '#server/db/schema/accounts.ts';
import { insertAccount, loginAs, primeCsrf, registrationForm, uniqueEmail } from '../../../../tests/setup/accounts.ts';
import { errorBody } from '../../../../tests/setup/json.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// MAIL_HOURLY_BUDGET: every user-triggered mail (codes, reset links, new accounts' passwords) takes
// one from a budget all processes share through the database; spent, the next is refused with a
// calm 429 in Russian and logged, and nothing goes to the relay. Here the budget is 3.

let t: TestApp;
const START = Date.parse('2026-03-02T09:10:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: START, config: { mailHourlyBudget: 3, trustProxy: true } });
  await primeCsrf(t);
});
afterAll(() => t.close());

let net = 0;
const post = (path: string, json: unknown) =>
  t.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': `10.3.0.${++net}` } });
const BUDGET_SPENT =
  /^Сейчас мы отправляем слишком много писем и не можем отправить ещё одно\. Попробуйте через \d+ мин\.$/;

describe('the hourly mail budget', () => {
  it('refuses the mail past the budget, in every flow, and lets it through the next hour', async () => {
    const known = await insertAccount(t);
    expect((await post('/ajax/register/send-code', registrationForm(uniqueEmail('first')))).status).toBe(200);
    expect((await post('/ajax/guest/send-code', { email: uniqueEmail('second') })).status).toBe(200);
    expect((await post('/ajax/password/forgot', { email: known.email })).status).toBe(200);
    expect(await t.outbox.all()).toHaveLength(3);

    const late = uniqueEmail('late');
    const refused = await post('/ajax/register/send-code', registrationForm(late));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await errorBody(refused)).message).toMatch(BUDGET_SPENT);
    expect(await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, late))).toHaveLength(0);

    expect((await post('/ajax/guest/send-code', { email: uniqueEmail('guest') })).status).toBe(429);
    // A known and an unknown address are refused alike: the budget tells nothing about accounts.
    const forKnown = await post('/ajax/password/forgot', { email: known.email });
    const forUnknown = await post('/ajax/password/forgot', { email: uniqueEmail('unknown') });
    expect([forKnown.status, forUnknown.status]).toEqual([429, 429]);
    expect(await errorBody(forKnown)).toEqual(await errorBody(forUnknown));

    expect(await t.outbox.all()).toHaveLength(3);
    expect(t.logs.filter((line) => line.msg === 'mail budget spent: mail refused')).toHaveLength(4);

    t.setNow(START + 60 * 60 * 1000);
    expect((await post('/ajax/register/send-code', registrationForm(late))).status).toBe(200);
    expect(await t.outbox.for(late)).toHaveLength(1);
  });

  it("refuses a new login e-mail's code with the budget spent, and saves nothing of the form", async () => {
    t.setNow(START + 3 * 60 * 60 * 1000);
    const account = await insertAccount(t);
    expect((await loginAs(t, account.email)).status).toBe(200);
    for (let mail = 0; mail < 3; mail += 1)
      expect((await post('/ajax/guest/send-code', { email: uniqueEmail('filler') })).status).toBe(200);
    const refused = await post('/ajax/cabinet/profile/personal', {
      name: 'Мария',
      surname: 'Смирнова',
      phone: '79161234567',
      email: uniqueEmail('new'),
    });
    expect(refused.status).toBe(429);
    expect((await errorBody(refused)).message).toMatch(BUDGET_SPENT);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, account.id));
    expect(row).toMatchObject({ name: 'Анна', pendingEmail: null });
  });
});
