import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import type { AccessLevel } from '#shared/screens/access-levels.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { notificationDeliveries, notifications, pushSubscriptions } from '#server/db/schema/notifications.ts';
import { events } from '#server/db/schema/platform.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice, integrationCall } from '../../../../tests/setup/back-office.ts';
import { createCourier, createStop, loginCourier, portalTicket } from '../../../../tests/setup/couriers.ts';
import { decide, paths } from '../../../../tests/setup/decisions-world.ts';

// The owner's notifications reach each colleague as their level allows (issue 41, ADR 0054): 'full'
// the ticket, decision and bill ones; 'tickets' the ticket ones only (no prices); 'bills' the bill
// ones only; a revoked colleague nothing. Each copy is the colleague's own, on every channel they
// switched on (the list and its counter, Telegram, Web Push, mail), made in the same transaction.

type Account = Awaited<ReturnType<typeof insertAccount>>;
let t: TestApp;
let owner: { id: number; email: string; password: string };
const colleagues = {} as Record<AccessLevel | 'revoked', Account>;
let ticketId: number;

async function link(email: string, level: AccessLevel) {
  const response = await t.request('/ajax/cabinet/link-account', { method: 'POST', json: { email, level } });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Every channel switched on: a Telegram chat, a Web Push subscription, the copy by e-mail. */
async function withEveryChannel(account: Account) {
  await t.db
    .update(clients)
    .set({ telegramChatId: `chat-${account.id}`, notifyByEmail: true })
    .where(eq(clients.id, account.id));
  await t.db.insert(pushSubscriptions).values({
    clientId: account.id,
    endpoint: `https://fcm.googleapis.com/fcm/send/${account.id}`,
    p256dh: 'key',
    auth: 'auth',
  });
}

beforeAll(async () => {
  // Wednesday 2026-03-04, 12:00 in Moscow: a courier's stop today is actionable.
  t = await createTestApp({ now: '2026-03-04T09:00:00Z' });
  owner = await backOffice.client(t, { company: 'Клиника «Улыбка»' });
  for (const key of ['full', 'tickets', 'bills', 'revoked'] as const) {
    colleagues[key] = await insertAccount(t);
    await withEveryChannel(colleagues[key]);
  }
  expect((await loginAs(t, owner.email, owner.password)).status).toBe(200);
  await link(colleagues.full.email, 'full');
  await link(colleagues.tickets.email, 'tickets');
  await link(colleagues.bills.email, 'bills');
  await link(colleagues.revoked.email, 'full');
  const revoked = await t.request('/ajax/cabinet/unlink-account', {
    method: 'POST',
    json: { email: colleagues.revoked.email },
  });
  expect(revoked.status).toBe(200);
  ticketId = (await portalTicket(t, owner.id)).id;
});
afterAll(() => t.close());

/** What each account was told since `afterId`, in order. */
async function toldSince(afterId: number) {
  const ids = [owner.id, ...Object.values(colleagues).map((account) => account.id)];
  const rows = await t.db
    .select()
    .from(notifications)
    .where(inArray(notifications.clientId, ids))
    .orderBy(asc(notifications.id));
  const of = (id: number) =>
    rows.filter((row) => row.id > afterId && row.clientId === id).map((row) => row.description);
  return {
    owner: of(owner.id),
    full: of(colleagues.full.id),
    tickets: of(colleagues.tickets.id),
    bills: of(colleagues.bills.id),
    revoked: of(colleagues.revoked.id),
  };
}

async function lastNotificationId(): Promise<number> {
  const rows = await t.db.select({ id: notifications.id }).from(notifications);
  return Math.max(0, ...rows.map((row) => row.id));
}

const notify = (json: Record<string, unknown>) =>
  integrationCall<{ id: number }>(t, '/notifications', 'POST', { client_id: owner.id, ...json }, 201);

describe("the owner's notifications reach the colleagues their level allows", () => {
  it("a ticket's, a bill's, an unnamed one about a ticket and one about nothing, each to exactly whom it may", async () => {
    const before = await lastNotificationId();
    await notify({ description: 'Инструменты приняты в работу', ticket_id: ticketId, topic: 'ticket' });
    await notify({ description: 'Выставлен счёт №17 на 4 500,00 ₽', topic: 'bill' });
    await notify({ description: 'Ведомость готова: 12 500,00 ₽', ticket_id: ticketId });
    await notify({ description: 'Вам начислено 200 бонусов' });
    expect(await toldSince(before)).toEqual({
      owner: [
        'Инструменты приняты в работу',
        'Выставлен счёт №17 на 4 500,00 ₽',
        'Ведомость готова: 12 500,00 ₽',
        'Вам начислено 200 бонусов',
      ],
      full: ['Инструменты приняты в работу', 'Выставлен счёт №17 на 4 500,00 ₽', 'Ведомость готова: 12 500,00 ₽'],
      tickets: ['Инструменты приняты в работу'],
      bills: ['Выставлен счёт №17 на 4 500,00 ₽'],
      revoked: [],
    });
  });

  it("a copy is the colleague's own: unread in their counter, linked to the ticket, on each of their channels", async () => {
    const { id: ownerNotificationId } = await notify({
      description: 'Инструменты отправлены в клинику',
      ticket_id: ticketId,
      topic: 'ticket',
    });
    const [copy] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.clientId, colleagues.tickets.id), eq(notifications.copyOf, ownerNotificationId)));
    expect(copy).toMatchObject({ ticketId, isViewed: false, description: 'Инструменты отправлены в клинику' });
    const deliveries = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, copy!.id));
    expect(deliveries.map((row) => row.channel).sort()).toEqual(['email', 'push', 'telegram']);
    expect(deliveries.every((row) => row.text === 'Инструменты отправлены в клинику')).toBe(true);
    expect(deliveries.every((row) => row.url === `/cabinet/tickets/${ticketId}`)).toBe(true);
    expect(deliveries.find((row) => row.channel === 'telegram')?.telegramChatId).toBe(`chat-${colleagues.tickets.id}`);

    t.cookies.clear();
    expect((await loginAs(t, colleagues.tickets.email)).status).toBe(200);
    const data = (await (await t.request('/ajax/user/data')).json()) as { user: { unread_notifications: number } };
    expect(data.user.unread_notifications).toBeGreaterThanOrEqual(1);
    const list = (await (await t.request('/ajax/cabinet/notifications')).json()) as {
      data: { id: number; description: string; ticket_id: number | null }[];
    };
    expect(list.data[0]).toMatchObject({
      id: copy!.id,
      description: 'Инструменты отправлены в клинику',
      ticket_id: ticketId,
    });
    // One change, one event: the feed tells the owner's notification only.
    const created = await t.db.select().from(events).where(eq(events.type, 'notification.created'));
    const told = created.map((row) => (row.payload as { notification_id: number }).notification_id);
    expect(told).toContain(ownerNotificationId);
    expect(told).not.toContain(copy!.id);
  });

  it("the portal's own: a courier on the way (a ticket's) and the service centre's answer (a decision's)", async () => {
    const courier = await createCourier(t);
    const stopId = await createStop(t, {
      ticket_id: ticketId,
      kind: 'pickup',
      courier_id: courier.id,
      date: '2026-03-04',
      window: '10:00-13:00',
    });
    const defect = await backOffice.defect(t, ticketId);
    t.cookies.clear();
    expect((await loginAs(t, owner.email, owner.password)).status).toBe(200);
    const discussed = await decide(t, paths.discuss, {
      ticket_id: ticketId,
      defect: { id: defect.id, version: defect.version },
      comment: 'Можно без замены ротора?',
    });
    expect(discussed.status).toBe(200);

    const before = await lastNotificationId();
    await loginCourier(t, courier);
    const enRoute = await t.request('/ajax/courier/stops/en-route', {
      method: 'POST',
      json: { stop_id: stopId, eta_minutes: 30 },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(enRoute.status).toBe(200);
    await integrationCall(t, `/defects/${defect.id}/answers`, 'POST', { text: 'Можно, 9 000 ₽' }, 201);

    const told = await toldSince(before);
    expect(told.owner).toHaveLength(2);
    const [onTheWay, answered] = told.owner as [string, string];
    expect(onTheWay).toMatch(/^Курьер/);
    expect(answered).toBe('Сервисный центр ответил на ваш вопрос по ведомости №1 (Турбина W&H): Можно, 9 000 ₽');
    expect(told).toEqual({
      owner: [onTheWay, answered],
      full: [onTheWay, answered],
      tickets: [onTheWay],
      bills: [],
      revoked: [],
    });
  });

  it('a lowered level gets no new ones of what it lost; a raised one gets them from then on', async () => {
    t.cookies.clear();
    expect((await loginAs(t, owner.email, owner.password)).status).toBe(200);
    await link(colleagues.full.email, 'bills');
    await link(colleagues.bills.email, 'full');
    const before = await lastNotificationId();
    await notify({ description: 'Заявка закрыта', ticket_id: ticketId, topic: 'ticket' });
    const told = await toldSince(before);
    expect(told.full).toEqual([]);
    expect(told.bills).toEqual(['Заявка закрыта']);
    expect(told.tickets).toEqual(['Заявка закрыта']);
  });

  it('refuses a topic it does not know, with nothing written', async () => {
    const before = await lastNotificationId();
    const response = await t.integration('/notifications', {
      method: 'POST',
      json: { client_id: owner.id, description: 'Что-то', topic: 'points' },
    });
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain('Ожидается ticket, decision или bill');
    expect(await lastNotificationId()).toBe(before);
  });
});
