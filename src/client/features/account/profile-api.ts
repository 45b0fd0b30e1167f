// The calls of the account's own pages (src/shared/api/profile.ts), apart from api.ts: that one is
// on every page's start, these only with Личные данные and Настройки.
import { confirmEmailChange, PROFILE_MESSAGES, resendEmailChangeCode, updatePersonalData, updateProfile, type PersonalDataForm, type SettingsForm } from '#shared/api/profile.ts';
import { ApiError, asApiError, callApi } from '#client/lib/http.ts';

export async function savePersonalData(form: PersonalDataForm) {
  return callApi(updatePersonalData, { input: form });
}

export async function confirmNewEmail(code: string): Promise<string> {
  return (await callApi(confirmEmailChange, { input: { code } })).message;
}

export async function resendNewEmailCode(): Promise<string> {
  return (await callApi(resendEmailChangeCode, { input: {} })).message;
}

export async function saveSettings(form: SettingsForm): Promise<string> {
  return (await callApi(updateProfile, { input: form })).message;
}

/** What 'Ошибка' says when a save fails: the server's text, else the spec's (cabinet.md §8). */
export function saveFailureText(caught: unknown): string {
  const error = caught instanceof ApiError ? caught : asApiError(caught, PROFILE_MESSAGES.failed);
  return error.status === 0 || !error.message ? PROFILE_MESSAGES.failed : error.message;
}
