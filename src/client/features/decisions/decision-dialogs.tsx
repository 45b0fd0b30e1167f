import { useCallback, useEffect, useRef, useState } from 'react';
import { onOutboxChange } from '#client/lib/sw-bridge.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { useDecisionDialog } from './decision-dialog-store.ts';
import { DecisionToast } from './decision-toast.tsx';
import { DiscussDialog } from './discuss-dialog.tsx';
import type { DecisionFlowProps } from './flow-props.ts';
import { RejectDialog } from './reject-dialog.tsx';
import { TradeInDialog } from './trade-in-dialog.tsx';

export interface DecisionDialogsProps {
  /** The user's points: above 0, approving goes through the points popup (cabinet.md §4). */
  balls: number;
  /** A decision changed the ticket (made, or refused because the quote had changed): reload it. */
  onDecided: (ticketId: number) => void;
}

/**
 * The decision popups of the cabinet (cabinet.md §2 Popups): hosted once in the cabinet layout and
 * opened through `useDecisionDialog`, so the ticket page and the shell (trade-in) share them.
 */
export function DecisionDialogs({ balls, onDecided }: DecisionDialogsProps) {
  const request = useDecisionDialog((state) => state.request);
  const serial = useDecisionDialog((state) => state.serial);
  const close = useDecisionDialog((state) => state.close);
  const [toast, setToast] = useState<{ text: string; id: number; queued: boolean } | null>(null);
  const toastCount = useRef(0);
  const dismissToast = useCallback(() => setToast(null), []);
  // 'Will be sent' is out of date once the worker has settled a decision (applied, refused or given
  // up): the outbox panel and the card say what happened, so the note goes.
  const queuedToast = toast?.queued ?? false;
  useEffect(() => {
    if (!queuedToast) return undefined;
    return onOutboxChange((entry) => {
      if (entry.state !== 'queued' && entry.state !== 'sending') setToast(null);
    });
  }, [queuedToast]);

  let dialog = null;
  if (request && request.statements.length > 0) {
    const { ticketId } = request;
    const flow: DecisionFlowProps = {
      request,
      onClose: close,
      onDone: (text, queued) => {
        close();
        toastCount.current += 1;
        setToast({ text, id: toastCount.current, queued: queued ?? false });
        // A decision kept for later changes nothing on the server yet (the outbox's 'done' reloads).
        if (!queued) onDecided(ticketId);
      },
      onChanged: () => onDecided(ticketId),
    };
    switch (request.kind) {
      case 'approve':
        dialog = <ApproveDialog key={serial} balls={balls} {...flow} />;
        break;
      case 'reject':
        dialog = <RejectDialog key={serial} {...flow} />;
        break;
      case 'discuss':
        dialog = <DiscussDialog key={serial} {...flow} />;
        break;
      case 'trade-in':
        dialog = <TradeInDialog key={serial} {...flow} />;
        break;
    }
  }

  return (
    <>
      {dialog}
      <DecisionToast message={toast} onDismiss={dismissToast} />
    </>
  );
}
