import * as v from 'valibot';
import { emailFieldWith } from '../validation/fields.ts';
import { messages } from '../validation/messages.ts';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { accessLevel } from './access-levels.ts';

// Access to the clinic's tickets and bills given to colleagues' accounts (cabinet.md §2 Accesses,
// §7, §8). What a grantee may do is decided by the server's access module alone.

/** The accounts one clinic may give access to: a clinic's staff, not a mailing list. */
export const MAX_GRANTEES = 50;

export const ACCESS_MESSAGES = {
  granted: 'Доступ выдан',
  changed: 'Доступ изменён',
  revoked: 'Доступ отозван',
  emailRequired: messages.required,
  email: 'Введите корректный email',
  noAccount: 'Пользователь с таким e-mail не найден. Попросите коллегу зарегистрироваться на портале.',
  self: 'Это ваш собственный адрес',
  already: 'Этому пользователю доступ уже выдан',
  sameLevel: 'У этого пользователя уже такой доступ',
  notGranted: 'Этому пользователю доступ не выдавался',
  tooMany: `Доступ можно выдать не более чем ${MAX_GRANTEES} аккаунтам. Закройте доступ тем, кому он больше не нужен.`,
  ownerOnlyPoints: 'Бонусы и подарки при согласовании выбирает владелец заявки',
} as const;

const accessEmail = emailFieldWith(ACCESS_MESSAGES.email, ACCESS_MESSAGES.emailRequired);
/**
 * `level` (API.md §Added for the fourth wave; ADR 0049): what the colleague gets, 'full' when not chosen (today's
 * access); the same call with another level for a colleague who has access changes it.
 */
export const accessForm = v.object({ email: accessEmail, level: v.optional(accessLevel) });
export const revokeForm = v.object({ email: accessEmail });

export const grantee = v.object({
  email: v.string(),
  name: v.string(),
  surname: v.string(),
  granted_at: v.string(),
  /** Absent in copies saved before levels: today's access. */
  level: v.optional(accessLevel, 'full'),
  /** 'invited': an invitation waits for an address with no account ('Приглашение отправлено'); 'expired': its 7 days passed. */
  status: v.optional(v.picklist(['active', 'invited', 'expired']), 'active'),
});
export type Grantee = v.InferOutput<typeof grantee>;

/** The accounts this clinic gave access to, newest first. */
export const listAccesses = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/accesses',
  output: okResponse({ data: v.array(grantee) }),
});

/** Gives the account with this e-mail access (as the spec names the call). */
export const linkAccount = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/link-account',
  input: accessForm,
  output: okResponse({ message: v.string() }),
});

/** Takes it back; effective from the grantee's next request. */
export const unlinkAccount = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/unlink-account',
  input: revokeForm,
  output: okResponse({ message: v.string() }),
});

/**
 * A clinic that gave the caller access (issue 41): 'Оставить заявку от имени клиники' offers its
 * name to those whose level gives its tickets, and the wizard says for whom the request is.
 */
export const accessOwner = v.object({
  client_id: v.number(),
  /** The clinic's name; the owner's name and surname when it has none. */
  company: v.string(),
  level: accessLevel,
});
export type AccessOwner = v.InferOutput<typeof accessOwner>;

/** The clinics that gave this account access, by name. */
export const listAccessOwners = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/access-owners',
  output: okResponse({ data: v.array(accessOwner) }),
});
