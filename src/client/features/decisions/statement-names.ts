import * as v from 'valibot';
import { TICKET_CACHE_NAME } from '#shared/api/ticket-cache.ts';
import { getTicket } from '#shared/api/tickets.ts';
import { useRemote } from '#client/lib/use-remote.ts';

// The outbox knows statements by id only; people know them by the instrument's name. The service
// worker's saved copy of each ticket (sw/ticket-cache.ts, ADR 0011) has the names, and it is there
// whenever the ticket was opened on this device — which is where the decision was made.

const savedTicket = v.object({
  ticket: v.object({ defective_lists: v.array(v.object({ id: v.number(), name: v.string() })) }),
});

/** Statement id → instrument name, from the saved copies of these tickets (empty when none is saved). */
export async function readStatementNames(ticketIds: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (typeof caches === 'undefined') return names;
  const cache = await caches.open(TICKET_CACHE_NAME);
  await Promise.all(
    [...new Set(ticketIds)].map(async (id) => {
      const saved = await cache.match(getTicket.path.replace(':id', String(id)), { ignoreSearch: true });
      const parsed = v.safeParse(savedTicket, await saved?.json().catch(() => undefined));
      if (!parsed.success) return;
      for (const statement of parsed.output.ticket.defective_lists) names.set(statement.id, statement.name);
    }),
  );
  return names;
}

const NO_NAMES: ReadonlyMap<number, string> = new Map();

/** `readStatementNames` for a component: empty at first, filled in when read. */
export function useStatementNames(ticketIds: readonly number[]): ReadonlyMap<number, string> {
  const key = [...new Set(ticketIds)].sort((a, b) => a - b).join(',');
  const read = useRemote<ReadonlyMap<number, string>>(
    () =>
      readStatementNames(key === '' ? [] : key.split(',').map(Number)).catch(
        () => NO_NAMES, // no Cache Storage (private mode): the ids stay
      ),
    key,
  );
  return read.data ?? NO_NAMES;
}
