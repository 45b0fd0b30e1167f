import type { TelegramConfig } from '#server/context.ts';
import { CHANNEL_TIMEOUT_MS, fetchOnceMore, retryAfterMs, unreachable, type SendOutcome } from './outcome.ts';

// The Telegram Bot API's sendMessage (https://core.telegram.org/bots/api#sendmessage): every answer
// is `{ok, result}` or `{ok: false, error_code, description, parameters?: {retry_after}}`.

interface BotApiAnswer {
  ok?: boolean;
  description?: string;
  parameters?: { retry_after?: number };
}

/** Telegram's longest message; longer notifications are cut rather than refused. */
const MAX_MESSAGE_LENGTH = 4096;

export async function sendTelegramMessage(config: TelegramConfig, chatId: string, text: string): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetchOnceMore(`${config.apiUrl}/bot${config.botToken}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chat_id: chatId,
        text: text.slice(0, MAX_MESSAGE_LENGTH),
        link_preview_options: { is_disabled: true },
      }),
      signal: AbortSignal.timeout(CHANNEL_TIMEOUT_MS),
    });
  } catch (error) {
    return unreachable(error);
  }
  const answer = (await response.json().catch(() => ({}))) as BotApiAnswer;
  if (response.ok && answer.ok) return { kind: 'sent' };
  const reason = `${response.status} ${answer.description ?? response.statusText}`;
  // 403: the user blocked the bot, deleted the account, or the bot was removed from the group.
  if (response.status === 403) return { kind: 'gone', reason };
  if (response.status === 400 && /chat not found/i.test(answer.description ?? '')) return { kind: 'gone', reason };
  if (response.status === 429)
    return { kind: 'retry', reason, retryAfterMs: retryAfterMs(answer.parameters?.retry_after) };
  // 401/404 (a wrong token) is ours to mend: keep the messages until it is.
  if (response.status >= 500 || response.status === 401 || response.status === 404) return { kind: 'retry', reason };
  return { kind: 'failed', reason };
}
