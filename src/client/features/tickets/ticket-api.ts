// The ticket page's calls (cabinet.md §2 Ticket page), through the app's one HTTP client and the shared contract.
import { getTicket, getTicketHistory, type HistoryItem, type Ticket } from '#shared/api/tickets.ts';
import { callApi, callApiWithAge } from '#client/lib/http.ts';

/** The ticket; `cachedAt` when the answer is the service worker's saved copy (see callApiWithAge). */
export async function fetchTicket(
  id: number,
  signal?: AbortSignal,
): Promise<{ ticket: Ticket; cachedAt: number | null }> {
  const { output, cachedAt } = await callApiWithAge(getTicket, { params: { id }, signal });
  return { ticket: output.ticket, cachedAt };
}

/** The ticket's history (GET /ajax/cabinet/history/tickets/{id}), oldest first as the server sends it. */
export async function fetchTicketHistory(id: number, signal?: AbortSignal): Promise<HistoryItem[]> {
  const response = await callApi(getTicketHistory, { params: { id }, signal });
  return response.data;
}
