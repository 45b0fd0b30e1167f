// The page's side of the service worker's outbox (ADR 0010, src/shared/screens/outbox.ts): hands the
// worker the CSRF token, asks it to drain on load, reconnection (lib/connection.ts) and focus, and keeps what it reports
// (the decisions waiting, failed, refused or done) in a small store the pages read.
import { create } from 'zustand';
import type { OutboxCommand, OutboxEntry, OutboxNotice, OutboxState } from '#shared/screens/outbox.ts';
import { onReconnect } from './connection.ts';

export interface OutboxViewState {
  /** The worker's entries by id, as last reported. */
  entries: Record<string, OutboxEntry>;
}

export const useOutbox = create<OutboxViewState>()(() => ({ entries: {} }));

/** States in which the decision has not reached the server yet: its statements wait. */
const UNSENT: ReadonlySet<OutboxState> = new Set(['queued', 'sending', 'auth', 'failed']);

export function isUnsent(entry: OutboxEntry): boolean {
  return UNSENT.has(entry.state);
}

/** The entries the user should see (everything but the done ones), oldest first. */
export function visibleEntries(entries: Record<string, OutboxEntry>): OutboxEntry[] {
  return Object.values(entries)
    .filter((entry) => entry.state !== 'done')
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** The statements of `ticketId` with a decision not sent yet. */
export function pendingStatementIds(entries: Record<string, OutboxEntry>, ticketId: number): number[] {
  const ids = new Set<number>();
  for (const entry of Object.values(entries)) {
    if (entry.ticketId !== ticketId || !isUnsent(entry)) continue;
    for (const statement of entry.statements) ids.add(statement.id);
  }
  return [...ids];
}

type EntryListener = (entry: OutboxEntry) => void;
const listeners = new Set<EntryListener>();

/** Called for every entry the worker reports as added or changed (e.g. `done`: reload its ticket). */
export function onOutboxChange(listener: EntryListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function container(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

/** The worker in control, or the registration's active one before it takes control. */
async function activeWorker(): Promise<ServiceWorker | null> {
  const sw = container();
  if (!sw) return null;
  if (sw.controller) return sw.controller;
  const registration = await sw.getRegistration?.().catch(() => undefined);
  return registration?.active ?? null;
}

function post(command: OutboxCommand, transfer: Transferable[] = []): Promise<boolean> {
  return activeWorker()
    .then((worker) => {
      if (!worker) return false;
      worker.postMessage(command, transfer);
      return true;
    })
    .catch(() => false);
}

let lastToken = '';

/** The page has a (new) CSRF token: the worker sends its replays with it. */
export function sendCsrfToWorker(token: string): void {
  if (!token) return;
  lastToken = token;
  void post({ type: 'csrf', token });
}

let lastAccount: { id: number | null } | null = null;

/** The page learned who is logged in: the worker's saved copies and kept decisions follow that account. */
export function sendAccountToWorker(id: number | null): void {
  lastAccount = { id };
  void post({ type: 'account', id });
}

export function drainOutbox(): void {
  void post({ type: 'drain' });
}

/** Back online: what waited only for the network goes now, not after its back-off. */
function drainOnReconnect(): void {
  void post({ type: 'drain', online: true });
}

export function retryOutbox(id: string): void {
  void post({ type: 'retry', id });
}

export function discardOutbox(id: string): void {
  void post({ type: 'discard', id });
}

const LIST_TIMEOUT_MS = 5000;

/** Asks the worker for every entry (through a MessageChannel) and replaces the store's copy. */
export async function refreshOutbox(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return;
  const channel = new MessageChannel();
  const answer = new Promise<OutboxNotice | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), LIST_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<OutboxNotice>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
  });
  if (!(await post({ type: 'list' }, [channel.port2]))) {
    channel.port1.close();
    return;
  }
  const notice = await answer;
  channel.port1.close();
  if (notice) applyOutboxNotice(notice);
}

/** Takes one notice of the worker into the store. */
export function applyOutboxNotice(notice: OutboxNotice): void {
  switch (notice.type) {
    case 'outbox':
      useOutbox.setState((state) => ({ entries: { ...state.entries, [notice.entry.id]: notice.entry } }));
      for (const listener of listeners) listener(notice.entry);
      return;
    case 'outbox-removed':
      useOutbox.setState((state) => {
        const entries = { ...state.entries };
        delete entries[notice.id];
        return { entries };
      });
      return;
    case 'outbox-list':
      useOutbox.setState({ entries: Object.fromEntries(notice.entries.map((entry) => [entry.id, entry])) });
      return;
  }
}

function isNotice(data: unknown): data is OutboxNotice {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'outbox' || type === 'outbox-removed' || type === 'outbox-list';
}

/**
 * Listens to the worker's notices and asks it to drain now, on `online` and on focus. Returns the
 * cleanup. Does nothing where there is no service worker (development, tests without a stub).
 */
export function connectOutbox(target: Window = window): () => void {
  const sw = container();
  if (!sw) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if (isNotice(event.data)) applyOutboxNotice(event.data);
  };
  const onController = () => {
    if (lastToken) sendCsrfToWorker(lastToken);
    if (lastAccount) sendAccountToWorker(lastAccount.id);
    drainOutbox();
    void refreshOutbox();
  };
  sw.addEventListener('message', onMessage);
  sw.addEventListener('controllerchange', onController);
  // Not only `online`: on Lie-Fi the server coming back is seen by a call or the probe.
  const stopReconnect = onReconnect(drainOnReconnect);
  target.addEventListener('focus', drainOutbox);
  drainOutbox();
  void refreshOutbox();
  // On the first visit the worker becomes active after this runs: hand it the token and ask again.
  void sw.ready?.then(onController).catch(() => undefined);
  return () => {
    sw.removeEventListener('message', onMessage);
    sw.removeEventListener('controllerchange', onController);
    stopReconnect();
    target.removeEventListener('focus', drainOutbox);
  };
}
