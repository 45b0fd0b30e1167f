// The account calls, through the app's one HTTP client (src/client/lib/http.ts) and the shared contract.
import {
  changePassword as changePasswordEndpoint,
  checkResetCode as checkResetCodeEndpoint,
  confirmRegistration as confirmRegistrationEndpoint,
  getUserData,
  login as loginEndpoint,
  logout as logoutEndpoint,
  requestPasswordReset as requestPasswordResetEndpoint,
  resetPassword as resetPasswordEndpoint,
  sendRegistrationCode as sendRegistrationCodeEndpoint,
  type ChangePasswordForm,
  type LoginForm,
  type RegistrationForm,
  type ResetPasswordForm,
  type UserData,
} from '#shared/api/account.ts';
import { sanitizePhone } from '#shared/format/phone-mask.ts';
import { messages } from '#shared/validation/messages.ts';
import { callApi, setCsrfToken } from '#client/lib/http.ts';

/** The current user (null for a guest); also refreshes the CSRF token. */
export async function fetchUserData(): Promise<UserData | null> {
  const response = await callApi(getUserData);
  setCsrfToken(response.csrf_token);
  return response.user;
}

export async function login(form: LoginForm): Promise<UserData> {
  const response = await callApi(loginEndpoint, { input: { email: form.email.trim(), password: form.password } });
  setCsrfToken(response.csrf_token);
  return response.user;
}

export async function logout(): Promise<void> {
  const response = await callApi(logoutEndpoint);
  setCsrfToken(response.csrf_token);
}

function registrationPayload(form: RegistrationForm) {
  // The form submits only with the box ticked (registrationForm); the request must say so as `true`.
  if (!form.approvalPolicy) throw new Error(messages.consentPolicy);
  return {
    firstname: form.firstname.trim(),
    lastname: form.lastname.trim(),
    phone: sanitizePhone(form.phone),
    clinicName: form.clinicName.trim(),
    city: form.city.trim(),
    email: form.email.trim(),
    approvalPolicy: form.approvalPolicy,
  };
}

/** Registration stage 1: e-mails a 4-digit code; `resend` after Back or 'Отправить код повторно'. Returns the server's message. */
export async function sendRegistrationCode(form: RegistrationForm, resend: boolean): Promise<string> {
  const response = await callApi(sendRegistrationCodeEndpoint, { input: { ...registrationPayload(form), resend } });
  return response.message;
}

/** Registration stage 2: creates the account. Returns the server's message and the account's e-mail. */
export async function confirmRegistration(
  form: RegistrationForm,
  code: string,
): Promise<{ message: string; email: string }> {
  const response = await callApi(confirmRegistrationEndpoint, { input: { ...registrationPayload(form), code } });
  return { message: response.message, email: response.email };
}

export async function requestPasswordReset(email: string): Promise<string> {
  const response = await callApi(requestPasswordResetEndpoint, { input: { email: email.trim() } });
  return response.message;
}

/** Whose password it was (the account's e-mail). */
export async function resetPassword(form: ResetPasswordForm): Promise<string> {
  const response = await callApi(resetPasswordEndpoint, { input: form });
  return response.email;
}

export async function changePassword(form: ChangePasswordForm): Promise<string> {
  const response = await callApi(changePasswordEndpoint, { input: form });
  return response.message;
}

/** Whether a reset link still works; asking does not use it up. */
export async function checkResetCode(code: string, signal?: AbortSignal): Promise<boolean> {
  const response = await callApi(checkResetCodeEndpoint, { input: { code }, signal });
  return response.valid;
}
