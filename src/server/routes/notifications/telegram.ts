import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { getTelegramState, TELEGRAM_MESSAGES, unlinkTelegram } from '#shared/screens/telegram.ts';
import type { AppEnv } from '#server/context.ts';
import { readBodyCapped } from '#server/lib/read-body.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { answerChatMessage, telegramStateOf, unlinkAccountChat } from '#server/services/notifications/telegram-link.ts';

// The bot block's calls (src/shared/screens/telegram.ts) and the bot's webhook (API.md §Notifications):
// Telegram posts each Update to POST /telegram/webhook with the secret given to setWebhook in
// X-Telegram-Bot-Api-Secret-Token. Any 2xx tells Telegram the update is handled; the bot answers
// through the delivery outbox, so a slow Bot API never holds the webhook up.

export const telegramRoutes = new Hono<AppEnv>();
const loggedIn = { before: [requireSession()] };

route(
  telegramRoutes,
  getTelegramState,
  async (c) => {
    const { deps } = c.var;
    return { success: true, telegram: await telegramStateOf(deps.database.db, deps.config, sessionOf(c).clientId) };
  },
  loggedIn,
);

route(
  telegramRoutes,
  unlinkTelegram,
  async (c) => {
    const { deps } = c.var;
    const clientId = sessionOf(c).clientId;
    await unlinkAccountChat(deps.database.db, clientId, deps.now());
    return {
      success: true,
      message: TELEGRAM_MESSAGES.disconnected,
      telegram: await telegramStateOf(deps.database.db, deps.config, clientId),
    };
  },
  loggedIn,
);

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
/** Updates are small; anything larger is not Telegram's. */
const MAX_UPDATE_BYTES = 64 * 1024;

/** Compares digests, so neither the length nor the content of the secret leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const textMessage = v.object({
  message: v.object({
    chat: v.object({ id: v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.regex(/^-?\d{1,20}$/))]) }),
    text: v.pipe(v.string(), v.maxLength(4096)),
  }),
});

const refused = (c: Context<AppEnv>, status: 401 | 403) =>
  c.json({ ok: false, description: 'Неверный секрет вебхука' }, status);

telegramRoutes.post('/telegram/webhook', async (c) => {
  const { deps } = c.var;
  const telegram = deps.config.telegram;
  if (!telegram) return c.json({ ok: false, description: 'Бот не настроен' }, 404);
  const secret = c.req.header(SECRET_HEADER);
  if (secret === undefined) return refused(c, 401);
  if (!sameSecret(secret, telegram.webhookSecret)) return refused(c, 403);
  const bytes = await readBodyCapped(c.req.raw, MAX_UPDATE_BYTES);
  let update: unknown;
  try {
    update = bytes === null ? null : JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    update = null;
  }
  // Edited messages, callbacks, a bot added to a group…: nothing to do, but handled (no redelivery).
  const parsed = v.safeParse(textMessage, update);
  if (parsed.success) {
    const { chat, text } = parsed.output.message;
    await answerChatMessage(
      deps.database.db,
      { chatId: String(chat.id), text: text.replaceAll('\u0000', '') },
      deps.now(),
    );
  }
  return c.json({ ok: true });
});
