import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { confirmationMatches, newPasswordEntries } from '../api/account.ts';
import { cyrillicNameField, phoneField } from '../validation/fields.ts';
import { messages } from '../validation/messages.ts';

// A colleague invited by e-mail before having an account (issue 41, ADR 0049): the mailed link
// opens /client/invitation/{token}, a short form makes the account at the owner's clinic and logs in.

export const INVITATION_DAYS = 7;
export const INVITATION_PATH = '/client/invitation';

export const INVITATION_MESSAGES = {
  sent: 'Приглашение отправлено',
  revoked: 'Приглашение отозвано',
  alreadySent: 'Приглашение на этот адрес уже отправлено',
  unknown: 'Приглашение не найдено или отозвано владельцем кабинета',
  expired: 'Срок действия приглашения истёк. Попросите коллегу отправить новое.',
  accepted: 'Приглашение уже принято. Войдите с паролем, который вы задали.',
  emailTaken: 'С этим адресом уже есть аккаунт. Войдите и попросите коллегу выдать доступ ещё раз.',
  /** The accept call with a session: it would replace it, so it is refused (the page offers 'Выйти' first). */
  loggedIn: 'Вы вошли в другую учётную запись. Выйдите из неё, чтобы принять приглашение.',
} as const;

const tokenField = v.pipe(
  v.string(messages.required),
  v.nonEmpty(messages.required),
  v.maxLength(200, messages.required),
);

export const invitation = v.object({
  email: v.string(),
  /** The owner's clinic (its company, else the owner's name): the colleague's clinic. */
  clinic: v.string(),
  owner_name: v.string(),
  /** The level as the owner chose it, and its label ('Только заявки'): the page imports no level list. */
  level: v.string(),
  level_label: v.string(),
});
export type Invitation = v.InferOutput<typeof invitation>;

/** What the link's page shows before the form: whose invitation, for which address, at which level. */
export const getInvitation = defineEndpoint({
  method: 'POST',
  path: '/ajax/invitations/check',
  input: v.object({ token: tokenField }),
  output: okResponse({ invitation }),
});

export const acceptInvitationForm = v.pipe(
  v.object({
    token: tokenField,
    name: cyrillicNameField,
    surname: cyrillicNameField,
    phone: phoneField,
    ...newPasswordEntries,
  }),
  v.forward(
    v.partialCheck([['new_password'], ['new_password_confirmation']], confirmationMatches, messages.passwordsDiffer),
    ['new_password_confirmation'],
  ),
);
export type AcceptInvitationForm = v.InferInput<typeof acceptInvitationForm>;

/** Makes the colleague's account, gives the invited level, logs in; `landing` is where the page goes. */
export const acceptInvitation = defineEndpoint({
  method: 'POST',
  path: '/ajax/invitations/accept',
  input: acceptInvitationForm,
  output: okResponse({ landing: v.picklist(['/cabinet/tickets', '/cabinet/bills']), csrf_token: v.string() }),
});
