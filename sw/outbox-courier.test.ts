import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { queuedAnswer } from '#shared/api/outbox.ts';
import { entryStopId, OUTBOX_STOP_QUEUED_MESSAGE } from '#shared/screens/courier-outbox.ts';
import { stopDone, stopEnRoute, stopFailed } from '#shared/screens/courier.ts';
import { handleKeptPost, keptRequestKind } from './outbox-routes.ts';
import { routeWorld } from './testing/outbox-fixtures.ts';

const ORIGIN = 'https://portal.example';
const NOW = Date.parse('2026-11-29T08:00:00Z');

function post(path: string, body: unknown, key = 'tap-key-courier-1'): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: key, [CSRF_HEADER]: 'page-token' },
  });
}

const offline = async () => {
  throw new TypeError('Failed to fetch');
};

describe('the courier actions in the outbox', () => {
  it('matches the three courier POSTs', () => {
    const kind = (path: string, method = 'POST') =>
      keptRequestKind(new Request(`${ORIGIN}${path}`, { method }), ORIGIN);
    expect(kind(stopEnRoute.path)).toBe('stop-en-route');
    expect(kind(stopDone.path)).toBe('stop-done');
    expect(kind(stopFailed.path)).toBe('stop-failed');
    expect(kind('/ajax/courier/stops', 'GET')).toBeNull();
    expect(kind('/ajax/courier/photos')).toBeNull();
  });

  it('keeps a failed network call with its key, its body and tap time, naming the stop', async () => {
    const t = routeWorld(offline, { now: NOW });
    const body = {
      stop_id: 12,
      instruments: [{ id: 3, collected: true }],
      person: 'Анна',
      at: '2026-11-29T11:40:00+03:00',
    };
    const response = await handleKeptPost(post(stopDone.path, body), 'stop-done', t.deps);
    expect(response.status).toBe(202);
    const answer = v.parse(queuedAnswer, await response.json());
    expect(answer.message).toBe(OUTBOX_STOP_QUEUED_MESSAGE);
    const [entry] = await t.store.list();
    expect(entry).toMatchObject({ kind: 'stop-done', idempotencyKey: 'tap-key-courier-1', body, ticketId: null });
    expect(entryStopId(entry!)).toBe(12);
  });

  it('keeps a later action on the same stop behind an unsent one, and never keeps a malformed one', async () => {
    const t = routeWorld(offline, { now: NOW, online: false });
    await handleKeptPost(
      post(stopEnRoute.path, { stop_id: 12, eta_minutes: 15 }, 'tap-key-a-000001'),
      'stop-en-route',
      t.deps,
    );
    await handleKeptPost(
      post(stopFailed.path, { stop_id: 12, reason: 'closed' }, 'tap-key-b-000001'),
      'stop-failed',
      t.deps,
    );
    expect((await t.store.list()).map((entry) => entry.kind)).toEqual(['stop-en-route', 'stop-failed']);

    // 'Другое' without a comment: the server's to refuse (422), not the outbox's to keep.
    const refused = new Response(JSON.stringify({ success: false, message: 'Опишите причину' }), {
      status: 422,
      headers: { 'Content-Type': 'application/json' },
    });
    const online = routeWorld(async () => refused, { now: NOW });
    const response = await handleKeptPost(
      post(stopFailed.path, { stop_id: 13, reason: 'other' }, 'tap-key-c-000001'),
      'stop-failed',
      online.deps,
    );
    expect(response.status).toBe(422);
    expect(await online.store.list()).toEqual([]);
  });
});
