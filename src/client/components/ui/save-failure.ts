import { PROFILE_MESSAGES } from '#shared/screens/profile.ts';
import { ApiError, asApiError } from '#client/lib/http.ts';

/**
 * What 'Ошибка' says when a profile form's save fails (Личные данные, Настройки, KAVO ID): the
 * server's text, else the spec's (cabinet.md §8).
 */
export function saveFailureText(caught: unknown): string {
  const error = caught instanceof ApiError ? caught : asApiError(caught, PROFILE_MESSAGES.failed);
  return error.status === 0 || !error.message ? PROFILE_MESSAGES.failed : error.message;
}
