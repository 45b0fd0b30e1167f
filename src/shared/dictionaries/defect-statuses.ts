import { labelOf } from './label.ts';

// Defect statement statuses (cabinet.md §4).
export const DEFECT_STATUSES = {
  1: 'Требует согласования',
  2: 'Работы согласованы',
  3: 'Закрыта',
  4: 'Отменена',
} as const satisfies Record<number, string>;

export const defectStatusLabel = (code: number): string => labelOf(DEFECT_STATUSES, code);
