import { eq } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { recordEvent } from './journal.ts';
import { stops, type StopOutcome } from './schema/couriers.ts';

// A stop finished: its row and its feed event, written together. One writer for the courier's
// 'Забрал' / 'Не застал' (services/couriers/actions.ts) and the demo's stops done earlier in the day
// (db/seed-courier.ts), so the demo's events are the ones a real day sends the back office.

export type StopFinish = { at: Date } & (
  | { state: 'done'; outcome: Extract<StopOutcome, { person: string }> }
  | { state: 'failed'; outcome: Extract<StopOutcome, { reason: string }> }
);

/** `stop.done` carries `done_at`, `stop.failed` carries `at` (API.md §Added for the fourth wave). */
export async function finishStop(
  tx: Tx,
  stop: Pick<typeof stops.$inferSelect, 'id' | 'kind' | 'ticketId'>,
  by: { clientId: number; courierId: number; now: Date },
  finished: StopFinish,
): Promise<void> {
  const { state, at, outcome } = finished;
  await tx.update(stops).set({ state, finishedAt: at, outcome }).where(eq(stops.id, stop.id));
  const about = { stop_id: stop.id, kind: stop.kind, ticket_id: stop.ticketId, courier_id: by.courierId };
  const event =
    finished.state === 'done'
      ? { type: 'stop.done' as const, payload: { ...about, done_at: at.toISOString(), ...finished.outcome } }
      : { type: 'stop.failed' as const, payload: { ...about, ...finished.outcome, at: at.toISOString() } };
  await recordEvent(tx, { ...event, clientId: by.clientId, ticketId: stop.ticketId, createdAt: by.now });
}
