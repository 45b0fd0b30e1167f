import type { StopFailReason, StopKind, StopState } from '../dictionaries/courier-stops.ts';

// The Russian words of a stop's kind, state and the reasons of 'Не застал' (the courier's screens,
// the clinic's ticket lines written by the server). Screen-owned (ADR 0035).

export const STOP_KIND_LABELS: Readonly<Record<StopKind, string>> = {
  pickup: 'Забрать',
  return: 'Привезти',
};

export const STOP_STATE_LABELS: Readonly<Record<StopState, string>> = {
  planned: 'Запланирована',
  en_route: 'Курьер в пути',
  done: 'Выполнена',
  failed: 'Не застал',
};

export const STOP_FAIL_REASON_LABELS: Readonly<Record<StopFailReason, string>> = {
  closed: 'Закрыто',
  no_contact: 'Нет контактного лица',
  not_ready: 'Инструменты не готовы',
  other: 'Другое',
};
