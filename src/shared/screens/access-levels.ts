import * as v from 'valibot';

// What a colleague's access to a clinic's records gives (issue 41, API.md §Added for the fourth wave; ADR 0049).
// The server enforces it on every call (src/server/services/access/levels.ts); the page only hides.

/** `full` is today's access (tickets, decisions, bills); `tickets` reads tickets only; `bills` the bills only. */
export const ACCESS_LEVELS = ['full', 'tickets', 'bills'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export const accessLevel = v.picklist(ACCESS_LEVELS, 'Выберите уровень доступа');

/** What the owner chooses from (cabinet.md §Accesses, issue 41). */
export const ACCESS_LEVEL_LABELS: Readonly<Record<AccessLevel, string>> = {
  full: 'Заявки и согласования',
  tickets: 'Только заявки',
  bills: 'Счета',
};

/**
 * What each part of the owner's records needs: `tickets` (the list, the ticket page, its history,
 * documents, photos, waybill and PDF), `decisions` (approve, reject, discuss, trade in, points for a
 * quote), `prices` (costs and points on the ticket), `bills` (the bills, their documents, 'Я оплатил').
 */
export const ACCESS_SCOPES = ['tickets', 'decisions', 'prices', 'bills'] as const;
export type AccessScope = (typeof ACCESS_SCOPES)[number];

export const LEVEL_SCOPES: Readonly<Record<AccessLevel, readonly AccessScope[]>> = {
  full: ['tickets', 'decisions', 'prices', 'bills'],
  tickets: ['tickets'],
  bills: ['bills'],
};

export function levelGives(level: AccessLevel, scope: AccessScope): boolean {
  return LEVEL_SCOPES[level].includes(scope);
}

/**
 * What a notification of the owner is about, and so which colleagues get their own copy (ADR 0054):
 * `ticket` its progress, no money (levels giving `tickets`); `decision` a quote, its price, an answer
 * (`decisions`: 'Заявки и согласования' only); `bill` a bill (`bills`). None: the owner's alone.
 */
export const NOTIFICATION_TOPICS = ['ticket', 'decision', 'bill'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
export const TOPIC_SCOPES: Readonly<Record<NotificationTopic, AccessScope>> = {
  ticket: 'tickets',
  decision: 'decisions',
  bill: 'bills',
};

const NEEDED: Readonly<Record<AccessScope, string>> = {
  tickets: 'заявки клиники',
  decisions: 'решения по ремонту',
  prices: 'стоимость работ и бонусы',
  bills: 'счета клиники',
};

/** The 403's message: what the colleague's level does not give, and who can change it. */
export function levelRefusalMessage(level: AccessLevel, scope: AccessScope): string {
  return `Ваш доступ «${ACCESS_LEVEL_LABELS[level]}» не включает ${NEEDED[scope]}. Изменить доступ может владелец кабинета клиники.`;
}
