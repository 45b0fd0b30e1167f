// The requests list's address and page size, apart from its schemas (tickets.ts): the app's entry asks
// for a cold start's first page with them (client features/tickets/list-head-start.ts) and must not
// carry the list's schemas for it.

export const TICKETS_LIST_PATH = '/ajax/cabinet/tickets';
export const TICKETS_PAGE_SIZE = 50;
