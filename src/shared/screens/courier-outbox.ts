import type { CourierActionKind, OutboxEntry, OutboxKind } from './outbox.ts';

// The courier's entries of the outbox (ADR 0047), for the worker and the courier's screens. Screen-owned
// (ADR 0035): nothing of it rides on a clinic's cold start.

export const OUTBOX_STOP_QUEUED_MESSAGE = 'Отметка сохранена и будет отправлена, когда появится связь';

export function isCourierAction(kind: OutboxKind): kind is CourierActionKind {
  return kind === 'stop-en-route' || kind === 'stop-done' || kind === 'stop-failed';
}

/** The stop a courier's entry acts on (its statement's negated id, sw/outbox-courier.ts); null for other entries. */
export function entryStopId(entry: Pick<OutboxEntry, 'kind' | 'statements'>): number | null {
  if (!isCourierAction(entry.kind)) return null;
  const id = entry.statements[0]?.id;
  return id === undefined ? null : -id;
}
