// Tells the app's other tabs in this browser that the account's data changed (notifications read,
// say), so their badges follow at once; each tab then fetches the user data again.

const CHANNEL = 'portal-account';

let channel: BroadcastChannel | null | undefined;
function open(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    // Node's (tests) would keep the process alive; browsers have no unref.
    (channel as { unref?: () => void } | null)?.unref?.();
  }
  return channel;
}

export function announceAccountChange(): void {
  open()?.postMessage('changed');
}

/** Calls `listener` when another tab announces a change; returns the unsubscribe. */
export function onAccountChangeElsewhere(listener: () => void): () => void {
  const own = open();
  if (!own) return () => undefined;
  own.addEventListener('message', listener);
  return () => own.removeEventListener('message', listener);
}
