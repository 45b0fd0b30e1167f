/// <reference lib="webworker" />
// Wires the outbox into the worker: the decision and repair-request POSTs, the drain triggers (Background Sync where
// the browser has it, the worker's start and activation, the page's messages, any answer from the
// server) and the pages' commands. The logic lives in the outbox-*.ts modules.
import * as v from 'valibot';
import {
  OUTBOX_SYNC_TAG,
  outboxCommand,
  publicEntry,
  type OutboxCommand,
  type OutboxNotice,
} from '#shared/screens/outbox.ts';
import type { OwnerChange, OwnerKeeper } from './account-owner.ts';
import type { WorkerErrorReport } from './error-reporter.ts';
import type { FetchLike } from './fetch-timeout.ts';
import {
  discardEntry,
  dropForeignEntries,
  networkWaitsDue,
  releaseAuth,
  retryEntry,
  type CommandDeps,
} from './outbox-commands.ts';
import { createCsrfKeeper } from './outbox-csrf.ts';
import { createDrainer, type DrainSummary } from './outbox-drain.ts';
import { handleKeptPost, keptRequestKind } from './outbox-routes.ts';
import { createOutboxStore } from './outbox-store.ts';

/** Background Sync is not in TypeScript's WebWorker lib (Chromium only). */
interface SyncEventLike extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** A timer only helps while the worker lives (a page is open); the other triggers cover the rest. */
const MAX_TIMER_MS = 5 * 60_000;

/** What the worker's account cleanup needs from the outbox. */
export interface InstalledOutbox {
  dropForeign: OwnerChange;
}

export function installOutbox(
  sw: ServiceWorkerGlobalScope,
  owner: OwnerKeeper,
  report: WorkerErrorReport,
): InstalledOutbox {
  const fetchFn: FetchLike = (input, init) => sw.fetch(input, init);
  const store = createOutboxStore();
  const csrf = createCsrfKeeper({ fetch: fetchFn });
  const notify = async (notice: OutboxNotice): Promise<void> => {
    // Pages learn of a kept request's photos by their size; the bytes stay in the worker.
    const sent = notice.type === 'outbox' ? { ...notice, entry: publicEntry(notice.entry) } : notice;
    for (const client of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true }))
      client.postMessage(sent);
  };
  const commandDeps: CommandDeps = { store, notify, now: Date.now, owner: owner.current };
  const drainer = createDrainer({ store, csrf, fetch: fetchFn, notify });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (summary: DrainSummary): void => {
    clearTimeout(timer);
    if (summary.nextAttemptAt === null) return;
    const delay = Math.max(0, summary.nextAttemptAt - Date.now());
    if (delay <= MAX_TIMER_MS) timer = setTimeout(() => void drain().catch(report), delay + 50);
  };
  const drain = async (): Promise<DrainSummary> => {
    const summary = await drainer.drain();
    schedule(summary);
    return summary;
  };
  const registerSync = async (): Promise<void> => {
    try {
      await (sw.registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG);
    } catch {
      // Not allowed (e.g. site settings): the page's triggers still drain.
    }
  };
  const rememberToken = async (token: string): Promise<void> => {
    // A new token is a new login or session: what waited for one goes out again.
    if ((await csrf.remember(token)) && (await releaseAuth(commandDeps)) > 0) void drain().catch(report);
  };

  sw.addEventListener('fetch', (event) => {
    const kind = keptRequestKind(event.request, sw.location.origin);
    if (kind === null) return;
    const requestDrain = (): void => {
      try {
        event.waitUntil(drain().catch(report));
      } catch {
        void drain().catch(report); // the event is already over: drain anyway, best effort
      }
    };
    event.respondWith(
      handleKeptPost(event.request, kind, {
        ...commandDeps,
        fetch: fetchFn,
        isOnline: () => sw.navigator.onLine,
        rememberToken,
        registerSync,
        requestDrain,
      }),
    );
  });

  sw.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    // Rejecting makes the browser fire the sync again later, with its own back-off.
    sync.waitUntil(
      drain().then((summary) => {
        if (summary.queued > 0 && !sync.lastChance) throw new Error('outbox: decisions still waiting');
      }),
    );
  });

  sw.addEventListener('activate', (event) => event.waitUntil(drain().catch(report)));

  sw.addEventListener('message', (event) => {
    const parsed = v.safeParse(outboxCommand, event.data);
    if (!parsed.success) return;
    event.waitUntil(run(parsed.output, event).catch(report));
  });

  async function run(command: OutboxCommand, event: ExtendableMessageEvent): Promise<void> {
    switch (command.type) {
      case 'csrf':
        return rememberToken(command.token);
      case 'account':
        return owner.learn(command.id);
      case 'drain':
        if (command.online) await networkWaitsDue(commandDeps);
        await drain();
        return;
      case 'list': {
        const notice: OutboxNotice = { type: 'outbox-list', entries: (await store.list()).map(publicEntry) };
        const port = event.ports[0];
        if (port) port.postMessage(notice);
        else (event.source as Client | null)?.postMessage(notice);
        return;
      }
      case 'retry':
        await retryEntry(commandDeps, command.id);
        await drain();
        return;
      case 'discard':
        await discardEntry(commandDeps, command.id);
        return;
    }
  }

  // Every start of the worker (it is stopped when idle and started for any event).
  void drain().catch(report);
  return { dropForeign: (next, previous) => dropForeignEntries(commandDeps, next, previous) };
}
