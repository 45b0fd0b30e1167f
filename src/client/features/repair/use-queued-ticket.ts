import { useEffect, useRef } from 'react';
import * as v from 'valibot';
import { createRepairRequest } from '#shared/screens/repair-requests.ts';
import { onOutboxChange } from '#client/lib/sw-bridge.ts';

const sentAnswer = createRepairRequest.output;

/** A request the service worker kept: its outbox entry, and the 'saved' text shown meanwhile. */
export interface QueuedRequest {
  message: string;
  outboxId: string;
}

/** A kept request that the worker has now sent: `onSent` gets its ticket's number (it replaces the 'saved' text). */
export function useQueuedTicket(queued: QueuedRequest | null, onSent: (ticketId: number) => void) {
  const sent = useRef(onSent);
  useEffect(() => {
    sent.current = onSent;
  });
  useEffect(() => {
    if (queued === null) return;
    return onOutboxChange((entry) => {
      const answer = v.safeParse(sentAnswer, entry.result);
      if (entry.id !== queued.outboxId || entry.state !== 'done' || !answer.success) return;
      sent.current(answer.output.ticket_id);
    });
  }, [queued]);
}
