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
