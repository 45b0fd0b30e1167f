import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_TEXTS, getBonuses } from '#shared/screens/bonuses.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { events } from '#server/db/schema/platform.ts';
import { pointsEntries, promocodes, promocodeUses, quizAnswers } from '#server/db/schema/loyalty.ts';
import { loginAs, mailedCode, primeCsrf, registrationForm, uniqueEmail } from '../../../../tests/setup/accounts.ts';
import { backOffice, integrationCall } from '../../../../tests/setup/back-office.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { answerOf, errorBody } from '../../../../tests/setup/json.ts';
import { getUserData } from '#shared/api/account.ts';
import { getQuiz } from '#shared/screens/quizzes.ts';

// Points by the programme's rules (portal.md §4.7; ADR 0016, amended): every account takes part from its
// registration or from the back office opening it, with no separate confirmation; a clinic that
// left, or any clinic once the programme's end is announced, is credited nothing by a promo code or
// a survey either — refused with the reason, nothing written, the code or survey still unused.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
});
afterAll(() => t.close());

const call = <T = Record<string, unknown>>(path: string, method: string, json?: unknown, status?: number) =>
  integrationCall<T>(t, path, method, json, status);

const pointsOf = (clientId: number) =>
  call<{ balance: number; pending: number; entries: Array<{ delta: number; state: string }> }>(
    `/clients/${clientId}/points`,
    'GET',
  );
const setState = (clientId: number, state: string) => call(`/clients/${clientId}/loyalty`, 'POST', { state });
const operation = (clientId: number, paidAt: string, amount = '1000.00') =>
  call<{ points: number }>(
    '/loyalty/operations',
    'POST',
    {
      client_id: clientId,
      external_id: `op-${Math.random()}`,
      paid_at: paidAt,
      lines: [{ name: 'Наконечник', amount }],
    },
    201,
  );

async function clinic() {
  t.cookies.clear();
  const client = await backOffice.client(t);
  expect((await loginAs(t, client.email, client.password)).status).toBe(200);
  return client;
}

describe('who takes part', () => {
  it('an account registered on the site takes part from its registration and earns on a paid bill, even from a page that still sends the old checkbox unticked', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    t.cookies.clear();
    await primeCsrf(t);
    const email = uniqueEmail('joins');
    const form = { ...registrationForm(email), loyaltyEligible: false };
    expect((await t.request('/ajax/register/send-code', { method: 'POST', json: form })).status).toBe(200);
    expect(
      (
        await t.request('/ajax/register/confirm', {
          method: 'POST',
          json: { ...form, code: await mailedCode(t, email) },
        })
      ).status,
    ).toBe(200);
    const [row] = await t.db
      .select({ id: clients.id, since: clients.loyaltyParticipantSince })
      .from(clients)
      .where(eq(clients.email, email));
    expect(row!.since).toEqual(new Date('2026-03-02T09:00:00Z'));
    await backOffice.bill(t, row!.id, { amount_document: '1000.00', status: 'Оплачен' });
    expect(await pointsOf(row!.id)).toMatchObject({
      balance: 0,
      pending: 50,
      entries: [{ delta: 50, state: 'pending' }],
    });
  });

  it('an account the back office opens earns from then; an operation paid before its opening earns nothing', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await backOffice.client(t);
    expect((await operation(client.id, '2026-03-01T09:00:00Z')).points).toBe(0);
    expect((await operation(client.id, '2026-03-02T09:00:00Z')).points).toBe(50);
    expect((await pointsOf(client.id)).pending).toBe(50);
  });

  it('says on the Бонусы page that it earns, and the retired confirmation call writes nothing and says it is not needed', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await clinic();
    expect((await answerOf(getBonuses, await t.request('/ajax/cabinet/points'))).data.not_earning).toBeNull();
    const old = await t.request('/ajax/cabinet/points/eligibility', { method: 'POST', json: { confirmed: true } });
    expect(await old.json()).toEqual({ success: true, message: BONUS_TEXTS.eligibilityNotNeeded });
    expect(
      await t.db
        .select()
        .from(events)
        .where(and(eq(events.clientId, client.id), eq(events.type, 'client.updated'))),
    ).toEqual([]);
  });

  it('rejoining after leaving starts a new participation: what was paid while out earns nothing', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const client = await backOffice.client(t);
    await setState(client.id, 'left');
    t.setNow('2026-03-05T09:00:00Z');
    expect((await operation(client.id, '2026-03-04T09:00:00Z')).points).toBe(0);
    await setState(client.id, 'active');
    expect((await operation(client.id, '2026-03-04T09:00:00Z')).points).toBe(0);
    expect((await operation(client.id, '2026-03-05T09:00:00Z')).points).toBe(50);
  });
});

async function makeCode(points = 300): Promise<string> {
  const code = `ВЕСНА${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  await call('/promocodes', 'POST', { code, points }, 201);
  return code;
}
const apply = (promocode: string) => t.request('/ajax/promocode/set', { method: 'POST', json: { promocode } });

async function makeQuiz(): Promise<number> {
  const body = {
    title: 'Опрос',
    minutes_count: 1,
    balls_count: 150,
    questions: [{ title: 'Как дела?', type: 'radio-button', has_own: false, items: [{ title: 'Хорошо' }] }],
  };
  return (await call<{ id: number }>('/quizzes', 'POST', body, 201)).id;
}
async function answerQuiz() {
  const quiz = await answerOf(getQuiz, await t.request('/ajax/cabinet/quiz/get'));
  const question = quiz.questions[0]!;
  return t.request('/ajax/cabinet/quiz/send', {
    method: 'POST',
    json: { quiz_id: quiz.id, answers: [{ question_id: question.id, results: [question.items[0]!.id] }] },
  });
}

async function nothingWritten(clientId: number) {
  expect(await t.db.select().from(pointsEntries).where(eq(pointsEntries.clientId, clientId))).toEqual([]);
  expect(await t.db.select().from(promocodeUses).where(eq(promocodeUses.clientId, clientId))).toEqual([]);
  expect(await t.db.select().from(quizAnswers).where(eq(quizAnswers.clientId, clientId))).toEqual([]);
  const written = await t.db.select({ type: events.type }).from(events).where(eq(events.clientId, clientId));
  expect(written.map((e) => e.type).filter((type) => type !== 'client.registered')).toEqual([]);
}

describe('promo codes and surveys follow participation', () => {
  it('a clinic that left: the promo code is refused with 409 and the reason, nothing written, the code unused; after rejoining it credits', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const me = await clinic();
    const code = await makeCode();
    await call(`/clients/${me.id}/loyalty`, 'POST', { state: 'left' });
    const refused = await apply(code);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      success: false,
      message: BONUS_TEXTS.left,
      errors: { code: [BONUS_TEXTS.left] },
    });
    await nothingWritten(me.id);
    expect(
      (await t.db.select({ uses: promocodes.uses }).from(promocodes).where(eq(promocodes.code, code)))[0]!.uses,
    ).toBe(0);

    await setState(me.id, 'active');
    const credited = await apply(code);
    expect(await credited.json()).toEqual({ success: true, message: 300 });
    expect((await pointsOf(me.id)).balance).toBe(300);
  });

  it('a clinic that left: the survey is refused with 409 and the reason, nothing written, still offered; after rejoining it credits', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    await makeQuiz();
    const me = await clinic();
    await setState(me.id, 'left');
    const refused = await answerQuiz();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      success: false,
      message: BONUS_TEXTS.left,
      errors: { quiz_id: [BONUS_TEXTS.left] },
    });
    await nothingWritten(me.id);
    expect((await answerOf(getUserData, await t.request('/ajax/user/data'))).user?.quiz_available).toBe(true);

    await setState(me.id, 'active');
    expect((await answerQuiz()).status).toBe(200);
    expect((await pointsOf(me.id)).balance).toBe(150);
  });

  it('a suspended clinic: the promo code is credited and held until the suspension is lifted', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const me = await clinic();
    await setState(me.id, 'suspended');
    t.setNow('2026-03-02T09:01:00Z');
    expect((await apply(await makeCode(120))).status).toBe(200);
    expect(await pointsOf(me.id)).toMatchObject({ balance: 0, pending: 120 });
    const page = (await answerOf(getBonuses, await t.request('/ajax/cabinet/points'))).data;
    expect(page).toMatchObject({ not_earning: 'suspended', pending_by_date: [{ points: 120, activates_at: null }] });
  });

  // Last: the announcement holds for every client of this app until a later one.
  it('once the programme’s end is announced, a promo code and a survey credit nothing and say so; a restart credits again', async () => {
    t.setNow('2026-03-02T09:00:00Z');
    const code = await makeCode();
    await makeQuiz();
    const me = await clinic();
    await call('/loyalty/programme', 'PUT', { state: 'ending', ends_on: '2026-03-20' });
    const promo = await apply(code);
    expect(promo.status).toBe(409);
    expect((await errorBody(promo)).errors.code).toEqual([BONUS_TEXTS.programmeEnding]);
    const survey = await answerQuiz();
    expect(survey.status).toBe(409);
    expect((await errorBody(survey)).message).toBe(BONUS_TEXTS.programmeEnding);
    await nothingWritten(me.id);
    expect((await answerOf(getBonuses, await t.request('/ajax/cabinet/points'))).data).toMatchObject({
      not_earning: 'programme',
      programme: { state: 'ending' },
      rows: [],
    });

    await call('/loyalty/programme', 'PUT', { state: 'active' });
    expect((await apply(code)).status).toBe(200);
    expect((await answerQuiz()).status).toBe(200);
    expect((await pointsOf(me.id)).balance).toBe(450);
  });
});
