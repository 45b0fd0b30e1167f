// A courier's stops (API.md, fourth wave): their kinds, states and the reasons of 'Не застал', with
// the Russian words the courier's screens and the clinic's ticket show.

export const STOP_KINDS = ['pickup', 'return'] as const;
export type StopKind = (typeof STOP_KINDS)[number];

export const STOP_KIND_LABELS: Readonly<Record<StopKind, string>> = {
  pickup: 'Забрать',
  return: 'Привезти',
};

/** planned → en_route (any number of times: a new ETA) → done or failed, both final. */
export const STOP_STATES = ['planned', 'en_route', 'done', 'failed'] as const;
export type StopState = (typeof STOP_STATES)[number];

export const STOP_STATE_LABELS: Readonly<Record<StopState, string>> = {
  planned: 'Запланирована',
  en_route: 'Курьер в пути',
  done: 'Выполнена',
  failed: 'Не застал',
};

export const STOP_FAIL_REASONS = ['closed', 'no_contact', 'not_ready', 'other'] as const;
export type StopFailReason = (typeof STOP_FAIL_REASONS)[number];

export const STOP_FAIL_REASON_LABELS: Readonly<Record<StopFailReason, string>> = {
  closed: 'Закрыто',
  no_contact: 'Нет контактного лица',
  not_ready: 'Инструменты не готовы',
  other: 'Другое',
};

/** The choices of 'Еду': minutes until the courier expects to arrive. */
export const ETA_CHOICES = [15, 30, 60] as const;
export type EtaMinutes = (typeof ETA_CHOICES)[number];
