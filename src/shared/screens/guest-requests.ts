import * as v from 'valibot';
import { messages } from '../validation/messages.ts';
import { confirmationCodeField, emailField, letterNameField } from '../validation/fields.ts';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { object } from '../api/object.ts';
import { customInstrumentsNamed, repairContactEntries, repairRequestEntries } from './repair-requests.ts';

// A guest's first repair request (portal.md §1, §2.1, §6; docs/api.md): the wizard's contact step mails
// a code to the e-mail, the code confirms that e-mail for this browser only, and 'Отправить заявку'
// makes the account and the ticket together. Not imported by the requests list (its cold path).

export const guestMessages = {
  /** The address has an account: nothing is mailed, nothing is attached to it. */
  emailRegistered: 'Этот адрес уже зарегистрирован. Войдите, чтобы оставить заявку',
  /** The request came without a code confirmed in this browser for this e-mail. */
  emailNotConfirmed: 'Подтвердите e-mail кодом из письма, чтобы отправить заявку',
  /** The code was asked for in another browser (or its cookie is gone). */
  otherBrowser: 'Код запрошен в другом браузере. Отправьте код ещё раз',
} as const;

export const guestEmailInput = v.object({ email: emailField, resend: v.optional(v.boolean(), false) });

/** Mails a 4-digit code for the guest wizard; sets the browser's guest cookie. */
export const sendGuestCode = defineEndpoint({
  method: 'POST',
  path: '/ajax/guest/send-code',
  input: guestEmailInput,
  output: okResponse({ message: v.string() }),
});

/** The mailed code confirms the e-mail for this browser's wizard (5 guesses per code). */
export const confirmGuestCode = defineEndpoint({
  method: 'POST',
  path: '/ajax/guest/confirm',
  input: v.object({ email: emailField, code: confirmationCodeField }),
  output: okResponse({ message: v.string() }),
});

export const guestRepairRequestInput = v.pipe(
  object({
    // The guest types the name (an account's comes from its profile): letters or hyphen (portal.md §5 Wizard step 1).
    contact: object({ ...repairContactEntries, name: letterNameField, surname: letterNameField, email: emailField }),
    ...repairRequestEntries,
  }),
  v.forward(
    v.check((input) => customInstrumentsNamed(input), messages.required),
    ['instruments'],
  ),
);
export type GuestRepairRequestInput = v.InferInput<typeof guestRepairRequestInput>;
export type GuestRepairRequestValues = v.InferOutput<typeof guestRepairRequestInput>;

/**
 * The request of POST /ajax/repair-requests with the contact's e-mail, under an Idempotency-Key:
 * creates the account (its password mailed) and the ticket in one transaction. `file_ids` must be
 * empty (a guest has no uploads): photos come with the request, createGuestRepairRequestWithPhotos.
 */
export const createGuestRepairRequest = defineEndpoint({
  method: 'POST',
  path: '/ajax/guest/repair-requests',
  input: guestRepairRequestInput,
  output: okResponse({ ticket_id: v.number(), email: v.string() }),
});

/** The same request with its photos in one multipart call: `request` (the JSON above) and `photo` parts, as /ajax/repair-requests/with-photos. */
export const createGuestRepairRequestWithPhotos = defineEndpoint({
  method: 'POST',
  path: '/ajax/guest/repair-requests/with-photos',
  output: okResponse({ ticket_id: v.number(), email: v.string() }),
});
