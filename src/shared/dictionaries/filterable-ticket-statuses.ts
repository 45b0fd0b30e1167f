import type { TicketStatusCode } from './ticket-statuses.ts';

/**
 * The ticket statuses a clinic may filter by: 0 (Статус не определён) and 4 (Ошибка) are the back
 * office's internal ones. Its own module with a literal list: the tickets route's search schema (in
 * the entry chunk) needs the codes, not the labels. ticket-statuses.test.ts keeps it in step.
 */
export const FILTERABLE_TICKET_STATUS_CODES = [1, 2, 3, 5, 6, 7] as const satisfies readonly TicketStatusCode[];
