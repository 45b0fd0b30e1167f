import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';

// The messaging-bot block of Личные данные (cabinet.md §2 Personal data; API.md §Notifications):
// a linked chat shows 'Подключено', otherwise a QR code and the bot's start link with the account's
// own random token. The Telegram webhook itself is not a browser call (src/server/routes/notifications/telegram.ts).

export const TELEGRAM_MESSAGES = {
  connected: 'Подключено',
  disconnected: 'Telegram отключён',
  /** The bot's answers in the chat. */
  linked: 'Готово! Уведомления сервисного центра будут приходить в этот чат. Чтобы отключить их, отправьте /stop.',
  unknownToken:
    'Ссылка устарела или неверна. Откройте свежую ссылку или QR-код в разделе «Личные данные» личного кабинета.',
  howToLink:
    'Чтобы получать уведомления сервисного центра, откройте ссылку или отсканируйте QR-код в разделе «Личные данные» личного кабинета.',
  stopped:
    'Уведомления отключены. Чтобы подключить их снова, откройте ссылку в разделе «Личные данные» личного кабинета.',
} as const;

export const telegramState = v.object({
  connected: v.boolean(),
  /** `https://t.me/<bot>?start=<token>` while no chat is linked; null once one is. */
  link: v.nullable(v.string()),
});
export type TelegramState = v.InferOutput<typeof telegramState>;

/** The bot block's state; `telegram` is null when the portal has no bot (TELEGRAM_* unset). */
export const getTelegramState = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/telegram',
  output: okResponse({ telegram: v.nullable(telegramState) }),
});

/** 'Отключить': the chat gets nothing more; a new start link replaces the old one. */
export const unlinkTelegram = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/telegram/unlink',
  input: v.object({}),
  output: okResponse({ message: v.string(), telegram: v.nullable(telegramState) }),
});
