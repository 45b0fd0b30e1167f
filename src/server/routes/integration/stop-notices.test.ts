// The courier hears when the back office changes its day (services/couriers/day-notices.ts): a new
// stop, one taken away, cancelled, moved or given another window — for today and tomorrow only, once
// per change (a replayed PATCH tells nothing), in the portal's list and on Web Push; a courier reads
// only its own, a clinic never a courier's.
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications, pushSubscriptions } from '#server/db/schema/notifications.ts';
import { events } from '#server/db/schema/platform.ts';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice, integrationCall } from '../../../../tests/setup/back-office.ts';
import { createCourier, createStop, loginCourier, portalTicket } from '../../../../tests/setup/couriers.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// Wednesday 2026-03-04, 12:00 in Moscow: today is 04.03, tomorrow 05.03.
const TODAY = '2026-03-04';
const TOMORROW = '2026-03-05';
const PLACE = 'Клиника «Улыбка», Россия, Москва, Тверская улица, 7, офис 12';

let t: TestApp;
let clinic: { id: number; email: string; password: string };
let ticketId: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-04T09:00:00Z' });
  clinic = await backOffice.client(t);
  ticketId = (await portalTicket(t, clinic.id)).id;
});
afterAll(async () => {
  await t?.close();
});

/** A courier with a Web Push subscription on its phone. */
async function subscribedCourier() {
  const courier = await createCourier(t);
  await t.db.insert(pushSubscriptions).values({
    clientId: courier.id,
    endpoint: `https://fcm.googleapis.com/fcm/send/courier-${courier.id}`,
    p256dh: 'key',
    auth: 'auth',
  });
  return courier;
}

/** The notifications a courier got after `afterId`, oldest first. */
async function told(courierId: number, afterId = 0) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.clientId, courierId), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id));
}

async function lastNotificationId(): Promise<number> {
  const rows = await t.db.select({ id: notifications.id }).from(notifications);
  return Math.max(0, ...rows.map((row) => row.id));
}

const patch = (id: number, json: Record<string, unknown>) => integrationCall(t, `/stops/${id}`, 'PATCH', json);

const pickup = (courierId: number, date: string, extra: Record<string, unknown> = {}) =>
  createStop(t, { ticket_id: ticketId, kind: 'pickup', courier_id: courierId, date, ...extra });

async function pushUrls(notificationId: number) {
  const rows = await t.db
    .select({ channel: notificationDeliveries.channel, url: notificationDeliveries.url })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.notificationId, notificationId));
  return rows;
}

async function courierList(courier: { email: string; password: string }) {
  await loginCourier(t, courier);
  const response = await t.request('/ajax/cabinet/notifications');
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: Array<{ description: string; stop_id: number | null }> };
  const user = (await (await t.request('/ajax/user/data')).json()) as { user: { unread_notifications: number } };
  return { items: body.data, unread: user.user.unread_notifications };
}

describe('a new stop', () => {
  it('for today tells its courier once: the list, the badge, Web Push to its card and one notification.created', async () => {
    const courier = await subscribedCourier();
    const stopId = await pickup(courier.id, TODAY);
    const rows = await told(courier.id);
    expect(rows.map((row) => row.description)).toEqual([`Новая остановка на 04.03: Забрать — ${PLACE}`]);
    expect(rows[0]!.stopId).toBe(stopId);
    expect(await pushUrls(rows[0]!.id)).toEqual([{ channel: 'push', url: `/courier/stops/${stopId}` }]);
    const created = await t.db.select().from(events).where(eq(events.type, 'notification.created'));
    expect(created.filter((event) => event.clientId === courier.id)).toHaveLength(1);
    const { items, unread } = await courierList(courier);
    expect(items).toEqual([expect.objectContaining({ description: rows[0]!.description, stop_id: stopId })]);
    expect(unread).toBe(1);
  });

  it('for tomorrow tells it too (a return), but one further ahead tells nothing', async () => {
    const courier = await createCourier(t);
    await createStop(t, { ticket_id: ticketId, kind: 'return', courier_id: courier.id, date: TOMORROW });
    await pickup(courier.id, '2026-03-06');
    await pickup(courier.id, '2026-03-03'); // yesterday: history, not news
    expect((await told(courier.id)).map((row) => row.description)).toEqual([
      `Новая остановка на 05.03: Привезти — ${PLACE}`,
    ]);
  });
});

describe('a changed stop', () => {
  it('a new window is told once; the same PATCH replayed tells nothing; a new position tells nothing', async () => {
    const courier = await subscribedCourier();
    const stopId = await pickup(courier.id, TOMORROW);
    const since = await lastNotificationId();
    await patch(stopId, { window: '10:00-13:00' });
    await patch(stopId, { window: '10:00-13:00' });
    await patch(stopId, { position: 7 });
    const rows = await told(courier.id, since);
    expect(rows.map((row) => row.description)).toEqual([
      `Остановка на 05.03 (Забрать — ${PLACE}): новое время 10:00–13:00`,
    ]);
    expect(await pushUrls(rows[0]!.id)).toEqual([{ channel: 'push', url: `/courier/stops/${stopId}` }]);
    await patch(stopId, { window: null });
    expect((await told(courier.id, rows[0]!.id)).map((row) => row.description)).toEqual([
      `Остановка на 05.03 (Забрать — ${PLACE}): время больше не назначено`,
    ]);
  });

  it('given to another courier: the first hears it was taken off its route (a tap opens the route), the second gets it as new', async () => {
    const first = await subscribedCourier();
    const second = await subscribedCourier();
    const stopId = await pickup(first.id, TODAY);
    const since = await lastNotificationId();
    await patch(stopId, { courier_id: second.id });
    await patch(stopId, { courier_id: second.id });
    const lost = await told(first.id, since);
    expect(lost.map((row) => row.description)).toEqual([
      `Остановка на 04.03 (Забрать — ${PLACE}) снята с вашего маршрута`,
    ]);
    expect(await pushUrls(lost[0]!.id)).toEqual([{ channel: 'push', url: '/courier' }]);
    expect((await told(second.id, since)).map((row) => row.description)).toEqual([
      `Новая остановка на 04.03: Забрать — ${PLACE}`,
    ]);
    // The first courier's list no longer links either of its notices to the stop: it is not theirs.
    const { items } = await courierList(first);
    expect(items.map((item) => item.stop_id)).toEqual([null, null]);
    expect((await courierList(second)).items.map((item) => item.stop_id)).toEqual([stopId]);
  });

  it('cancelled: told once, and its notices link to the route from then on', async () => {
    const courier = await subscribedCourier();
    const stopId = await pickup(courier.id, TOMORROW);
    const since = await lastNotificationId();
    await patch(stopId, { cancelled: true });
    await patch(stopId, { cancelled: true });
    const rows = await told(courier.id, since);
    expect(rows.map((row) => row.description)).toEqual([
      `Остановка на 05.03 (Забрать — ${PLACE}) отменена сервисным центром`,
    ]);
    expect(await pushUrls(rows[0]!.id)).toEqual([{ channel: 'push', url: '/courier' }]);
    expect((await courierList(courier)).items.map((item) => item.stop_id)).toEqual([null, null]);
    await patch(stopId, { cancelled: false });
    expect((await told(courier.id, rows[0]!.id)).map((row) => row.description)).toEqual([
      `Новая остановка на 05.03: Забрать — ${PLACE}`,
    ]);
  });

  it('moved to another day: told when either day is today or tomorrow, not between two later days', async () => {
    const courier = await createCourier(t);
    const stopId = await pickup(courier.id, TODAY);
    const since = await lastNotificationId();
    await patch(stopId, { date: '2026-03-09' });
    await patch(stopId, { date: '2026-03-10' });
    await patch(stopId, { date: TOMORROW });
    expect((await told(courier.id, since)).map((row) => row.description)).toEqual([
      `Остановка (Забрать — ${PLACE}) перенесена с 04.03 на 09.03`,
      `Остановка (Забрать — ${PLACE}) перенесена с 10.03 на 05.03`,
    ]);
  });

  it('a change and its notice are one: a refused PATCH (another courier switched off) writes neither', async () => {
    const courier = await createCourier(t);
    const gone = await createCourier(t);
    await integrationCall(t, `/couriers/${gone.id}`, 'PATCH', { active: false });
    const stopId = await pickup(courier.id, TODAY);
    const since = await lastNotificationId();
    const refused = await t.integration(`/stops/${stopId}`, {
      method: 'PATCH',
      json: { courier_id: gone.id, window: '09:00-10:00' },
    });
    expect(refused.status).toBe(422);
    expect(await told(courier.id, since)).toEqual([]);
    expect(await told(gone.id, since)).toEqual([]);
  });
});

describe('who reads them', () => {
  it('a courier reads only its own; a clinic never a courier’s', async () => {
    const mine = await createCourier(t);
    const other = await createCourier(t);
    await pickup(mine.id, TODAY);
    await pickup(other.id, TODAY);
    const { items } = await courierList(mine);
    expect(items.map((item) => item.description)).toEqual([`Новая остановка на 04.03: Забрать — ${PLACE}`]);
    t.cookies.clear();
    expect((await loginAs(t, clinic.email, clinic.password)).status).toBe(200);
    const response = await t.request('/ajax/cabinet/notifications');
    const body = (await response.json()) as { data: Array<{ description: string; stop_id: number | null }> };
    expect(body.data.filter((item) => item.description.includes('остановк'))).toEqual([]);
    expect(body.data.every((item) => item.stop_id === null)).toBe(true);
  });
});
