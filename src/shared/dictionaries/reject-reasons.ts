// The fixed list of reasons for refusing a repair (cabinet.md §2 Rejection popup).
export const REJECT_REASONS = [
  'Проблема решена',
  'Ремонт больше не актуален',
  'Ремонт в другом авторизованном сервисе бренда',
  'Ремонт не в авторизованном сервисном центре',
  'Дорогой ремонт',
  'Покупка нового инструмента этого бренда',
  'Покупка инструмента другого производителя',
  'Ремонт запланирован позже',
] as const;

export type RejectReason = (typeof REJECT_REASONS)[number];
