import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOCODE_MESSAGES } from '#shared/screens/promocodes.ts';
import { events } from '#server/db/schema/platform.ts';
import { pointsEntries, promocodes, promocodeUses } from '#server/db/schema/loyalty.ts';
import { balance } from '#server/services/loyalty/points.ts';
import { applyPromocode } from '#server/services/loyalty/promocodes.ts';
import { insertAccount, loginAs, primeCsrf } from '../../../../tests/setup/accounts.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { answerOf, errorBody, jsonBody } from '../../../../tests/setup/json.ts';
import { getUserData } from '#shared/api/account.ts';

// Promo codes (portal.md §4.3, cabinet.md §2, API.md §Loyalty programme): the back office makes
// them, a clinic redeems each once for its points; refusals name the reason in errors.code and write
// nothing; guessing is throttled per account and per address.

const onWhat = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite, serialised: the real race is on PostgreSQL';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T09:00:00Z' });
});
afterAll(() => t.close());

let codeCounter = 0;
const freshCode = (prefix = 'ВЕСНА') => `${prefix}${Date.now().toString(36).toUpperCase()}${++codeCounter}`;

async function makeCode(body: Record<string, unknown>): Promise<number> {
  const response = await t.integration('/promocodes', { method: 'POST', json: body });
  const answer = await jsonBody<{ id: number }>(response);
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.id;
}

/** A clinic logged in on the test app's one browser; each test's rate-limit window is its own day. */
let day = 0;
async function clinic() {
  t.setNow(Date.parse('2026-03-10T09:00:00Z') + ++day * 86_400_000);
  t.cookies.clear();
  const account = await insertAccount(t);
  expect((await loginAs(t, account.email)).status).toBe(200);
  return account;
}

const apply = (promocode: unknown) => t.request('/ajax/promocode/set', { method: 'POST', json: { promocode } });

async function written(clientId: number) {
  const used = await t.db.select().from(events).where(eq(events.type, 'promocode.used'));
  return {
    balance: await balance(t.db, clientId, t.deps.now()),
    entries: (await t.db.select().from(pointsEntries).where(eq(pointsEntries.clientId, clientId))).length,
    events: used.filter((event) => event.clientId === clientId).map((event) => event.payload),
    uses: (await t.db.select().from(promocodeUses).where(eq(promocodeUses.clientId, clientId))).length,
  };
}

describe('POST /api/v1/promocodes', () => {
  it('creates a code (201 {id}); the same code in another case is 409', async () => {
    const code = freshCode('Лето');
    const id = await makeCode({ code, points: 300, max_uses: 5, valid_until: '2026-12-31' });
    expect(id).toBeGreaterThan(0);
    const [row] = await t.db.select().from(promocodes).where(eq(promocodes.id, id));
    expect(row).toMatchObject({ code, points: 300, maxUses: 5, uses: 0 });
    // A date alone: through the end of that day in Moscow.
    expect(row!.validUntil!.toISOString()).toBe('2026-12-31T20:59:59.999Z');
    const again = await t.integration('/promocodes', { method: 'POST', json: { code: code.toLowerCase(), points: 1 } });
    expect(again.status).toBe(409);
    expect((await errorBody(again)).errors.code).toEqual(['Промокод с таким кодом уже есть']);
  });

  it.each([
    [{ code: 'С ПРОБЕЛОМ', points: 10 }, 'code'],
    [{ code: '', points: 10 }, 'code'],
    [{ code: 'OK1', points: 0 }, 'points'],
    [{ code: 'OK2', points: 1.5 }, 'points'],
    [{ code: 'OK3', points: 10, max_uses: 0 }, 'max_uses'],
    [{ code: 'OK4', points: 10, valid_until: '2026-02-30' }, 'valid_until'],
  ])('refuses %j with 422 on %s, in Russian', async (body, field) => {
    const response = await t.integration('/promocodes', { method: 'POST', json: body });
    expect(response.status).toBe(422);
    const answer = await errorBody(response);
    expect(answer.errors[field]?.[0]).toMatch(/[А-Яа-яЁё]/);
  });

  it('needs the bearer token', async () => {
    expect(
      (await t.integration('/promocodes', { method: 'POST', json: { code: 'X1', points: 1 }, token: null })).status,
    ).toBe(401);
  });
});

describe('POST /ajax/promocode/set', () => {
  it('credits the points once, in any case, with one promocode.used; a second time is refused and writes nothing', async () => {
    const me = await clinic();
    const code = freshCode();
    await makeCode({ code, points: 500 });

    const first = await apply(` ${code.toLowerCase()} `);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, message: 500 });
    const after = await written(me.id);
    expect(after.balance).toBe(500);
    expect(after.events).toEqual([{ client_id: me.id, code, points: 500 }]);
    const { user } = await answerOf(getUserData, await t.request('/ajax/user/data'));
    expect(user?.balls).toBe(500);

    const second = await apply(code);
    expect(second.status).toBe(422);
    expect((await errorBody(second)).errors.code).toEqual([PROMOCODE_MESSAGES.used]);
    expect(await written(me.id)).toEqual(after);
  });

  it.each<[string, () => Promise<string>, string]>([
    ['an unknown code', async () => 'НЕТТАКОГО', PROMOCODE_MESSAGES.unknown],
    [
      'a code past its last day',
      async () => {
        const code = freshCode();
        await makeCode({ code, points: 100, valid_until: '2026-01-31' });
        return code;
      },
      PROMOCODE_MESSAGES.expired,
    ],
    [
      'a code whose uses are all taken',
      async () => {
        const code = freshCode();
        const id = await makeCode({ code, points: 100, max_uses: 1 });
        await t.db.update(promocodes).set({ uses: 1 }).where(eq(promocodes.id, id));
        return code;
      },
      PROMOCODE_MESSAGES.exhausted,
    ],
  ])('refuses %s with its reason in errors.code and writes nothing', async (_name, makeIt, message) => {
    const me = await clinic();
    const code = await makeIt();
    const before = await written(me.id);
    const response = await apply(code);
    expect(response.status).toBe(422);
    const answer = await errorBody(response);
    expect(answer).toMatchObject({ success: false, message, errors: { code: [message] } });
    expect(await written(me.id)).toEqual(before);
  });

  it('works through its last day (Moscow time)', async () => {
    const me = await clinic();
    const code = freshCode();
    const today = t.deps.now().toISOString().slice(0, 10); // 12:00 in Moscow
    await makeCode({ code, points: 40, valid_until: today });
    t.setNow(`${today}T20:59:00Z`); // 23:59 in Moscow
    expect((await apply(code)).status).toBe(200);
    expect((await written(me.id)).balance).toBe(40);
  });

  it("refuses an empty code with the spec's words, and a guest's", async () => {
    await clinic();
    const empty = await apply('   ');
    expect(empty.status).toBe(422);
    expect((await errorBody(empty)).errors.promocode).toEqual(['Введите промокод']);
    t.cookies.clear();
    await primeCsrf(t);
    expect((await apply('ЛЮБОЙ')).status).toBe(401);
  });

  it(`20 parallel applies of one code by one clinic credit it once (${onWhat})`, async () => {
    const me = await clinic();
    const code = freshCode();
    await makeCode({ code, points: 250 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => apply(code)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 422)).toHaveLength(19);
    const after = await written(me.id);
    expect(after).toMatchObject({ balance: 250, entries: 1, uses: 1 });
    expect(after.events).toHaveLength(1);
  });

  it(`max_uses holds when many clinics apply at once (${onWhat})`, async () => {
    const code = freshCode();
    const id = await makeCode({ code, points: 10, max_uses: 3 });
    const clinics = await Promise.all(Array.from({ length: 10 }, () => insertAccount(t)));
    const results = await Promise.allSettled(
      clinics.map((other, index) => applyPromocode(t.deps, other.id, `10.0.0.${index}`, code)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const [row] = await t.db.select().from(promocodes).where(eq(promocodes.id, id));
    expect(row!.uses).toBe(3);
    const [uses] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(promocodeUses)
      .where(eq(promocodeUses.promocodeId, id));
    expect(uses!.n).toBe(3);
  });
});

describe('guessing promo codes', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    // Behind a proxy the address is the X-Forwarded-For it vouches for: each test picks its own.
    guarded = await createTestApp({ now: '2026-04-01T09:00:00Z', config: { trustProxy: true } });
  });
  afterAll(() => guarded.close());

  const from = (ip: string, promocode: string) =>
    guarded.request('/ajax/promocode/set', { method: 'POST', json: { promocode }, headers: { 'x-forwarded-for': ip } });
  async function loggedIn() {
    guarded.cookies.clear();
    const account = await insertAccount(guarded);
    expect((await loginAs(guarded, account.email)).status).toBe(200);
    return account;
  }
  async function code(points: number) {
    const name = freshCode('ТОЧНО');
    expect((await guarded.integration('/promocodes', { method: 'POST', json: { code: name, points } })).status).toBe(
      201,
    );
    return name;
  }

  it('20 wrong codes an hour per account: the 21st try is 429, even a right code, and writes nothing; an hour later it works', async () => {
    const me = await loggedIn();
    const right = await code(70);
    for (let n = 1; n <= 20; n++) expect((await from(`192.0.2.${n}`, `НЕВЕРНЫЙ${n}`)).status).toBe(422);
    const throttled = await from('198.51.100.1', right);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await errorBody(throttled)).message).toMatch(/^Слишком много попыток/);
    expect(await balance(guarded.db, me.id, guarded.deps.now())).toBe(0);
    guarded.advance(60 * 60 * 1000);
    expect((await from('198.51.100.1', right)).status).toBe(200);
    expect(await balance(guarded.db, me.id, guarded.deps.now())).toBe(70);
  });

  it('20 wrong codes an hour per address, whichever accounts tried them', async () => {
    guarded.advance(24 * 60 * 60 * 1000);
    const right = await code(30);
    await loggedIn();
    for (let n = 1; n <= 10; n++) expect((await from('203.0.113.7', `ПЛОХОЙ${n}`)).status).toBe(422);
    const second = await loggedIn();
    for (let n = 11; n <= 20; n++) expect((await from('203.0.113.7', `ПЛОХОЙ${n}`)).status).toBe(422);
    expect((await from('203.0.113.7', right)).status).toBe(429);
    // The same account from another address is within both of its limits.
    expect((await from('203.0.113.8', right)).status).toBe(200);
    expect(await balance(guarded.db, second.id, guarded.deps.now())).toBe(30);
  });

  it('a code that worked gives its try back: only wrong codes use the allowance', async () => {
    guarded.advance(24 * 60 * 60 * 1000);
    await loggedIn();
    for (let n = 1; n <= 19; n++) expect((await from('192.0.2.200', `МИМО${n}`)).status).toBe(422);
    expect((await from('192.0.2.200', await code(5))).status).toBe(200);
    expect((await from('192.0.2.200', 'МИМО20')).status).toBe(422);
    expect((await from('192.0.2.200', 'МИМО21')).status).toBe(429);
  });
});
