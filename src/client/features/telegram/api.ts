// The bot block of Личные данные (src/shared/screens/telegram.ts).
import { getTelegramState, unlinkTelegram, type TelegramState } from '#shared/screens/telegram.ts';
import { callApi } from '#client/lib/http.ts';

/** null: the portal has no bot, the block is hidden. */
export async function fetchTelegramState(signal?: AbortSignal): Promise<TelegramState | null> {
  return (await callApi(getTelegramState, { signal })).telegram;
}

export async function disconnectTelegram(): Promise<{ message: string; telegram: TelegramState | null }> {
  const answer = await callApi(unlinkTelegram, { input: {} });
  return { message: answer.message, telegram: answer.telegram };
}
