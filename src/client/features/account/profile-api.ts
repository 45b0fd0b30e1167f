// The calls of the account's own pages (src/shared/screens/profile.ts), apart from api.ts: that one is
// on every page's start, these only with Личные данные and Настройки.
import {
  confirmEmailChange,
  resendEmailChangeCode,
  updatePersonalData,
  updateProfile,
  type PersonalDataForm,
  type SettingsForm,
} from '#shared/screens/profile.ts';
import { callApi } from '#client/lib/http.ts';

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
