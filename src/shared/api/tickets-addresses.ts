// The addresses of the requests list and of a ticket, and the list's page size, apart from their
// schemas (tickets.ts): the app's entry asks for a cold start's data with them (client
// features/tickets/head-starts.ts) and must not carry the schemas for it.

export const TICKETS_LIST_PATH = '/ajax/cabinet/tickets';
export const TICKET_PATH = `${TICKETS_LIST_PATH}/:id` as const;
export const TICKETS_PAGE_SIZE = 50;
