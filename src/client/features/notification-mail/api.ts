// 'Дублировать уведомления на e-mail' (src/shared/screens/notification-mail.ts).
import { getNotificationMail, setNotificationMail } from '#shared/screens/notification-mail.ts';
import { callApi } from '#client/lib/http.ts';

export async function fetchNotificationMail(signal?: AbortSignal): Promise<boolean> {
  return (await callApi(getNotificationMail, { signal })).on;
}

export async function saveNotificationMail(on: boolean): Promise<{ message: string; on: boolean }> {
  const answer = await callApi(setNotificationMail, { input: { on } });
  return { message: answer.message, on: answer.on };
}
