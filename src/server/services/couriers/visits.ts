import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { CourierVisit } from '#shared/api/tickets.ts';
import type { StopFailReason } from '#shared/dictionaries/courier-stops.ts';
import { courierDoneText, courierEtaText, courierFailedText } from '#shared/format/courier-visit.ts';
import { formatServerTimestamp } from '#shared/format/server-timestamp.ts';
import type { Reader } from '#server/db/client.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { stops, type StopOutcome } from '#server/db/schema/couriers.ts';

// The courier's visits as the clinic's ticket page shows them: planned and under way ones, and what
// came of the finished ones, with the line to show. Nothing of the courier (name, phone, route) is
// in them. Cancelled stops are not shown, nor the open ones of a courier the back office switched
// off (until the stop is given to another courier).

type StopRow = typeof stops.$inferSelect;

function visitText(row: StopRow): string | null {
  const outcome = row.outcome as StopOutcome | null;
  if (row.state === 'en_route' && row.etaAt) return courierEtaText(formatServerTimestamp(row.etaAt));
  if (!row.finishedAt || !outcome) return null;
  const at = formatServerTimestamp(row.finishedAt);
  if (row.state === 'done' && 'person' in outcome)
    return courierDoneText(
      row.kind,
      at,
      outcome.instruments.filter((item) => item.collected).length,
      outcome.instruments.length,
    );
  if (row.state === 'failed' && 'reason' in outcome)
    return courierFailedText(at, outcome.reason as StopFailReason, outcome.comment);
  return null;
}

export async function ticketVisits(db: Reader, ticketId: number): Promise<CourierVisit[]> {
  const rows = await db
    .select({ stop: stops })
    .from(stops)
    .innerJoin(clients, eq(clients.id, stops.courierId))
    .where(
      and(
        eq(stops.ticketId, ticketId),
        isNull(stops.cancelledAt),
        or(isNull(clients.deactivatedAt), eq(stops.state, 'done'), eq(stops.state, 'failed')),
      ),
    )
    .orderBy(asc(stops.date), asc(stops.position), asc(stops.id));
  return rows.map(({ stop }) => {
    const outcome = stop.outcome as StopOutcome | null;
    const done = stop.state === 'done' && outcome && 'person' in outcome ? outcome : null;
    const failed = stop.state === 'failed' && outcome && 'reason' in outcome ? outcome : null;
    return {
      id: stop.id,
      kind: stop.kind,
      state: stop.state,
      date: stop.date,
      window: stop.timeWindow,
      eta_at: stop.etaAt && formatServerTimestamp(stop.etaAt),
      finished_at: stop.finishedAt && formatServerTimestamp(stop.finishedAt),
      collected: done ? done.instruments.filter((item) => item.collected).length : null,
      total: done ? done.instruments.length : null,
      person: done ? done.person : null,
      reason: failed ? (failed.reason as StopFailReason) : null,
      comment: failed ? failed.comment : null,
      text: visitText(stop),
    };
  });
}
