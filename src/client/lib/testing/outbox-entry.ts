// Test data: an entry of the service worker's outbox as its notices carry it.
import { NEW_ENTRY_STATE, type OutboxEntry } from '#shared/screens/outbox.ts';

export function outboxEntry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: 'entry-1',
    createdAt: 1_000,
    method: 'POST',
    path: '/ajax/cabinet/defects/approve',
    body: { ticket_id: 55, defects: [{ id: 101, version: 3 }], end: true },
    idempotencyKey: 'key-1',
    statements: [{ id: 101, version: 3 }],
    ticketId: 55,
    kind: 'approve',
    ...NEW_ENTRY_STATE,
    ...overrides,
  };
}
