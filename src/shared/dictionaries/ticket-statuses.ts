import { labelOf } from './label.ts';

// Ticket status code → label (API.md §Codes; cabinet.md §4).
export const TICKET_STATUSES = {
  0: 'Статус не определён',
  1: 'Ожидает одобрения',
  2: 'Одобрена',
  3: 'Отменена',
  4: 'Ошибка',
  5: 'Требует согласования',
  6: 'Работы согласованы',
  7: 'Закрыта',
} as const satisfies Record<number, string>;

export type TicketStatusCode = keyof typeof TICKET_STATUSES;

export const TICKET_STATUS_CODES = Object.keys(TICKET_STATUSES).map(Number) as TicketStatusCode[];

export const ticketStatusLabel = (code: number): string => labelOf(TICKET_STATUSES, code, TICKET_STATUSES[0]);
