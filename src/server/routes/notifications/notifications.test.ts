import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { historyEntries } from '#server/db/schema/tickets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice } from '../../../../tests/setup/back-office.ts';
import { answerOf } from '../../../../tests/setup/json.ts';
import { getUserData } from '#shared/api/account.ts';

// Уведомления and История (cabinet.md §2, §7): the account's own, newest first, in pages; shown
// notifications count as read; another account's are never listed nor touched.

let t: TestApp;
let me: Awaited<ReturnType<typeof insertAccount>>;
let other: Awaited<ReturnType<typeof insertAccount>>;
const mine: number[] = [];
let foreign: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T09:00:00Z' });
  me = await insertAccount(t);
  other = await insertAccount(t);
  for (let n = 1; n <= 25; n += 1) {
    const [row] = await t.db
      .insert(notifications)
      .values({ clientId: me.id, description: `Уведомление ${n}`, createdAt: new Date(Date.UTC(2026, 2, 1, 9, n)) })
      .returning();
    mine.push(row!.id);
  }
  const [row] = await t.db
    .insert(notifications)
    .values({ clientId: other.id, description: 'Чужое уведомление' })
    .returning();
  foreign = row!.id;
  for (let n = 1; n <= 45; n += 1)
    await t.db.insert(historyEntries).values({
      clientId: me.id,
      description: `Событие ${n}`,
      subjectType: 'Ticket',
      createdAt: new Date(Date.UTC(2026, 2, 1, 10, n)),
    });
  await t.db.insert(historyEntries).values({ clientId: other.id, description: 'Чужое событие', subjectType: 'Ticket' });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.cookies.clear();
  expect((await loginAs(t, me.email)).status).toBe(200);
});

type Listed = {
  data: Array<{ id: number; description: string; is_viewed: boolean; created_at: string }>;
  next_cursor: string | null;
};
const list = async (query = '') => (await (await t.request(`/ajax/cabinet/notifications${query}`)).json()) as Listed;

describe('notifications', () => {
  it('lists the own ones newest first by date (an older one posted later goes after), 20 a page, then the rest', async () => {
    const first = await list();
    expect(first.data.map((row) => row.description).slice(0, 2)).toEqual(['Уведомление 25', 'Уведомление 24']);
    expect(first.data).toHaveLength(20);
    expect(first.data[0]!.created_at).toBe('2026-03-01 12:25:00');
    const second = await list(`?cursor=${first.next_cursor}`);
    expect(second.data.map((row) => row.description)).toEqual([
      'Уведомление 5',
      'Уведомление 4',
      'Уведомление 3',
      'Уведомление 2',
      'Уведомление 1',
    ]);
    expect(second.next_cursor).toBeNull();
    expect((await list('?limit=3')).data).toHaveLength(3);
    expect(JSON.stringify([first, second])).not.toContain('Чужое');
  });

  it('puts a notification about something older after the newer ones, whatever its id', async () => {
    const [late] = await t.db
      .insert(notifications)
      .values({ clientId: me.id, description: 'Задним числом', createdAt: new Date(Date.UTC(2026, 1, 1)) })
      .returning();
    const all = [...(await list('?limit=50')).data];
    expect(all.at(-1)?.description).toBe('Задним числом');
    expect(all[0]!.description).toBe('Уведомление 25');
    await t.db.delete(notifications).where(eq(notifications.id, late!.id));
  });

  it("marks the shown ones read, never another account's, and answers what stays unread", async () => {
    const read = await t.request('/ajax/cabinet/notifications/read', {
      method: 'POST',
      json: { ids: [mine[24], mine[23], foreign] },
    });
    expect(await read.json()).toEqual({ success: true, unread: 23 });
    expect((await list('?limit=2')).data.map((row) => row.is_viewed)).toEqual([true, true]);
    const [untouched] = await t.db.select().from(notifications).where(eq(notifications.id, foreign));
    expect(untouched!.isViewed).toBe(false);
    const user = (
      (await answerOf(getUserData, await t.request('/ajax/user/data'))) as { user: { unread_notifications: number } }
    ).user;
    expect(user.unread_notifications).toBe(23);
  });

  it('refuses junk ids and callers without a session', async () => {
    expect((await t.request('/ajax/cabinet/notifications/read', { method: 'POST', json: { ids: ['1'] } })).status).toBe(
      422,
    );
    t.cookies.clear();
    expect([401, 403]).toContain((await t.request('/ajax/cabinet/notifications')).status);
  });
});

describe('history', () => {
  const page = async (json: object) =>
    (
      (await (await t.request('/ajax/cabinet/history', { method: 'POST', json })).json()) as {
        data: { data: Array<{ description: string }>; last_page: number; current_page: number };
      }
    ).data;

  it('gives a page of 20, newest first, with the last page and the current one as the spec names them', async () => {
    const first = await page({});
    expect(first).toMatchObject({ last_page: 3, current_page: 1 });
    expect(first.data[0]!.description).toBe('Событие 45');
    const third = await page({ page: 3 });
    expect(third.data.map((row) => row.description)).toEqual([
      'Событие 5',
      'Событие 4',
      'Событие 3',
      'Событие 2',
      'Событие 1',
    ]);
    expect((await page({ page: 99 })).current_page).toBe(3);
    expect(JSON.stringify(third)).not.toContain('Чужое');
  });
});

describe('a notification about a ticket', () => {
  it("names its ticket when the back office gives the clinic's own; another clinic's ticket is 422 and nothing is written", async () => {
    const own = await backOffice.ticket(t, me.id);
    const theirs = await backOffice.ticket(t, other.id);
    const post = (ticketId: number) =>
      t.integration('/notifications', {
        method: 'POST',
        json: { client_id: me.id, description: `О заявке ${ticketId}`, ticket_id: ticketId },
      });
    const refused = await post(theirs.id);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.ticket_id).toEqual([
      'У этого клиента нет такой заявки',
    ]);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.description, `О заявке ${theirs.id}`)),
    ).toEqual([]);

    expect((await post(own.id)).status).toBe(201);
    const listed = (await list()).data.find((item) => item.description === `О заявке ${own.id}`) as
      { ticket_id?: number } | undefined;
    expect(listed?.ticket_id).toBe(own.id);
  });
});
