import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema/accounts.ts';
import { notificationDeliveries, pushSubscriptions } from '#server/db/schema/notifications.ts';
import { vapidKeysOf } from '#server/delivery/vapid-keys.ts';
import { insertAccount } from '../../../../tests/setup/accounts.ts';
import { PUSH_FAKE_HOST, startPushFake, type PushFake } from '../../../../tests/setup/push-fake.ts';
import { appWithTelegramFake, fakeTelegramConfig, type TelegramFake } from '../../../../tests/setup/telegram-fake.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createDeliveryLoop } from './delivery-loop.ts';
import { queueMail } from './mail-queue.ts';

// The delivery loop (ADR 0019): runs on its (injected) timer until stopped; several senders on one
// database send each row once; and the notification's write never waits for a channel.

let t: TestApp;
let bot: TelegramFake;
let push: PushFake;

beforeAll(async () => {
  ({ bot, t } = await appWithTelegramFake(undefined, { pushServiceHosts: [PUSH_FAKE_HOST] }));
  push = await startPushFake(() => vapidKeysOf(t.config).publicKey);
});
afterAll(async () => {
  await t.close();
  await bot.close();
  await push.close();
});

let chat = 7_000_000;
async function linkedAccount() {
  const account = await insertAccount(t);
  const chatId = String((chat += 1));
  await t.db.update(clients).set({ telegramChatId: chatId }).where(eq(clients.id, account.id));
  return { ...account, chatId };
}
const notify = (clientId: number, description: string) =>
  t.integration('/notifications', { method: 'POST', json: { client_id: clientId, description } });

describe('the delivery loop', () => {
  it('runs on its timer once started, and not after stop', async () => {
    const timers: Array<{ run: () => void; ms: number }> = [];
    const cleared: unknown[] = [];
    const loop = createDeliveryLoop(t.deps, {
      intervalMs: 1_500,
      setTimer: (run, ms) => timers.push({ run, ms }) && timers.length,
      clearTimer: (timer) => cleared.push(timer),
    });
    const account = await linkedAccount();
    await notify(account.id, 'По таймеру');
    expect(timers).toEqual([]);
    loop.start();
    expect(timers.map((timer) => timer.ms)).toEqual([1_500]);
    timers[0]!.run();
    await expect
      .poll(() => bot.received.filter((message) => message.chat_id === account.chatId), { timeout: 10_000 })
      .toHaveLength(1);
    await expect.poll(() => timers.length, { timeout: 10_000 }).toBe(2); // scheduled again after the run
    await loop.stop();
    expect(cleared).toEqual([2]);
  });

  it("sends one mailbox's mails in the order they were written, even when the first one is slow", async () => {
    const mailbox = `order-${Date.now()}@clinic.test`;
    const other = `other-${Date.now()}@clinic.test`;
    for (const [to, subject] of [
      [mailbox, 'Код 1'],
      [other, 'Чужой'],
      [mailbox, 'Код 2'],
      [mailbox, 'Код 3'],
    ])
      await queueMail(t.deps, t.db, { kind: 'test', to: to!, subject: subject!, text: subject! });
    const sent: string[] = [];
    const loop = createDeliveryLoop({
      ...t.deps,
      mailer: {
        async send(message) {
          // The first code takes longest: sent in parallel, it would land after the newer ones.
          if (message.subject === 'Код 1') await new Promise((resolve) => setTimeout(resolve, 200));
          sent.push(`${message.to} ${message.subject}`);
        },
      },
    });
    while ((await loop.runOnce('email')) > 0);
    expect(sent.filter((line) => line.startsWith(mailbox))).toEqual([1, 2, 3].map((n) => `${mailbox} Код ${n}`));
    // Another mailbox does not wait behind the slow one.
    expect(sent[0]).toBe(`${other} Чужой`);
  });

  it('sends each row once when several senders drain one database at the same time', async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => linkedAccount()));
    for (const account of accounts) for (let n = 1; n <= 6; n += 1) await notify(account.id, `Сообщение ${n}`);
    const senders = [
      createDeliveryLoop(t.deps, { batchSize: 5 }),
      createDeliveryLoop(t.deps, { batchSize: 5 }),
      createDeliveryLoop(t.deps, { batchSize: 5 }),
    ];
    let tried = 0;
    for (;;) {
      const counts = await Promise.all(senders.map((sender) => sender.runOnce()));
      const round = counts.reduce((sum, count) => sum + count, 0);
      if (round === 0) break;
      tried += round;
    }
    expect(tried).toBe(24);
    for (const account of accounts) {
      const texts = bot.received
        .filter((message) => message.chat_id === account.chatId)
        .map((message) => message.text.split('\n')[0]);
      expect(texts.sort()).toEqual([
        'Сообщение 1',
        'Сообщение 2',
        'Сообщение 3',
        'Сообщение 4',
        'Сообщение 5',
        'Сообщение 6',
      ]);
    }
  });

  it('never makes the write wait: a notification is answered while the Bot API hangs, and the hung try is retried later', async () => {
    const hanging: Server = createServer(() => {}); // accepts, never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const slow = await createTestApp({
      now: '2026-03-10T09:00:00Z',
      config: {
        telegram: fakeTelegramConfig(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}`),
      },
    });
    try {
      const account = await insertAccount(slow);
      await slow.db.update(clients).set({ telegramChatId: '42' }).where(eq(clients.id, account.id));
      await slow.integration('/notifications', {
        method: 'POST',
        json: { client_id: account.id, description: 'Первое' },
      });
      const loop = createDeliveryLoop(slow.deps);
      const sending = loop.runOnce(); // stuck on the Bot API
      await expect
        .poll(() => new Promise((resolve) => hanging.getConnections((_, count) => resolve(count))), { timeout: 10_000 })
        .toBe(1);
      const started = Date.now();
      const second = await slow.integration('/notifications', {
        method: 'POST',
        json: { client_id: account.id, description: 'Второе' },
      });
      expect(second.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(3_000);
      const rows = await slow.db
        .select({ text: notificationDeliveries.text, state: notificationDeliveries.state })
        .from(notificationDeliveries)
        .orderBy(notificationDeliveries.id);
      expect(rows).toEqual([
        { text: 'Первое', state: 'pending' },
        { text: 'Второе', state: 'pending' },
      ]);
      // The Bot API goes away (stops listening, drops the connection): the try counts as failed, to be retried.
      hanging.close();
      hanging.closeAllConnections();
      await sending;
      const [first] = await slow.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.text, 'Первое'));
      expect(first).toMatchObject({ state: 'pending', attempts: 1, lockedUntil: null });
      expect(first?.nextAttemptAt.getTime()).toBe(new Date('2026-03-10T09:00:10Z').getTime());
    } finally {
      await slow.close();
      if (hanging.listening) await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('gives up at once on a message the push service cannot decrypt (sent for other keys)', async () => {
    const account = await insertAccount(t);
    const device = push.subscribe();
    const other = push.subscribe();
    await t.db.insert(pushSubscriptions).values({
      clientId: account.id,
      endpoint: device.json.endpoint,
      p256dh: other.json.keys.p256dh,
      auth: other.json.keys.auth,
    });
    await notify(account.id, 'Не тем ключом');
    await createDeliveryLoop(t.deps).runOnce();
    expect(push.refused.at(-1)).toMatch(/^400 the record does not decrypt/);
    const [row] = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.text, 'Не тем ключом'));
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('forgets finished rows after 30 days, never a pending one', async () => {
    const account = await linkedAccount();
    await notify(account.id, 'Давнее');
    const loop = createDeliveryLoop(t.deps);
    await loop.runOnce();
    await t.db.insert(notificationDeliveries).values({
      channel: 'telegram',
      telegramChatId: account.chatId,
      text: 'Ждёт давно',
      url: '/',
      nextAttemptAt: new Date('2030-01-01T00:00:00Z'),
    });
    const texts = async () =>
      (
        await t.db
          .select({ text: notificationDeliveries.text })
          .from(notificationDeliveries)
          .where(eq(notificationDeliveries.telegramChatId, account.chatId))
      )
        .map((row) => row.text)
        .sort();
    t.advance(29 * 24 * 60 * 60_000);
    await createDeliveryLoop(t.deps).runOnce();
    expect(await texts()).toEqual(['Давнее', 'Ждёт давно']);
    t.advance(2 * 24 * 60 * 60_000);
    await createDeliveryLoop(t.deps).runOnce();
    expect(await texts()).toEqual(['Ждёт давно']);
  });
});
