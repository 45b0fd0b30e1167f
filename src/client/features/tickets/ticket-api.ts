// The ticket page's calls (cabinet.md §2 Ticket page), through the app's one HTTP client and the shared contract.
import { getTicket, getTicketHistory, type HistoryItem, type Ticket } from '#shared/api/tickets.ts';
import { asApiError, callApi, callApiWithAge, LOAD_FAILED_MESSAGE } from '#client/lib/http.ts';

/** The ticket; `cachedAt` when the answer is the service worker's saved copy (see callApiWithAge). */
export async function fetchTicket(id: number): Promise<{ ticket: Ticket; cachedAt: number | null }> {
  const { output, cachedAt } = await callApiWithAge(getTicket, { params: { id } });
  return { ticket: output.ticket, cachedAt };
}

/** The ticket's history (GET /ajax/cabinet/history/tickets/{id}), oldest first as the server sends it. */
export async function fetchTicketHistory(id: number, signal?: AbortSignal): Promise<HistoryItem[]> {
  const response = await callApi(getTicketHistory, { params: { id }, signal });
  return response.data;
}

/** What the page shows of a failed call: the Russian message, and whether it was a 404. */
export interface LoadError {
  message: string;
  notFound: boolean;
}

/** Any thrown value as a LoadError (the calls throw ApiError; anything else is a bug, reported). */
export function toLoadError(error: unknown): LoadError {
  const failure = asApiError(error, LOAD_FAILED_MESSAGE);
  return { message: failure.message, notFound: failure.status === 404 };
}
