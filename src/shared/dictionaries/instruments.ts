import { labelOf } from './label.ts';

// Instrument types and statuses (cabinet.md §3).
export const INSTRUMENT_TYPES = {
  1: 'Турбина',
  2: 'Механический наконечник',
  3: 'Скалер',
  4: 'Врачебный мотор',
  5: 'Зуботехнический мотор',
  6: 'Хирургический мотор',
  7: 'Diagnocam',
  8: 'Артикулятор',
  9: 'Профифлекс',
  10: 'Переходник (мультифлекс)',
  11: 'Датчик+диск',
  12: 'Свой вариант',
} as const satisfies Record<number, string>;

export const INSTRUMENT_STATUSES = {
  1: 'Ожидает рассмотрения',
  2: 'Диагностика выполнена',
  3: 'Работы согласованы',
  4: 'Отказ от ремонта',
  5: 'На обсуждении',
  6: 'Работы выполнены',
  7: 'Закрыт',
} as const satisfies Record<number, string>;

export const instrumentTypeLabel = (code: number): string => labelOf(INSTRUMENT_TYPES, code);

export const instrumentStatusLabel = (code: number): string => labelOf(INSTRUMENT_STATUSES, code);

/** 'Свой вариант': the clinic (or the back office) names the instrument itself. */
export const CUSTOM_INSTRUMENT_TYPE = 12;

/**
 * How an instrument (or a statement about one) is named on the page and in the PDF: its own name
 * when it has one (the back office's statement name, the clinic's name of a 'Свой вариант'); for a
 * 'Свой вариант' without one, its description; else the type's label.
 */
export function instrumentDisplayName(item: {
  type: number;
  name?: string | null;
  description?: string | null;
}): string {
  const own = item.name?.trim();
  if (own) return own;
  const described = item.type === CUSTOM_INSTRUMENT_TYPE ? item.description?.trim() : '';
  return described || instrumentTypeLabel(item.type);
}
