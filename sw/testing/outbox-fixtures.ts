// Helpers for the outbox's tests: a fresh IndexedDB (fake-indexeddb) per test, API answers, decisions.
import 'fake-indexeddb/auto';
import { createStore, type UseStore } from 'idb-keyval';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { vi } from 'vitest';
import type { OutboxNotice } from '#shared/screens/outbox.ts';
import type { FetchLike } from '../fetch-timeout.ts';
import type { RouteDeps } from '../outbox-routes.ts';
import { approveDefects, discussDefect } from '#shared/screens/decisions.ts';
import type { NewEntry } from '../outbox-commands.ts';
import { createCsrfKeeper } from '../outbox-csrf.ts';
import { createDrainer } from '../outbox-drain.ts';
import { createOutboxStore, type OutboxStore } from '../outbox-store.ts';

let databases = 0;

/** Database names unique per call, so tests in one file never see each other's entries. */
export function freshDatabases(name = `test-${++databases}`) {
  return { outboxDb: createStore(`outbox-${name}`, 'entries'), csrfDb: createStore(`csrf-${name}`, 'token') };
}

export function freshStore(name?: string) {
  const { outboxDb, csrfDb } = freshDatabases(name);
  return { store: createOutboxStore(outboxDb), csrfDb };
}

export function apiJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

export const decisionOk = { success: true, message: 'Работы согласованы', balls: 100 };

export function approveBody(statementId: number, version = 1, ticketId = 7) {
  return { ticket_id: ticketId, defects: [{ id: statementId, version }] };
}

/** An approval (or a discuss) of one statement, as the page would send it. */
export function decision(
  idempotencyKey: string,
  statementId: number,
  kind: 'approve' | 'discuss' = 'approve',
): NewEntry {
  if (kind === 'discuss') {
    return {
      kind,
      path: discussDefect.path,
      body: { ticket_id: 7, defect: { id: statementId, version: 1 }, comment: 'Позвоните мне' },
      idempotencyKey,
      facts: { ticketId: 7, statements: [{ id: statementId, version: 1 }] },
    };
  }
  return {
    kind,
    path: approveDefects.path,
    body: approveBody(statementId),
    idempotencyKey,
    facts: { ticketId: 7, statements: [{ id: statementId, version: 1 }] },
  };
}

/** The header of a stubbed fetch's call, whether it got a Request or a path and init. */
export function headerOf(input: RequestInfo | URL, init: RequestInit | undefined, name: string): string | null {
  if (input instanceof Request) return input.headers.get(name);
  return new Headers(init?.headers).get(name);
}

/** What the worker's fetch handler gets, around a stubbed network; `online` as navigator.onLine says. */
export function routeWorld(network: FetchLike, { online = true, now = 0 }: { online?: boolean; now?: number } = {}) {
  const { store, csrfDb } = freshStore();
  const notices: OutboxNotice[] = [];
  const fetch = vi.fn<FetchLike>(network);
  const deps = {
    store,
    notify: (notice: OutboxNotice) => void notices.push(notice),
    now: () => now,
    fetch,
    isOnline: () => online,
    rememberToken: vi.fn(),
    registerSync: vi.fn(),
    requestDrain: vi.fn(),
    timeoutMs: 30,
  } satisfies RouteDeps;
  return { deps, store, notices, fetch, csrfDb };
}

/**
 * A call with photos the page could not upload first, as the page sends it (ADR 0015, 0051): the
 * JSON `request` part and a JPEG `photo` part for each of `photos`.
 */
export function photosRequest(url: string, json: unknown, photos: Uint8Array[], headers: HeadersInit): Request {
  const form = new FormData();
  form.set('request', JSON.stringify(json));
  photos.forEach((bytes, index) =>
    form.append('photo', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), `photo-${index}.jpg`),
  );
  return new Request(url, { method: 'POST', body: form, headers });
}

/** What a send carried, as the server would read it. */
export interface SentCall {
  path: string;
  body: Uint8Array;
  type: string | null;
  key: string | null;
}

/**
 * Back online: the server answers every send with `answer`, and the worker's drainer over the
 * route world's outbox sends to it. `calls` records each send's path, body bytes, type and key.
 */
/** The portal reached again, answering every call with `answer` (and `status`). */
export function backOnline(
  world: { store: OutboxStore; csrfDb: UseStore },
  answer: unknown,
  now: number,
  status = 200,
) {
  const calls: SentCall[] = [];
  const online: FetchLike = async (input, init) => {
    const headers = new Headers(init?.headers);
    calls.push({
      path: String(input),
      body: new Uint8Array(await new Response(init?.body).arrayBuffer()),
      type: headers.get('content-type'),
      key: headers.get(IDEMPOTENCY_HEADER),
    });
    return apiJson(answer, status);
  };
  const drainer = createDrainer({
    store: world.store,
    csrf: createCsrfKeeper({ fetch: online, db: world.csrfDb }),
    fetch: online,
    notify: () => undefined,
    now: () => now,
  });
  return { calls, drainer };
}
