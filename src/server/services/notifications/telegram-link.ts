import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { TELEGRAM_MESSAGES, type TelegramState } from '#shared/screens/telegram.ts';
import type { Config } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { enqueueChatAnswer, unlinkChat } from '#server/services/notifications/deliveries.ts';

// Linking a Telegram chat to an account (cabinet.md §2 Personal data, API.md §Notifications): the
// account's start link carries its own random token; the bot's `/start <token>` links the chat and
// replaces the token, so a link seen once links no other chat later; `/stop` or 'Отключить' unlinks.

/** 24 random bytes as base64url: 32 characters, within the 64 [A-Za-z0-9_-] of a start parameter. */
const newToken = () => randomBytes(24).toString('base64url');

/** The bot block's state; makes the account's start token on first need. */
export async function telegramStateOf(db: Db, config: Config, clientId: number): Promise<TelegramState | null> {
  if (!config.telegram) return null;
  await db
    .update(clients)
    .set({ telegramToken: newToken() })
    .where(and(eq(clients.id, clientId), isNull(clients.telegramToken)));
  const [row] = await db
    .select({ chatId: clients.telegramChatId, token: clients.telegramToken })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!row?.token) return null;
  if (row.chatId) return { connected: true, link: null };
  return { connected: false, link: `https://t.me/${config.telegram.botName}?start=${row.token}` };
}

export async function unlinkAccountChat(db: Db, clientId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ chatId: clients.telegramChatId })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for('update');
    if (!row?.chatId) return;
    await unlinkChat(tx, row.chatId, now);
    // The chat learns it was switched off from the cabinet (and how to come back).
    await enqueueChatAnswer(tx, row.chatId, TELEGRAM_MESSAGES.stopped, now);
  });
}

/** The part of a Telegram Update (https://core.telegram.org/bots/api#update) the bot reads. */
export interface ChatMessage {
  chatId: string;
  text: string;
}

/** `/start`, `/start <token>`, `/start@bot <token>`, `/stop`; anything else gets the how-to. */
export async function answerChatMessage(db: Db, message: ChatMessage, now: Date): Promise<void> {
  const start = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/.exec(message.text.trim());
  const stop = /^\/stop(?:@\w+)?\s*$/.test(message.text.trim());
  await db.transaction(async (tx) => {
    if (stop) {
      await unlinkChat(tx, message.chatId, now);
      return enqueueChatAnswer(tx, message.chatId, TELEGRAM_MESSAGES.stopped, now);
    }
    const token = start?.[1];
    if (!token) return enqueueChatAnswer(tx, message.chatId, TELEGRAM_MESSAGES.howToLink, now);
    const [owner] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.telegramToken, token))
      .for('update');
    if (!owner) return enqueueChatAnswer(tx, message.chatId, TELEGRAM_MESSAGES.unknownToken, now);
    // A chat belongs to one account: linked elsewhere before, it moves here.
    await tx.update(clients).set({ telegramChatId: null }).where(eq(clients.telegramChatId, message.chatId));
    await tx
      .update(clients)
      .set({ telegramChatId: message.chatId, telegramToken: newToken() })
      .where(eq(clients.id, owner.id));
    return enqueueChatAnswer(tx, message.chatId, TELEGRAM_MESSAGES.linked, now);
  });
}
