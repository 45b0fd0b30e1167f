import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionMessages, type approveDefects } from '#shared/screens/decisions.ts';
import type { EndpointOutput } from '#shared/api/endpoint.ts';
import { events } from '#server/db/schema/platform.ts';
import { balance } from '#server/services/loyalty/points.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import {
  decide,
  decisionsFor,
  eventsFor,
  grantPoints,
  insertStatement,
  ledger,
  loggedInClinic,
  newKey,
  paths,
  storedKeys,
} from '../../../../tests/setup/decisions-world.ts';
import { jsonBody, type ErrorBody } from '../../../../tests/setup/json.ts';

/** Each of the racing decisions answers either the decision or its refusal. */
type DecisionBody = ErrorBody | EndpointOutput<typeof approveDefects>;

// Concurrent decisions (ADR 0006, ADR 0008): on PostgreSQL (TEST_DATABASE_URL) these really run in parallel
// transactions on a pool; on PGlite they are serialised by its single connection.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// PGlite is one connection: there the "races" run one after another and prove little; the
// PostgreSQL run (npm run test:server:pg, in CI) is the real race.
const onWhat = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite, serialised: the real race is on PostgreSQL';

describe(`concurrent decisions (${onWhat})`, () => {
  it('50 concurrent spends never take the balance below zero; successes add up to what was spent', async () => {
    const me = await loggedInClinic(t);
    await grantPoints(t, me.id, 1000);
    const statements = await Promise.all(
      Array.from({ length: 50 }, () => insertStatement(t, me.ticketId, { sum: '10000.00' })),
    );
    const responses = await Promise.all(
      statements.map((s) =>
        decide(t, paths.approve, { ticket_id: me.ticketId, defects: [{ id: s.id, version: s.version }], balls: 30 }),
      ),
    );
    const bodies = await Promise.all(responses.map((r) => jsonBody<DecisionBody>(r)));
    const ok = responses.filter((r) => r.status === 200).length;
    const refused = responses.filter((r) => r.status === 422);
    expect(ok + refused.length).toBe(50);
    // 1000 points at 30 a time: 33 spends fit, 10 points are left for the rest to be refused on.
    expect(ok).toBe(33);
    for (const body of bodies.filter((b) => b.success === false)) {
      expect(body.errors.balls).toEqual([decisionMessages.ballsTooMany(10)]);
    }
    expect(await balance(t.db, me.id, t.deps.now())).toBe(10);
    const spent = (await ledger(t, me.id)).filter((e) => e.delta < 0);
    expect(spent.reduce((sum, e) => sum - e.delta, 0)).toBe(30 * ok);
    const approvedEvents = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(eq(events.type, 'defect.approved'));
    expect(approvedEvents[0]!.n).toBe(ok);
    // Balances in answers are all distinct and never negative: each saw the one before it.
    const answered = bodies.filter((b) => b.success).map((b) => b.balls as number);
    expect(new Set(answered).size).toBe(ok);
    expect(Math.min(...answered)).toBeGreaterThanOrEqual(10);
  });

  it('concurrent requests with one key make exactly one decision; all get the same answer', async () => {
    const me = await loggedInClinic(t);
    await grantPoints(t, me.id, 500);
    const s = await insertStatement(t, me.ticketId, { sum: '1000.00' });
    const key = newKey();
    const body = { ticket_id: me.ticketId, defects: [{ id: s.id, version: 1 }], balls: 200 };
    const responses = await Promise.all(Array.from({ length: 5 }, () => decide(t, paths.approve, body, key)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(responses.map((r) => jsonBody<DecisionBody>(r)));
    for (const b of bodies) expect(b).toEqual({ success: true, message: 'Ремонт согласован', balls: 300 });
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(await decisionsFor(t, s.id)).toHaveLength(1);
    expect(await eventsFor(t, s.id)).toHaveLength(1);
    expect((await ledger(t, me.id)).filter((e) => e.delta < 0)).toHaveLength(1);
    expect((await storedKeys(t, me.id)).filter((k) => k.key === key)).toHaveLength(1);
  });

  it('concurrent decisions on one quote with different keys: one wins, the others are 409', async () => {
    const me = await loggedInClinic(t);
    const s = await insertStatement(t, me.ticketId);
    const responses = await Promise.all([
      decide(t, paths.approve, { ticket_id: me.ticketId, defects: [{ id: s.id, version: 1 }] }),
      decide(t, paths.reject, {
        ticket_id: me.ticketId,
        defects: [{ id: s.id, version: 1 }],
        comment: 'Дорогой ремонт',
      }),
      decide(t, paths.discuss, { ticket_id: me.ticketId, defect: { id: s.id, version: 1 }, comment: 'Вопрос' }),
      decide(t, paths.approve, { ticket_id: me.ticketId, defects: [{ id: s.id, version: 1 }] }),
    ]);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await decisionsFor(t, s.id)).toHaveLength(1);
    expect(await eventsFor(t, s.id)).toHaveLength(1);
  });

  it('decisions racing back-office changes of the same quotes: each is applied or refused, never a 500', async () => {
    const me = await loggedInClinic(t);
    await grantPoints(t, me.id, 5000);
    const statements = await Promise.all(
      Array.from({ length: 12 }, () => insertStatement(t, me.ticketId, { sum: '1000.00' })),
    );
    const calls = statements.flatMap((s, i) => {
      const decision = decide(t, paths.approve, {
        ticket_id: me.ticketId,
        defects: [{ id: s.id, version: 1 }],
        balls: 10,
      });
      const patch = t.integration(`/defects/${s.id}`, { method: 'PATCH', json: { sum: '2000.00' } });
      return i % 2 === 0 ? [decision, patch] : [patch, decision];
    });
    const responses = await Promise.all(calls);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const s of statements) {
      const decided = (await decisionsFor(t, s.id)).length;
      expect((await eventsFor(t, s.id)).filter((e) => e.type === 'defect.approved')).toHaveLength(decided);
    }
    const approved = (await Promise.all(statements.map((s) => decisionsFor(t, s.id)))).filter(
      (d) => d.length === 1,
    ).length;
    expect(await balance(t.db, me.id, t.deps.now())).toBe(5000 - 10 * approved);
  });
});
