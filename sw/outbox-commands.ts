// Changes to the outbox other than sending: keeping a new decision, and what the user (through the
// page) or a new login asks for. Each is one atomic store change followed by a notice to the pages.
import {
  NEW_ENTRY_STATE,
  type KeptBody,
  type OutboxEntry,
  type OutboxKind,
  type OutboxNotice,
  type SeenStatement,
} from '#shared/screens/outbox.ts';
import type { Owner } from './account-owner.ts';
import type { OutboxStore } from './outbox-store.ts';

export interface CommandDeps {
  store: OutboxStore;
  notify: (notice: OutboxNotice) => void | Promise<void>;
  now: () => number;
  newId?: () => string;
  /** The session's account (account-owner.ts); a kept decision belongs to it. */
  owner?: () => Promise<Owner | undefined>;
}

/** What an entry records about its call: a decision's ticket and statements; neither for a repair request. */
export interface EntryFacts {
  ticketId: number | null;
  statements: SeenStatement[];
}

export interface NewEntry {
  kind: OutboxKind;
  path: string;
  body: unknown;
  raw?: KeptBody;
  idempotencyKey: string;
  facts: EntryFacts;
}

/** Settled entries neither wait for anything nor hold back later decisions on their statements. */
export function isSettled(entry: OutboxEntry): boolean {
  return entry.state === 'done' || entry.state === 'conflict';
}

/** True when a decision on one of these statements is still to be settled: a new one must queue behind it. */
export async function hasUnsettledFor(store: OutboxStore, statementIds: readonly number[]): Promise<boolean> {
  const entries = await store.list();
  return entries.some(
    (entry) => !isSettled(entry) && entry.statements.some((statement) => statementIds.includes(statement.id)),
  );
}

/**
 * Keeps a decision for later. A request with a key already kept (the page sent the same tap twice)
 * gets the kept entry back: one key, one entry. `createdAt` is strictly after every kept entry's,
 * so the sending order is the order of the taps even when the clock stands still or goes back.
 */
export async function enqueue(deps: CommandDeps, decision: NewEntry): Promise<OutboxEntry> {
  const accountId = (await deps.owner?.()) ?? null;
  const { entry, added } = await deps.store.append((entries) => {
    const existing = entries.find((kept) => kept.idempotencyKey === decision.idempotencyKey);
    if (existing) return existing;
    const latest = entries.at(-1)?.createdAt ?? Number.NEGATIVE_INFINITY;
    return {
      id: deps.newId?.() ?? crypto.randomUUID(),
      createdAt: Math.max(deps.now(), latest + 1),
      method: 'POST',
      path: decision.path,
      body: decision.body,
      ...(decision.raw ? { raw: decision.raw } : {}),
      idempotencyKey: decision.idempotencyKey,
      statements: decision.facts.statements,
      ticketId: decision.facts.ticketId,
      accountId,
      kind: decision.kind,
      ...NEW_ENTRY_STATE,
    };
  });
  if (added) await deps.notify({ type: 'outbox', entry });
  return entry;
}

/** The user asks to send it now: back-off starts over. Settled and in-flight entries stay as they are. */
export async function retryEntry(deps: CommandDeps, id: string): Promise<OutboxEntry | undefined> {
  let changed = false;
  const entry = await deps.store.change(id, (current) => {
    if (current.state !== 'queued' && current.state !== 'auth' && current.state !== 'failed') return null;
    changed = true;
    return { ...current, state: 'queued', attempts: 0, nextAttemptAt: 0 };
  });
  if (changed && entry) await deps.notify({ type: 'outbox', entry });
  return entry;
}

/**
 * The browser is back online: what waited only because there was no network (no response at all,
 * status 0) is due now, not after the rest of its back-off, so the page stops saying 'Нет связи с
 * сервером' within moments. Its attempts stay counted; a server's trouble (5xx, 429) keeps its wait.
 */
export async function networkWaitsDue(deps: CommandDeps): Promise<number> {
  let released = 0;
  for (const waiting of await deps.store.list()) {
    if (waiting.state !== 'queued' || waiting.lastStatus !== 0 || waiting.nextAttemptAt === 0) continue;
    const entry = await deps.store.change(waiting.id, (current) =>
      current.state === 'queued' && current.lastStatus === 0 ? { ...current, nextAttemptAt: 0 } : null,
    );
    if (entry?.nextAttemptAt === 0) released += 1;
  }
  return released;
}

/**
 * The user gives it up. Not while it is on the wire: the server may be applying it, and the page
 * must learn that outcome. A discarded entry that had timed out may still have been applied.
 */
export async function discardEntry(deps: CommandDeps, id: string): Promise<boolean> {
  const removed = await deps.store.remove(id, (entry) => entry.state !== 'sending');
  if (removed) await deps.notify({ type: 'outbox-removed', id });
  return removed;
}

/** A new CSRF token means a new login or session: entries kept for one are sent again. */
export async function releaseAuth(deps: CommandDeps): Promise<number> {
  let released = 0;
  for (const waiting of await deps.store.list()) {
    if (waiting.state !== 'auth') continue;
    const entry = await deps.store.change(waiting.id, (current) =>
      current.state === 'auth' ? { ...current, state: 'queued', nextAttemptAt: 0 } : null,
    );
    if (entry?.state === 'queued') {
      released += 1;
      await deps.notify({ type: 'outbox', entry });
    }
  }
  return released;
}

/** Applied decisions are kept a while so a page opened later still sees them, then dropped. */
export async function pruneDone(deps: CommandDeps, olderThanMs: number): Promise<void> {
  const cutoff = deps.now() - olderThanMs;
  for (const entry of await deps.store.list()) {
    if (entry.state !== 'done' || entry.createdAt >= cutoff) continue;
    if (await deps.store.remove(entry.id, (current) => current.state === 'done'))
      await deps.notify({ type: 'outbox-removed', id: entry.id });
  }
}

/**
 * Another account logged in: the decisions the previous one kept are dropped, never sent in the new
 * session nor shown to it. A logout keeps them for their owner's next login. Entries of older
 * versions carry no account: they belong to the account known before (kept on the first one learned).
 */
export async function dropForeignEntries(deps: CommandDeps, next: Owner, previous: Owner | undefined): Promise<number> {
  if (next === null) return 0;
  let dropped = 0;
  for (const entry of await deps.store.list()) {
    const belongsTo = entry.accountId ?? previous;
    if (belongsTo === undefined || belongsTo === null || belongsTo === next) continue;
    if (await deps.store.remove(entry.id, (current) => (current.accountId ?? previous) === belongsTo)) {
      dropped += 1;
      await deps.notify({ type: 'outbox-removed', id: entry.id });
    }
  }
  return dropped;
}
