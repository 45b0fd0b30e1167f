import * as v from 'valibot';
import { defineEndpoint, okResponse } from './endpoint.ts';
import { ACCOUNT_KINDS } from './account-kinds.ts';
import { messages } from '../validation/messages.ts';
import {
  confirmationCodeField,
  cyrillicNameField,
  emailField,
  passwordField,
  phoneField,
  requiredText,
} from '../validation/fields.ts';

/** What the shell needs about the logged-in user (cabinet.md §3 User data). */
export const userData = v.object({
  id: v.number(),
  name: v.string(),
  surname: v.string(),
  patronymic: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  email: v.string(),
  company: v.nullable(v.string()),
  city: v.nullable(v.string()),
  balls: v.number(),
  unpaid_bills: v.number(),
  unread_notifications: v.number(),
  /** Both consents of a repair request were given before (portal.md §5 Step 3: not asked again). */
  consents_given: v.optional(v.boolean(), false),
  /** False for an account whose mailbox is not proven yet: the repair wizard asks for a mailed code first (portal.md §2.1 step 1). */
  email_confirmed: v.optional(v.boolean(), true),
  /** A new login e-mail waiting for its code (cabinet.md §2 Personal data); null when none. */
  pending_email: v.optional(v.nullable(v.string()), null),
  /**
   * The accounts that gave this one access to their tickets and bills (cabinet.md §2 Accesses). When
   * one disappears, the device drops the copies it saved (src/client/lib/account-scoped.ts).
   */
  access_owner_ids: v.optional(v.array(v.number()), []),
  /** The same with each level, `owner:level`: a changed level drops the saved copies too (issue 41). */
  access_grants: v.optional(v.array(v.string())),
  /** The bonus survey waits for this clinic: the header's 'Пройдите опрос — получите бонусы!' (portal.md §2.4). */
  quiz_available: v.optional(v.boolean(), false),
  /** The clinic has any bill at all: the cabinet's bank-details notice is shown to it only. */
  has_bills: v.optional(v.boolean(), false),
  /**
   * Sections this colleague has no way to (issue 41, ADR 0054): 'bills' with no own bills and no
   * access giving bills, 'tickets' likewise; their tabs and menu items are not shown.
   */
  hidden_sections: v.optional(v.array(v.picklist(['tickets', 'bills']))),
  /**
   * 'courier': the service centre's courier, who lands on /courier (ADR 0042). The server always
   * sends it; absent (a copy saved before it) means a clinic.
   */
  kind: v.optional(v.picklist(ACCOUNT_KINDS)),
});
export type UserData = v.InferOutput<typeof userData>;

export const getUserData = defineEndpoint({
  method: 'GET',
  path: '/ajax/user/data',
  output: okResponse({ user: v.nullable(userData), csrf_token: v.string() }),
});

const registrationEntries = {
  firstname: cyrillicNameField,
  lastname: cyrillicNameField,
  phone: phoneField,
  clinicName: requiredText(200, messages.clinicRequired),
  city: requiredText(100, messages.cityRequired),
  email: emailField,
  approvalPolicy: v.literal(true, messages.consentPolicy),
};

/** Mails a 4-digit code to the logged-in account's e-mail (again after 30 s). */
export const sendEmailConfirmationCode = defineEndpoint({
  method: 'POST',
  path: '/ajax/email/send-code',
  input: v.object({}),
  output: okResponse({ message: v.string() }),
});

/** The mailed code confirms the account's e-mail. */
export const confirmEmail = defineEndpoint({
  method: 'POST',
  path: '/ajax/email/confirm',
  input: v.object({ code: confirmationCodeField }),
  output: okResponse({ message: v.string() }),
});

/** Registration stage 1: validate the form and e-mail a 4-digit code. `resend` after Back or the timer. */
export const registrationForm = v.object({
  ...registrationEntries,
  // The form's box starts unticked: it holds a boolean, and only a ticked one passes (the request carries `true`).
  approvalPolicy: v.pipe(v.boolean(messages.consentPolicy), v.value(true, messages.consentPolicy)),
});
export type RegistrationForm = v.InferInput<typeof registrationForm>;

export const sendRegistrationCode = defineEndpoint({
  method: 'POST',
  path: '/ajax/register/send-code',
  input: v.object({ ...registrationEntries, resend: v.optional(v.boolean(), false) }),
  output: okResponse({ message: v.string() }),
});

/** Registration stage 2: the code from the e-mail creates the account; its password is e-mailed. */
export const confirmRegistration = defineEndpoint({
  method: 'POST',
  path: '/ajax/register/confirm',
  input: v.object({ ...registrationEntries, code: confirmationCodeField }),
  output: okResponse({ message: v.string(), email: v.string() }),
});

export const loginForm = v.object({ email: emailField, password: passwordField });
export type LoginForm = v.InferInput<typeof loginForm>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/ajax/login',
  input: loginForm,
  output: okResponse({ user: userData, csrf_token: v.string() }),
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/ajax/logout',
  output: okResponse({ csrf_token: v.string() }),
});

export const forgotPasswordForm = v.object({ email: emailField });

/** Mails a link to /client/restore-password/{code}. */
export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/ajax/password/forgot',
  input: forgotPasswordForm,
  output: okResponse({ message: v.string() }),
});

export const newPasswordEntries = {
  new_password: passwordField,
  new_password_confirmation: v.string(messages.passwordsDiffer),
};

export const confirmationMatches = (input: { new_password: string; new_password_confirmation: string }) =>
  input.new_password_confirmation !== '' && input.new_password === input.new_password_confirmation;

export const changePasswordForm = v.pipe(
  v.object({
    current_password: v.pipe(
      v.string(messages.required),
      v.nonEmpty(messages.required),
      v.maxLength(200, messages.tooLong),
    ),
    ...newPasswordEntries,
  }),
  v.forward(
    v.partialCheck([['new_password'], ['new_password_confirmation']], confirmationMatches, messages.passwordsDiffer),
    ['new_password_confirmation'],
  ),
);
export type ChangePasswordForm = v.InferInput<typeof changePasswordForm>;

export const resetPasswordForm = v.pipe(
  v.object({
    ...newPasswordEntries,
    code: v.pipe(v.string(messages.required), v.nonEmpty(messages.required), v.maxLength(200, messages.required)),
  }),
  v.forward(
    v.partialCheck([['new_password'], ['new_password_confirmation']], confirmationMatches, messages.passwordsDiffer),
    ['new_password_confirmation'],
  ),
);
export type ResetPasswordForm = v.InferInput<typeof resetPasswordForm>;

/** Reset variant: the code comes from the link's path. */
export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/ajax/password/reset',
  input: resetPasswordForm,
  /** `email`: whose password it was, so 'Войти' after it starts with it (docs/api.md, the password reset). */
  output: okResponse({ message: v.string(), email: v.string() }),
});

/**
 * Whether a reset link still works, asked when its page opens (it does not use the code up): a dead
 * one says so at once instead of after the new password was typed twice.
 */
export const checkResetCode = defineEndpoint({
  method: 'POST',
  path: '/ajax/password/check',
  input: v.object({
    code: v.pipe(v.string(messages.required), v.nonEmpty(messages.required), v.maxLength(200, messages.required)),
  }),
  output: okResponse({ valid: v.boolean() }),
});

/** Logged-in variant at /cabinet/password: no code. */
export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/ajax/password/change',
  input: changePasswordForm,
  output: okResponse({ message: v.string() }),
});
