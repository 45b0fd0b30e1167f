import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, MAX_GRANTEES } from '#shared/screens/accesses.ts';
import { accountAccesses } from '#server/db/schema/accounts.ts';
import { events } from '#server/db/schema/platform.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { REPEAT_NOTICE_MS } from '#server/services/accounts/accesses.ts';
import { rateRules } from '#server/services/rate-limit.ts';
import { accountTestApp, insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { HOUR_MS } from '#shared/durations.ts';

// Limits on giving accesses (docs/api.md, accesses): changes per hour, accesses per clinic, and one
// notice per pair and kind within REPEAT_NOTICE_MS, however often a grant/revoke loop turns.

// Each test logged out with a fresh CSRF token, a day after the last (fresh rate-limit windows).
const t = accountTestApp('2026-03-02T09:00:00Z');

const link = (email: string) => t.request('/ajax/cabinet/link-account', { method: 'POST', json: { email } });
const unlink = (email: string) => t.request('/ajax/cabinet/unlink-account', { method: 'POST', json: { email } });

async function loggedInOwner() {
  const owner = await insertAccount(t);
  expect((await loginAs(t, owner.email)).status).toBe(200);
  return owner;
}

const noticesOf = async (clientId: number, words: string) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.clientId, clientId), like(notifications.description, `%${words}%`)))
  ).length;

describe('access limits', () => {
  it(`caps the accesses a clinic gives at ${MAX_GRANTEES}, in Russian, writing nothing`, async () => {
    const owner = await loggedInOwner();
    // Setup: all but one already given (as if over a few days).
    for (let i = 0; i < MAX_GRANTEES - 1; i++) {
      const grantee = await insertAccount(t);
      await t.db
        .insert(accountAccesses)
        .values({ ownerClientId: owner.id, granteeClientId: grantee.id, createdAt: new Date('2026-03-01T09:00:00Z') });
    }
    const last = await insertAccount(t);
    const extra = await insertAccount(t);
    expect((await link(last.email)).status).toBe(200);

    const refused = await link(extra.email);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: { email: string[] } }).errors.email).toEqual([ACCESS_MESSAGES.tooMany]);
    const given = await t.db.select().from(accountAccesses).where(eq(accountAccesses.ownerClientId, owner.id));
    expect(given).toHaveLength(MAX_GRANTEES);
    expect(await noticesOf(extra.id, 'Вам открыт доступ к заявкам и счетам')).toBe(0);

    // Taking one back makes room again.
    expect((await unlink(last.email)).status).toBe(200);
    expect((await link(extra.email)).status).toBe(200);
  });

  it(`takes ${rateRules.accessChangeAccount.limit} grants and revokes an hour, unknown addresses included, then 429 in Russian`, async () => {
    await loggedInOwner();
    const colleague = await insertAccount(t);
    const statuses: number[] = [];
    for (let i = 0; i < rateRules.accessChangeAccount.limit; i++) {
      statuses.push(
        (
          await (i % 3 === 2
            ? link(`nobody-${i}@clinic.test`)
            : i % 3 === 0
              ? link(colleague.email)
              : unlink(colleague.email))
        ).status,
      );
    }
    expect(statuses.every((status) => status === 200 || status === 422)).toBe(true);
    const refused = await link(colleague.email);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Слишком много попыток\. Попробуйте через \d+ мин\.$/,
    );
    expect((await unlink(colleague.email)).status).toBe(429);
    t.advance(HOUR_MS);
    expect((await link(colleague.email)).status).toBe(200);
  });

  it('tells each side once of a grant and once of a revoke, however often a loop repeats them', async () => {
    const owner = await loggedInOwner();
    const colleague = await insertAccount(t);
    for (let i = 0; i < 5; i++) {
      expect((await link(colleague.email)).status).toBe(200);
      t.advance(30_000);
      expect((await unlink(colleague.email)).status).toBe(200);
      t.advance(30_000);
    }
    expect(await noticesOf(colleague.id, 'Вам открыт доступ к заявкам и счетам')).toBe(1);
    expect(await noticesOf(colleague.id, 'Вам закрыт доступ к заявкам и счетам')).toBe(1);
    expect(await noticesOf(owner.id, 'Вы выдали доступ')).toBe(1);
    expect(await noticesOf(owner.id, 'Вы закрыли доступ')).toBe(1);
    // The journal keeps every change for the back office.
    const changes = await t.db.select().from(events).where(eq(events.clientId, owner.id));
    expect(changes.filter((event) => event.type.startsWith('access.'))).toHaveLength(10);

    // Once the loop has been quiet long enough, a grant is news again.
    t.advance(REPEAT_NOTICE_MS);
    expect((await link(colleague.email)).status).toBe(200);
    expect(await noticesOf(colleague.id, 'Вам открыт доступ к заявкам и счетам')).toBe(2);
  });
});
