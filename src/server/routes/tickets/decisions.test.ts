import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveDefects, decisionMessages, type ConflictDetails } from '#shared/screens/decisions.ts';
import { decisions, defectStatements } from '#server/db/schema/tickets.ts';
import { tradeInInstruments } from '#server/db/schema/loyalty.ts';
import { events } from '#server/db/schema/platform.ts';
import { KEY_REUSED_MESSAGE } from '#server/services/idempotency.ts';
import { balance } from '#server/services/loyalty/points.ts';
import type { TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount } from '../../../../tests/setup/accounts.ts';
import {
  decide,
  decisionsFor,
  eventsFor,
  grantPoints,
  historyFor,
  insertStatement,
  insertTicket,
  ledger,
  appWithClinicAndShop,
  type Clinic,
  loggedInClinic,
  newKey,
  paths,
  seenQuotes,
  statementRow,
  storedKeys,
} from '../../../../tests/setup/decisions-world.ts';
import { answerOf, errorBody } from '../../../../tests/setup/json.ts';

// Decisions on quotes through the HTTP API as a logged-in clinic (cabinet.md §4; ADR 0006).

let t: TestApp;
let me: Clinic;

beforeAll(async () => {
  ({ t, me } = await appWithClinicAndShop({
    points: 2000,
    gifts: [
      { id: 1, cost: 300 },
      { id: 2, cost: 1000, isAvailable: false },
      { id: 3, cost: 100_000 },
    ],
    tradeIns: [
      { id: 1, title: 'Скалер новый' },
      { id: 2, isActive: false },
    ],
  }));
});
afterAll(() => t.close());

async function countEvents() {
  return (await t.db.select({ id: events.id }).from(events)).length;
}
async function countDecisions() {
  return (await t.db.select({ id: decisions.id }).from(decisions)).length;
}

/** Approves one quote at the version it was made with, spending points or taking a gift as `extra` says. */
const approveOne = (quote: { id: number }, extra: Record<string, unknown>) =>
  decide(t, paths.approve, { ticket_id: me.ticketId, defects: seenQuotes([quote.id, 1]), ...extra });

/** Asks about one quote at the version it was made with. */
const discussOne = (quote: { id: number }, comment: string) =>
  decide(t, paths.discuss, { ticket_id: me.ticketId, defect: { id: quote.id, version: 1 }, comment });

describe('ids beyond int4 in a decision body', () => {
  it('are refused with a Russian 422 and change nothing, in every decision', async () => {
    const s = await insertStatement(t, me.ticketId);
    const before = { events: await countEvents(), decisions: await countDecisions() };
    const huge = 2_147_483_648;
    const bodies: Array<[string, unknown]> = [
      [paths.approve, { ticket_id: huge, defects: [{ id: s.id, version: 1 }] }],
      [paths.approve, { ticket_id: me.ticketId, defects: [{ id: huge, version: 1 }] }],
      [paths.approve, { ticket_id: me.ticketId, defects: [{ id: s.id, version: huge }] }],
      [paths.approve, { ticket_id: me.ticketId, defects: [{ id: s.id, version: 1 }], gift: huge }],
      [paths.approve, { ticket_id: me.ticketId, defects: [{ id: s.id, version: 1 }], balls: huge }],
      [paths.reject, { ticket_id: me.ticketId, defects: [{ id: huge, version: 1 }], comment: 'Дорого' }],
      [paths.discuss, { ticket_id: me.ticketId, defect: { id: huge, version: 1 }, comment: 'Вопрос' }],
    ];
    for (const [path, body] of bodies) {
      const response = await decide(t, path, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await errorBody(response)).message).toMatch(/[а-яё]/i);
    }
    expect({ events: await countEvents(), decisions: await countDecisions() }).toEqual(before);
  });
});

describe('approve', () => {
  it('approves one quote: agreed 1, status 2, one event, one decision row, a history line', async () => {
    const s = await insertStatement(t, me.ticketId);
    const before = await balance(t.db, me.id, t.deps.now());
    const response = await decide(t, paths.approve, {
      ticket_id: me.ticketId,
      defects: [{ id: s.id, version: s.version }],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Ремонт согласован', balls: before });
    const row = await statementRow(t, s.id);
    expect(row).toMatchObject({ agreed: 1, status: 2, version: 2 });
    const evts = await eventsFor(t, s.id);
    expect(evts).toHaveLength(1);
    expect(evts[0]).toMatchObject({
      type: 'defect.approved',
      clientId: me.id,
      ticketId: me.ticketId,
      payload: { defect_id: s.id, balls: 0, gift: null },
    });
    expect(await decisionsFor(t, s.id)).toMatchObject([
      { kind: 'approved', clientId: me.id, statementVersion: 1, balls: 0 },
    ]);
    const history = await historyFor(t, s.id);
    expect(history).toHaveLength(1);
    expect(history[0]!.description).toMatch(/^Согласован ремонт по ведомости №\d+/);
    expect(history[0]!.ticketId).toBe(me.ticketId);
  });

  it('approves several quotes in one call, one event each', async () => {
    const a = await insertStatement(t, me.ticketId);
    const b = await insertStatement(t, me.ticketId, { version: 3 });
    const response = await decide(t, paths.approve, {
      ticket_id: me.ticketId,
      defects: seenQuotes([a.id, 1], [b.id, 3]),
    });
    expect(response.status).toBe(200);
    expect((await errorBody(response)).message).toBe('Ремонт согласован (ведомостей: 2)');
    for (const s of [a, b]) {
      expect((await statementRow(t, s.id)).agreed).toBe(1);
      expect((await eventsFor(t, s.id)).map((e) => e.type)).toEqual(['defect.approved']);
    }
  });

  it('spends points on one quote: a negative ledger entry naming the statement, balls in the event', async () => {
    const s = await insertStatement(t, me.ticketId, { sum: '1000.00' });
    const before = await balance(t.db, me.id, t.deps.now());
    const response = await approveOne(s, { balls: 300 });
    expect(response.status).toBe(200);
    expect((await answerOf(approveDefects, response)).balls).toBe(before - 300);
    const entries = await ledger(t, me.id);
    expect(entries.at(-1)).toMatchObject({ delta: -300 });
    expect(entries.at(-1)!.reason).toContain(`№${s.id}`);
    expect((await eventsFor(t, s.id))[0]!.payload).toEqual({
      defect_id: s.id,
      balls: 300,
      gift: null,
      actor_client_id: me.id,
    });
    const [changed] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'points.changed'), eq(events.clientId, me.id)))
      .orderBy(desc(events.id))
      .limit(1);
    expect(changed).toMatchObject({
      ticketId: me.ticketId,
      payload: { delta: -300, kind: 'spent', state: 'spent', defect_id: s.id, balance: before - 300 },
    });
    expect((await historyFor(t, s.id))[0]!.description).toContain('списано 300');
  });

  it('buys a gift with points: its cost leaves the ledger, the gift is in the event', async () => {
    const s = await insertStatement(t, me.ticketId);
    const before = await balance(t.db, me.id, t.deps.now());
    const response = await approveOne(s, { gift: 1 });
    expect(response.status).toBe(200);
    expect((await answerOf(approveDefects, response)).balls).toBe(before - 300);
    expect((await eventsFor(t, s.id))[0]!.payload).toEqual({
      defect_id: s.id,
      balls: 0,
      gift: 1,
      actor_client_id: me.id,
    });
    expect((await decisionsFor(t, s.id))[0]!.giftId).toBe(1);
  });

  it('refuses more points than 30 % of the cost: 422 on balls, nothing written', async () => {
    const s = await insertStatement(t, me.ticketId, { sum: '1000.00' });
    const before = await ledger(t, me.id);
    const response = await approveOne(s, { balls: 301 });
    expect(response.status).toBe(422);
    const body = await errorBody(response);
    expect(body.errors.balls).toEqual([decisionMessages.ballsTooMany(300)]);
    expect(body.message).toBe(decisionMessages.ballsTooMany(300));
    expect(await ledger(t, me.id)).toEqual(before);
    expect((await statementRow(t, s.id)).agreed).toBe(0);
    expect(await eventsFor(t, s.id)).toHaveLength(0);
  });

  it('refuses a gift that is not offered or not affordable, and one that does not exist', async () => {
    const s = await insertStatement(t, me.ticketId);
    for (const gift of [2, 3, 999]) {
      const response = await decide(t, paths.approve, { ticket_id: me.ticketId, defects: seenQuotes([s.id, 1]), gift });
      expect(response.status).toBe(422);
      const body = await errorBody(response);
      expect(body.errors.gift).toHaveLength(1);
    }
    expect((await statementRow(t, s.id)).agreed).toBe(0);
    expect(await eventsFor(t, s.id)).toHaveLength(0);
  });

  it('refuses points or a gift with several quotes (422 from the contract)', async () => {
    const a = await insertStatement(t, me.ticketId);
    const b = await insertStatement(t, me.ticketId);
    const response = await decide(t, paths.approve, {
      ticket_id: me.ticketId,
      defects: seenQuotes([a.id, 1], [b.id, 1]),
      balls: 10,
    });
    expect(response.status).toBe(422);
    expect(await eventsFor(t, a.id)).toHaveLength(0);
  });
});

describe('points beyond the balance', () => {
  it('caps the spend at the balance even when 30 % of the cost is more', async () => {
    const poor = await loggedInClinic(t);
    await grantPoints(t, poor.id, 50);
    const s = await insertStatement(t, poor.ticketId, { sum: '10000.00' });
    const response = await decide(t, paths.approve, {
      ticket_id: poor.ticketId,
      defects: [{ id: s.id, version: 1 }],
      balls: 51,
    });
    expect(response.status).toBe(422);
    expect((await errorBody(response)).errors.balls).toEqual([decisionMessages.ballsTooMany(50)]);
    const ok = await decide(t, paths.approve, {
      ticket_id: poor.ticketId,
      defects: [{ id: s.id, version: 1 }],
      balls: 50,
    });
    expect(ok.status).toBe(200);
    expect((await answerOf(approveDefects, ok)).balls).toBe(0);
    // Back to the main clinic's browser for the other tests.
    me = { ...me, ...(await relogin()) };
  });
});

async function relogin() {
  const { loginAs } = await import('../../../../tests/setup/accounts.ts');
  t.cookies.clear();
  const response = await loginAs(t, me.email, me.password);
  expect(response.status).toBe(200);
  return {};
}

describe('reject, discuss, trade-in', () => {
  it('rejects with a reason: agreed 2, status 4, defect.rejected with the comment', async () => {
    const s = await insertStatement(t, me.ticketId);
    const comment = 'Дорогой ремонт';
    const response = await decide(t, paths.reject, { ticket_id: me.ticketId, defects: seenQuotes([s.id, 1]), comment });
    expect(response.status).toBe(200);
    expect(await statementRow(t, s.id)).toMatchObject({ agreed: 2, status: 4 });
    expect((await eventsFor(t, s.id)).map((e) => [e.type, e.payload])).toEqual([
      ['defect.rejected', { defect_id: s.id, comment, actor_client_id: me.id }],
    ]);
    expect(await decisionsFor(t, s.id)).toMatchObject([{ kind: 'rejected', comment }]);
    expect((await historyFor(t, s.id))[0]!.description).toContain(comment);
  });

  it('refuses a reason outside the list: 422', async () => {
    const s = await insertStatement(t, me.ticketId);
    const response = await decide(t, paths.reject, {
      ticket_id: me.ticketId,
      defects: seenQuotes([s.id, 1]),
      comment: 'просто так',
    });
    expect(response.status).toBe(422);
    expect((await errorBody(response)).message).toBe(decisionMessages.reasonRequired);
  });

  it('discusses with a comment: agreed 3, status unchanged, defect.discussed', async () => {
    const s = await insertStatement(t, me.ticketId);
    const response = await discussOne(s, '  Почему так дорого?  ');
    expect(response.status).toBe(200);
    expect(await statementRow(t, s.id)).toMatchObject({ agreed: 3, status: 1 });
    expect((await eventsFor(t, s.id)).map((e) => [e.type, e.payload])).toEqual([
      ['defect.discussed', { defect_id: s.id, comment: 'Почему так дорого?', actor_client_id: me.id }],
    ]);
  });

  it('refuses an empty comment', async () => {
    const s = await insertStatement(t, me.ticketId);
    const response = await discussOne(s, '   ');
    expect(response.status).toBe(422);
    expect((await errorBody(response)).message).toBe(decisionMessages.commentRequired);
  });

  it('may decide again once the back office sets agreed back to 0 (with a new version)', async () => {
    const s = await insertStatement(t, me.ticketId);
    await decide(t, paths.discuss, { ticket_id: me.ticketId, defect: { id: s.id, version: 1 }, comment: 'Вопрос' });
    await t.db.update(defectStatements).set({ agreed: 0, version: 3 }).where(eq(defectStatements.id, s.id));
    const response = await decide(t, paths.approve, { ticket_id: me.ticketId, defects: [{ id: s.id, version: 3 }] });
    expect(response.status).toBe(200);
    expect((await eventsFor(t, s.id)).map((e) => e.type)).toEqual(['defect.discussed', 'defect.approved']);
  });

  it('trades in for an active instrument: agreed 4, defect.trade_in with the price agreed', async () => {
    const s = await insertStatement(t, me.ticketId, { tradeIsEnabled: true });
    const response = await decide(t, paths.tradeIn, {
      ticket_id: me.ticketId,
      defect: { id: s.id, version: 1 },
      instrument_id: 1,
    });
    expect(response.status).toBe(200);
    expect((await errorBody(response)).message).toContain('Скалер новый');
    expect((await statementRow(t, s.id)).agreed).toBe(4);
    expect((await eventsFor(t, s.id)).map((e) => [e.type, e.payload])).toEqual([
      ['defect.trade_in', { defect_id: s.id, instrument_id: 1, price: '30000.00', actor_client_id: me.id }],
    ]);
    expect(await decisionsFor(t, s.id)).toMatchObject([
      { kind: 'trade_in', tradeInInstrumentId: 1, tradeInTitle: 'Скалер новый', tradeInPrice: '30000.00' },
    ]);
    expect((await historyFor(t, s.id)).at(-1)?.description).toMatch(/«Скалер новый» за 30\s000,00\s₽/);
  });

  it('refuses a trade-in at a price the catalogue no longer has (409, Russian, nothing written); the shown price goes through', async () => {
    const s = await insertStatement(t, me.ticketId, { tradeIsEnabled: true });
    const seen = { ticket_id: me.ticketId, defect: { id: s.id, version: 1 }, instrument_id: 1 };
    const stale = await decide(t, paths.tradeIn, { ...seen, price: '25000.00' });
    expect(stale.status).toBe(409);
    expect((await errorBody(stale)).message).toMatch(/^Цена инструмента изменилась: теперь 30\s000,00\s₽/);
    expect((await statementRow(t, s.id)).agreed).toBe(0);
    expect(await eventsFor(t, s.id)).toHaveLength(0);
    expect(await decisionsFor(t, s.id)).toHaveLength(0);
    expect(await historyFor(t, s.id)).toHaveLength(0);

    const shown = await decide(t, paths.tradeIn, { ...seen, price: '30000.00' });
    expect(shown.status).toBe(200);
    expect(await decisionsFor(t, s.id)).toMatchObject([{ kind: 'trade_in', tradeInPrice: '30000.00' }]);
  });

  it('shows on the ticket what was chosen and for how much, as agreed, whatever the catalogue says later', async () => {
    const s = await insertStatement(t, me.ticketId, { tradeIsEnabled: true });
    expect(
      (await decide(t, paths.tradeIn, { ticket_id: me.ticketId, defect: { id: s.id, version: 1 }, instrument_id: 1 }))
        .status,
    ).toBe(200);
    await t.db
      .update(tradeInInstruments)
      .set({ title: 'Скалер другой', priceDiscount: '45000.00' })
      .where(eq(tradeInInstruments.id, 1));
    try {
      const page = (await (await t.request(`/ajax/cabinet/tickets/${me.ticketId}`)).json()) as {
        ticket: { defective_lists: Array<{ id: number; agreed: number; trade_in: unknown }> };
      };
      const traded = page.ticket.defective_lists.find((statement) => statement.id === s.id);
      expect(traded).toMatchObject({ agreed: 4, trade_in: { name: 'Скалер новый', sum: '30000.00' } });
      // Any other decision has none.
      const others = page.ticket.defective_lists.filter((statement) => statement.agreed !== 4);
      expect(others.length).toBeGreaterThan(0);
      expect(others.map((statement) => statement.trade_in)).toEqual(others.map(() => null));
    } finally {
      await t.db
        .update(tradeInInstruments)
        .set({ title: 'Скалер новый', priceDiscount: '30000.00' })
        .where(eq(tradeInInstruments.id, 1));
    }
  });

  it('refuses trade-in when the quote does not offer it, or for an inactive or unknown instrument', async () => {
    const plain = await insertStatement(t, me.ticketId);
    const offered = await insertStatement(t, me.ticketId, { tradeIsEnabled: true });
    const refused = [
      await decide(t, paths.tradeIn, {
        ticket_id: me.ticketId,
        defect: { id: plain.id, version: 1 },
        instrument_id: 1,
      }),
      await decide(t, paths.tradeIn, {
        ticket_id: me.ticketId,
        defect: { id: offered.id, version: 1 },
        instrument_id: 2,
      }),
      await decide(t, paths.tradeIn, {
        ticket_id: me.ticketId,
        defect: { id: offered.id, version: 1 },
        instrument_id: 77,
      }),
    ];
    expect(refused.map((r) => r.status)).toEqual([422, 422, 422]);
    expect(await eventsFor(t, plain.id)).toHaveLength(0);
    expect(await eventsFor(t, offered.id)).toHaveLength(0);
  });
});

describe('idempotency', () => {
  it('a replay with the same key returns the first answer and writes nothing', async () => {
    const s = await insertStatement(t, me.ticketId, { sum: '1000.00' });
    const key = newKey();
    const body = { ticket_id: me.ticketId, defects: [{ id: s.id, version: 1 }], balls: 100 };
    const first = await decide(t, paths.approve, body, key);
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    const entries = await ledger(t, me.id);
    const eventCount = await countEvents();
    // Key order and defaults do not make it another request.
    const replay = await decide(
      t,
      paths.approve,
      { balls: 100, defects: [{ version: 1, id: s.id }], ticket_id: me.ticketId, gift: null },
      key,
    );
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(firstBody);
    expect(await ledger(t, me.id)).toEqual(entries);
    expect(await countEvents()).toBe(eventCount);
    expect(await eventsFor(t, s.id)).toHaveLength(1);
    expect(await decisionsFor(t, s.id)).toHaveLength(1);
  });

  it('the same key with another body is refused with 422', async () => {
    const a = await insertStatement(t, me.ticketId);
    const b = await insertStatement(t, me.ticketId);
    const key = newKey();
    expect(
      (await decide(t, paths.approve, { ticket_id: me.ticketId, defects: [{ id: a.id, version: 1 }] }, key)).status,
    ).toBe(200);
    const other = await decide(t, paths.approve, { ticket_id: me.ticketId, defects: [{ id: b.id, version: 1 }] }, key);
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ success: false, message: KEY_REUSED_MESSAGE });
    expect((await statementRow(t, b.id)).agreed).toBe(0);
    // Another call (path) with the same key is another request too.
    const reject = await decide(
      t,
      paths.reject,
      { ticket_id: me.ticketId, defects: [{ id: a.id, version: 1 }], comment: 'Дорогой ремонт' },
      key,
    );
    expect(reject.status).toBe(422);
  });

  it('a missing or malformed key is 400 before anything else', async () => {
    const s = await insertStatement(t, me.ticketId);
    const body = { ticket_id: me.ticketId, defects: [{ id: s.id, version: 1 }] };
    for (const key of [null, 'short', 'has space in it', 'x'.repeat(201), 'key/with/slashes', 'key;semicolon']) {
      const response = await decide(t, paths.approve, body, key);
      expect(response.status).toBe(400);
      expect((await errorBody(response)).message).toContain(IDEMPOTENCY_HEADER);
    }
    // Even with an invalid body: the key is checked first.
    expect((await decide(t, paths.discuss, {}, null)).status).toBe(400);
    expect((await statementRow(t, s.id)).agreed).toBe(0);
  });

  it('keys are per user: another clinic may use the same key', async () => {
    const key = newKey();
    const mine = await insertStatement(t, me.ticketId);
    expect(
      (await decide(t, paths.approve, { ticket_id: me.ticketId, defects: [{ id: mine.id, version: 1 }] }, key)).status,
    ).toBe(200);
    const other = await loggedInClinic(t);
    const theirs = await insertStatement(t, other.ticketId);
    expect(
      (await decide(t, paths.approve, { ticket_id: other.ticketId, defects: [{ id: theirs.id, version: 1 }] }, key))
        .status,
    ).toBe(200);
    expect((await statementRow(t, theirs.id)).agreed).toBe(1);
    await relogin();
  });

  it('a stored refusal is replayed as it was, even after the quote changed', async () => {
    const s = await insertStatement(t, me.ticketId, { version: 2 });
    const key = newKey();
    const body = { ticket_id: me.ticketId, defects: [{ id: s.id, version: 1 }] };
    const first = await decide(t, paths.approve, body, key);
    expect(first.status).toBe(409);
    const firstBody = await first.json();
    expect((await storedKeys(t, me.id)).find((k) => k.key === key)?.status).toBe(409);
    await t.db.update(defectStatements).set({ version: 1 }).where(eq(defectStatements.id, s.id));
    const replay = await decide(t, paths.approve, body, key);
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual(firstBody);
    expect((await statementRow(t, s.id)).agreed).toBe(0);
  });
});

describe('conflicts and access', () => {
  it('a stale version is 409 with the current state in details, and nothing is written', async () => {
    const fresh = await insertStatement(t, me.ticketId);
    const changed = await insertStatement(t, me.ticketId, { sum: '15000.00', version: 2 });
    const eventCount = await countEvents();
    const decisionCount = await countDecisions();
    const response = await decide(t, paths.approve, {
      ticket_id: me.ticketId,
      defects: seenQuotes([fresh.id, 1], [changed.id, 1]),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      message: decisionMessages.conflict,
      details: {
        statements: [
          { id: fresh.id, version: 1, sum: '10000.00', status: 1, agreed: 0 },
          { id: changed.id, version: 2, sum: '15000.00', status: 1, agreed: 0 },
        ],
      },
    });
    expect((await statementRow(t, fresh.id)).agreed).toBe(0);
    expect(await countEvents()).toBe(eventCount);
    expect(await countDecisions()).toBe(decisionCount);
    expect(await historyFor(t, fresh.id)).toHaveLength(0);
  });

  it('a decided quote is 409 alreadyDecided, for every kind of decision', async () => {
    const s = await insertStatement(t, me.ticketId, { tradeIsEnabled: true });
    expect(
      (await decide(t, paths.approve, { ticket_id: me.ticketId, defects: [{ id: s.id, version: 1 }] })).status,
    ).toBe(200);
    const attempts = [
      await decide(t, paths.approve, { ticket_id: me.ticketId, defects: [{ id: s.id, version: 2 }] }),
      await decide(t, paths.reject, {
        ticket_id: me.ticketId,
        defects: seenQuotes([s.id, 2]),
        comment: 'Дорогой ремонт',
      }),
      await decide(t, paths.discuss, { ticket_id: me.ticketId, defect: { id: s.id, version: 2 }, comment: 'Вопрос' }),
      await decide(t, paths.tradeIn, { ticket_id: me.ticketId, defect: { id: s.id, version: 2 }, instrument_id: 1 }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(409);
      const body = await errorBody<ConflictDetails>(response);
      expect(body.message).toBe(decisionMessages.alreadyDecided);
      expect(body.details.statements[0]).toMatchObject({ id: s.id, agreed: 1 });
    }
    expect(await eventsFor(t, s.id)).toHaveLength(1);
  });

  it("another clinic's quote is 404 with no data, whichever ticket is named", async () => {
    const stranger = await insertAccount(t);
    const theirTicket = await insertTicket(t, stranger.id);
    const theirs = await insertStatement(t, theirTicket);
    const mine = await insertStatement(t, me.ticketId);
    const calls = [
      decide(t, paths.approve, { ticket_id: theirTicket, defects: [{ id: theirs.id, version: 1 }] }),
      decide(t, paths.approve, { ticket_id: me.ticketId, defects: [{ id: theirs.id, version: 1 }] }),
      decide(t, paths.approve, {
        ticket_id: me.ticketId,
        defects: seenQuotes([mine.id, 1], [theirs.id, 1]),
      }),
      decide(t, paths.reject, {
        ticket_id: theirTicket,
        defects: [{ id: theirs.id, version: 1 }],
        comment: 'Дорогой ремонт',
      }),
      decide(t, paths.discuss, { ticket_id: theirTicket, defect: { id: theirs.id, version: 1 }, comment: 'Вопрос' }),
      decide(t, paths.tradeIn, { ticket_id: theirTicket, defect: { id: theirs.id, version: 1 }, instrument_id: 1 }),
      t.request(`/ajax/cabinet/defects/${theirs.id}/loyalty`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, message: 'Не найдено' });
    }
    expect((await statementRow(t, theirs.id)).agreed).toBe(0);
    expect((await statementRow(t, mine.id)).agreed).toBe(0);
  });

  it('logged out: 401 and nothing written', async () => {
    const s = await insertStatement(t, me.ticketId);
    const response = await t.request(paths.approve, {
      method: 'POST',
      json: { ticket_id: me.ticketId, defects: [{ id: s.id, version: 1 }] },
      headers: { [IDEMPOTENCY_HEADER]: newKey() },
      cookies: false,
    });
    expect([401, 403]).toContain(response.status);
    expect((await statementRow(t, s.id)).agreed).toBe(0);
  });
});
