import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationDeliveries, pushSubscriptions } from '#server/db/schema/notifications.ts';
import { vapidKeysOf } from '#server/delivery/vapid-keys.ts';
import { createDeliveryLoop, type DeliveryLoop } from '#server/services/notifications/delivery-loop.ts';
import { addNotification } from '#server/services/notifications/in-app.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { insertTicket } from '../../../../tests/setup/cabinet-world.ts';
import {
  PUSH_FAKE_HOST,
  startPushFake,
  type FakeSubscription,
  type PushFake,
} from '../../../../tests/setup/push-fake.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// Web Push (ADR 0019): the VAPID key, saving and removing this device's subscription, and
// every new notification pushed to each subscription — checked by a local push service that
// verifies the VAPID JWT and decrypts the aes128gcm body with the keys the "browser" made — with
// retries after a 5xx and a gone subscription (410) removed.

let t: TestApp;
let push: PushFake;
let loop: DeliveryLoop;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T09:00:00Z', config: { pushServiceHosts: [PUSH_FAKE_HOST] } });
  push = await startPushFake(() => vapidKeysOf(t.config).publicKey);
  loop = createDeliveryLoop(t.deps);
});
afterAll(async () => {
  await t.close();
  await push.close();
});
beforeEach(() => t.cookies.clear());

const subscribe = (subscription: FakeSubscription['json']) =>
  t.request('/ajax/cabinet/push/subscribe', { method: 'POST', json: subscription });
const notify = (clientId: number, description: string) =>
  t.integration('/notifications', { method: 'POST', json: { client_id: clientId, description } });
const pushedTo = (subscription: FakeSubscription) =>
  push.received
    .filter((message) => message.subscriptionId === subscription.id)
    .map((message) => JSON.parse(message.plaintext) as Record<string, string>);

async function subscribedAccount(devices = 1) {
  const account = await insertAccount(t);
  await loginAs(t, account.email);
  const subscriptions = Array.from({ length: devices }, () => push.subscribe());
  for (const subscription of subscriptions) expect((await subscribe(subscription.json)).status).toBe(200);
  return { ...account, subscriptions };
}

describe('the subscription calls', () => {
  it('gives the VAPID public key, the same on every call and kept in DATA_DIR', async () => {
    const account = await insertAccount(t);
    await loginAs(t, account.email);
    const first = (await (await t.request('/ajax/cabinet/push/key')).json()) as { public_key: string };
    expect(Buffer.from(first.public_key, 'base64url')).toHaveLength(65);
    expect(((await (await t.request('/ajax/cabinet/push/key')).json()) as { public_key: string }).public_key).toBe(
      first.public_key,
    );
    t.cookies.clear();
    expect((await t.request('/ajax/cabinet/push/key')).status).toBe(401);
  });

  it('refuses a subscription with bad keys or a non-URL endpoint in Russian, saving nothing', async () => {
    const account = await insertAccount(t);
    await loginAs(t, account.email);
    const good = push.subscribe().json;
    for (const bad of [
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { ...good.keys, auth: 'x'.repeat(40) } },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'ftp://push.example/1' },
    ]) {
      const response = await subscribe(bad);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { message: string }).message).toBe(
        'Браузер передал неверную подписку на уведомления',
      );
    }
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.clientId, account.id))).toEqual([]);
  });

  it('moves an endpoint to the account that saved it last, and removes only the own one', async () => {
    const first = await subscribedAccount();
    const device = first.subscriptions[0]!;
    const second = await insertAccount(t);
    await loginAs(t, second.email);
    await subscribe(device.json);
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.json.endpoint));
    expect(rows.map((row) => row.clientId)).toEqual([second.id]);

    t.cookies.clear();
    await loginAs(t, first.email);
    await t.request('/ajax/cabinet/push/unsubscribe', { method: 'POST', json: { endpoint: device.json.endpoint } });
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.json.endpoint)),
    ).toHaveLength(1);
    t.cookies.clear();
    await loginAs(t, second.email);
    await t.request('/ajax/cabinet/push/unsubscribe', { method: 'POST', json: { endpoint: device.json.endpoint } });
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.json.endpoint)),
    ).toHaveLength(0);
  });
});

describe('pushing notifications', () => {
  it('pushes a new notification to every device, encrypted for it and signed with our VAPID key', async () => {
    const account = await subscribedAccount(2);
    expect((await notify(account.id, 'Заявка №7 принята')).status).toBe(201);
    expect(await loop.runOnce()).toBe(2);
    expect(push.refused).toEqual([]);
    for (const device of account.subscriptions) {
      expect(pushedTo(device)).toEqual([
        {
          title: 'Сервисный центр',
          body: 'Заявка №7 принята',
          tag: expect.stringMatching(/^notification-\d+$/),
          url: '/cabinet/notifications',
        },
      ]);
    }
    const [message] = push.received.slice(-1);
    expect(message?.claims).toMatchObject({ aud: new URL(push.url).origin, sub: 'mailto:no-reply@localhost' });
    expect(message?.ttl).toBe(86_400);
  });

  it('tries again after a 5xx', async () => {
    const account = await subscribedAccount();
    const device = account.subscriptions[0]!;
    push.fail(device.id, 503, 1);
    await notify(account.id, 'Со второй попытки');
    await loop.runOnce();
    expect(pushedTo(device)).toEqual([]);
    t.advance(10_000);
    expect(await loop.runOnce()).toBe(1);
    expect(pushedTo(device).map((message) => message.body)).toEqual(['Со второй попытки']);
  });

  it('removes a subscription the push service says is gone (410) and pushes nothing more to it', async () => {
    const account = await subscribedAccount(2);
    const [gone, kept] = account.subscriptions as [FakeSubscription, FakeSubscription];
    push.expire(gone.id);
    await notify(account.id, 'Первое');
    await loop.runOnce();
    const rows = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.clientId, account.id));
    expect(rows.map((row) => row.endpoint)).toEqual([kept.json.endpoint]);
    const dropped = await t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.text, 'Первое'));
    expect(dropped.map((row) => row.state).sort()).toEqual(['dropped', 'sent']);
    await notify(account.id, 'Второе');
    expect(await loop.runOnce()).toBe(1);
    expect(pushedTo(kept).map((message) => message.body)).toEqual(['Первое', 'Второе']);
  });

  it('opens the ticket a notification is about', async () => {
    const account = await subscribedAccount();
    const ticketId = await insertTicket(t, account.id);
    await t.db.transaction((tx) =>
      addNotification(tx, {
        clientId: account.id,
        description: 'Стоимость изменена',
        createdAt: t.deps.now(),
        ticketId,
      }),
    );
    await loop.runOnce();
    expect(pushedTo(account.subscriptions[0]!)).toEqual([
      expect.objectContaining({ body: 'Стоимость изменена', url: `/cabinet/tickets/${ticketId}` }),
    ]);
  });

  it("writes the deliveries in the notification's transaction: rolled back, nothing is left to send", async () => {
    const account = await subscribedAccount();
    await expect(
      t.db.transaction(async (tx) => {
        await addNotification(tx, { clientId: account.id, description: 'Откатится', createdAt: t.deps.now() });
        throw new Error('the caller failed after the notification');
      }),
    ).rejects.toThrow('the caller failed');
    expect(
      await t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.text, 'Откатится')),
    ).toEqual([]);
  });
});
