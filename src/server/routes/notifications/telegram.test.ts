import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TELEGRAM_MESSAGES } from '#shared/screens/telegram.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { notificationDeliveries } from '#server/db/schema/notifications.ts';
import { MAX_DELIVERY_ATTEMPTS } from '#server/services/notifications/delivery-backoff.ts';
import { createDeliveryLoop, type DeliveryLoop } from '#server/services/notifications/delivery-loop.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import {
  FAKE_BOT_NAME,
  FAKE_WEBHOOK_SECRET,
  appWithTelegramFake,
  telegramUpdate,
  type TelegramFake,
} from '../../../../tests/setup/telegram-fake.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// The Telegram bot (API.md §Notifications, cabinet.md §2 Personal data): the start link with the
// account's token, the webhook behind its secret linking the chat on `/start <token>` and answering
// in Russian, every new notification sent to the linked chat with retries, and a chat that blocked
// the bot or was switched off unlinked. Against the local fake of the Bot API.

let t: TestApp;
let bot: TelegramFake;
let loop: DeliveryLoop;
let chat = 5_000_000;

beforeAll(async () => {
  ({ bot, t } = await appWithTelegramFake());
  loop = createDeliveryLoop(t.deps);
});
afterAll(async () => {
  await t.close();
  await bot.close();
});
beforeEach(() => {
  t.cookies.clear();
  bot.clearFailures();
});

const webhook = (update: unknown, secret: string | null = FAKE_WEBHOOK_SECRET) =>
  t.request('/telegram/webhook', {
    method: 'POST',
    json: update,
    headers: secret === null ? {} : { 'X-Telegram-Bot-Api-Secret-Token': secret },
    cookies: false,
    csrf: false,
    origin: null,
  });

type State = { success: true; telegram: { connected: boolean; link: string | null } | null };
const botState = async () => (await (await t.request('/ajax/cabinet/telegram')).json()) as State;
const startToken = (state: State) => new URL(state.telegram!.link!).searchParams.get('start')!;
const messagesTo = (chatId: number) =>
  bot.received.filter((message) => message.chat_id === String(chatId)).map((message) => message.text);

/** A logged-in account with a chat linked through the webhook, the bot's greeting delivered. */
async function linkedAccount() {
  const account = await insertAccount(t);
  await loginAs(t, account.email);
  const chatId = (chat += 1);
  expect((await webhook(telegramUpdate(chatId, `/start ${startToken(await botState())}`))).status).toBe(200);
  await loop.runOnce();
  return { ...account, chatId };
}

const notify = (clientId: number, description: string) =>
  t.integration('/notifications', { method: 'POST', json: { client_id: clientId, description } });

describe('the bot block and the webhook', () => {
  it('gives the account its own start link, and links the chat that sends /start with it, answering in Russian', async () => {
    const account = await insertAccount(t);
    await loginAs(t, account.email);
    const before = await botState();
    expect(before.telegram).toEqual({
      connected: false,
      link: expect.stringMatching(new RegExp(`^https://t\\.me/${FAKE_BOT_NAME}\\?start=[\\w-]{32}$`)),
    });
    expect((await botState()).telegram?.link).toBe(before.telegram?.link); // the same until used

    const chatId = (chat += 1);
    expect((await webhook(telegramUpdate(chatId, `/start ${startToken(before)}`))).status).toBe(200);
    expect((await botState()).telegram).toEqual({ connected: true, link: null });
    const [row] = await t.db.select({ chatId: clients.telegramChatId }).from(clients).where(eq(clients.id, account.id));
    expect(row?.chatId).toBe(String(chatId));

    expect(await loop.runOnce()).toBe(1);
    expect(messagesTo(chatId)).toEqual([TELEGRAM_MESSAGES.linked]);
  });

  it('refuses an update without the secret (401) or with a wrong one (403) and does nothing', async () => {
    const account = await insertAccount(t);
    await loginAs(t, account.email);
    const token = startToken(await botState());
    const chatId = (chat += 1);
    const missing = await webhook(telegramUpdate(chatId, `/start ${token}`), null);
    expect(missing.status).toBe(401);
    const wrong = await webhook(telegramUpdate(chatId, `/start ${token}`), `${FAKE_WEBHOOK_SECRET}x`);
    expect(wrong.status).toBe(403);
    expect((await botState()).telegram?.connected).toBe(false);
    expect(
      await t.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.telegramChatId, String(chatId))),
    ).toEqual([]);
  });

  it('answers an unknown or used token, and a message without one, in Russian and links nothing', async () => {
    const account = await linkedAccount();
    const stranger = (chat += 1);
    await webhook(telegramUpdate(stranger, '/start not-a-token-of-anyone'));
    await webhook(telegramUpdate(stranger, 'Здравствуйте'));
    await loop.runOnce();
    expect(messagesTo(stranger)).toEqual([TELEGRAM_MESSAGES.unknownToken, TELEGRAM_MESSAGES.howToLink]);
    const [row] = await t.db.select({ chatId: clients.telegramChatId }).from(clients).where(eq(clients.id, account.id));
    expect(row?.chatId).toBe(String(account.chatId));
  });

  it("'Отключить' unlinks the chat: it is told so, nothing more is sent there, and a new start link replaces the old one", async () => {
    const account = await linkedAccount();
    const unlinked = await t.request('/ajax/cabinet/telegram/unlink', { method: 'POST', json: {} });
    expect(unlinked.status).toBe(200);
    const body = (await unlinked.json()) as { message: string; telegram: State['telegram'] };
    expect(body.message).toBe(TELEGRAM_MESSAGES.disconnected);
    expect(body.telegram?.connected).toBe(false);
    await notify(account.id, 'После отключения');
    await loop.runOnce();
    expect(messagesTo(account.chatId)).toEqual([TELEGRAM_MESSAGES.linked, TELEGRAM_MESSAGES.stopped]);
  });

  it('/stop in the chat unlinks it and says so', async () => {
    const account = await linkedAccount();
    await webhook(telegramUpdate(account.chatId, '/stop'));
    await loop.runOnce();
    expect(messagesTo(account.chatId)).toEqual([TELEGRAM_MESSAGES.linked, TELEGRAM_MESSAGES.stopped]);
    expect((await botState()).telegram?.connected).toBe(false);
  });

  it('hides the block when the portal has no bot', async () => {
    const bare = await createTestApp();
    try {
      const account = await insertAccount(bare);
      await loginAs(bare, account.email);
      expect(await (await bare.request('/ajax/cabinet/telegram')).json()).toMatchObject({
        success: true,
        telegram: null,
      });
      expect(
        (
          await bare.request('/telegram/webhook', {
            method: 'POST',
            json: telegramUpdate(1, '/start x'),
            cookies: false,
            csrf: false,
            origin: null,
          })
        ).status,
      ).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('notifications in the chat', () => {
  it('sends every new notification to the linked chat with a link to the page', async () => {
    const account = await linkedAccount();
    expect((await notify(account.id, 'Счёт №12 оплачен')).status).toBe(201);
    expect(await loop.runOnce()).toBe(1);
    expect(messagesTo(account.chatId)[1]).toBe(`Счёт №12 оплачен\n\n${t.config.publicUrl}/cabinet/notifications`);
  });

  it('tries again after a 5xx with a growing pause, and after a 429 when Telegram says', async () => {
    const account = await linkedAccount();
    bot.fail(String(account.chatId), { kind: 'error', status: 502 }, 2);
    await notify(account.id, 'Ведомость готова');
    expect(await loop.runOnce()).toBe(1);
    expect(messagesTo(account.chatId)).toHaveLength(1);
    t.advance(9_000);
    expect(await loop.runOnce()).toBe(0); // not before 10 s
    t.advance(1_000);
    expect(await loop.runOnce()).toBe(1); // second try, fails again: now 20 s
    t.advance(19_000);
    expect(await loop.runOnce()).toBe(0);
    t.advance(1_000);
    expect(await loop.runOnce()).toBe(1);
    expect(messagesTo(account.chatId)).toEqual([TELEGRAM_MESSAGES.linked, expect.stringMatching(/^Ведомость готова/)]);
    const [row] = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.telegramChatId, String(account.chatId)))
      .orderBy(notificationDeliveries.id)
      .offset(1);
    expect(row).toMatchObject({ state: 'sent', attempts: 3 });

    bot.fail(String(account.chatId), { kind: 'throttled', retryAfter: 45 }, 1);
    await notify(account.id, 'Слишком часто');
    await loop.runOnce();
    t.advance(44_000);
    expect(await loop.runOnce()).toBe(0);
    t.advance(1_000);
    expect(await loop.runOnce()).toBe(1);
    expect(messagesTo(account.chatId).at(-1)).toMatch(/^Слишком часто/);
  });

  it('gives up after the last try', async () => {
    const account = await linkedAccount();
    bot.fail(String(account.chatId), { kind: 'error', status: 500 }, 100);
    await notify(account.id, 'Не дойдёт');
    for (let n = 0; n < 14; n += 1) {
      await loop.runOnce();
      t.advance(60 * 60_000);
    }
    const rows = await t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.text, 'Не дойдёт'));
    expect(rows).toMatchObject([{ state: 'failed', attempts: MAX_DELIVERY_ATTEMPTS }]);
    expect(bot.calls.filter((call) => call.text.startsWith('Не дойдёт'))).toHaveLength(MAX_DELIVERY_ATTEMPTS);
  });

  it('unlinks a chat that blocked the bot (403) and sends it nothing more', async () => {
    const account = await linkedAccount();
    bot.fail(String(account.chatId), { kind: 'blocked' });
    await notify(account.id, 'Первое');
    await loop.runOnce();
    expect((await botState()).telegram?.connected).toBe(false);
    const [row] = await t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.text, 'Первое'));
    expect(row).toMatchObject({ state: 'dropped', lastError: expect.stringContaining('blocked') });
    const callsBefore = bot.calls.length;
    await notify(account.id, 'Второе');
    await loop.runOnce();
    expect(bot.calls.length).toBe(callsBefore);
  });
});
