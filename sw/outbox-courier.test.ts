import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { publicEntry, queuedAnswer as queued } from '#shared/screens/outbox.ts';
import { entryStopId, OUTBOX_STOP_QUEUED_MESSAGE } from '#shared/screens/courier-outbox.ts';
import { courierMessages, stopDone, stopDoneWithPhotos, stopEnRoute, stopFailed } from '#shared/screens/courier.ts';
import { OFFLINE_PHOTOS_MAX_BYTES } from '#shared/screens/repair-requests.ts';
import { handleKeptPost, keptRequestKind } from './outbox-routes.ts';
import { apiJson, backOnline, photosRequest, routeWorld } from './testing/outbox-fixtures.ts';

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
    expect(kind(stopDoneWithPhotos.path)).toBe('stop-done');
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
    const answer = v.parse(queued, await response.json());
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

  it('holds a kept hand-over the server refuses as empty (422) as final: listed with its reason, never sent again', async () => {
    const t = routeWorld(offline, { now: NOW, online: false });
    const empty = { stop_id: 12, instruments: [{ id: 3, collected: false }], person: 'Анна' };
    await handleKeptPost(post(stopDone.path, empty), 'stop-done', t.deps);
    const refusal = { success: false, message: courierMessages.noneCollected, errors: { instruments: ['…'] } };
    const { calls, drainer } = backOnline(t, refusal, NOW, 422);
    await drainer.drain();
    await drainer.drain();
    expect(calls).toHaveLength(1);
    const [entry] = await t.store.list();
    expect(entry).toMatchObject({ state: 'conflict', lastStatus: 422, lastError: courierMessages.noneCollected });
  });
});

/** 'Забрал' with a photo taken offline: the multipart call the card sends (`request` + `photo`). */
function doneWithPhoto(body: unknown, photos: Uint8Array[], key = 'tap-key-photo-1'): Request {
  return photosRequest(`${ORIGIN}${stopDoneWithPhotos.path}`, body, photos, {
    [IDEMPOTENCY_HEADER]: key,
    [CSRF_HEADER]: 'page-token',
  });
}

describe("'Забрал' with a photo taken offline (ADR 0051)", () => {
  const done = {
    stop_id: 12,
    instruments: [{ id: 3, collected: true }],
    person: 'Анна',
    at: '2026-11-29T11:40:00+03:00',
  };

  it('keeps the photo with the action, behind an earlier action on the stop, and sends those bytes once after it', async () => {
    const t = routeWorld(offline, { now: NOW, online: false });
    await handleKeptPost(
      post(stopEnRoute.path, { stop_id: 12, eta_minutes: 15 }, 'tap-key-eta-0001'),
      'stop-en-route',
      t.deps,
    );
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const request = doneWithPhoto(done, [photo]);
    const sentBytes = new Uint8Array(await request.clone().arrayBuffer());
    const response = await handleKeptPost(request, 'stop-done', t.deps);
    expect(response.status).toBe(202);
    expect(v.parse(queued, await response.json()).message).toBe(OUTBOX_STOP_QUEUED_MESSAGE);

    const [eta, kept] = await t.store.list();
    expect(eta?.kind).toBe('stop-en-route');
    expect(kept).toMatchObject({ kind: 'stop-done', path: stopDoneWithPhotos.path, body: done, ticketId: null });
    expect(entryStopId(kept!)).toBe(12);
    // The photo waits in IndexedDB with the action, as the very bytes the page sent; the pages hear only its size.
    expect(new Uint8Array(kept!.raw!.bytes!)).toEqual(sentBytes);
    expect(publicEntry(kept!).raw).toEqual({ contentType: kept!.raw!.contentType, size: sentBytes.byteLength });

    const { calls, drainer } = backOnline(t, { success: true, stop: { id: 12 } }, NOW);
    await drainer.drain();
    await drainer.drain();
    // 'Еду' first, then the hand-over with its photo, each once.
    expect(calls.map((call) => [call.path, call.key])).toEqual([
      [stopEnRoute.path, 'tap-key-eta-0001'],
      [stopDoneWithPhotos.path, 'tap-key-photo-1'],
    ]);
    expect(calls[1]).toMatchObject({ body: sentBytes, type: kept!.raw!.contentType });
    expect(await t.store.get(kept!.id)).toMatchObject({ state: 'done' });
  });

  it('refuses photos over what the outbox keeps, and leaves a malformed hand-over to the server', async () => {
    const t = routeWorld(offline, { now: NOW, online: false });
    const big = new Uint8Array(OFFLINE_PHOTOS_MAX_BYTES + 1).fill(0xff);
    const tooLarge = await handleKeptPost(doneWithPhoto(done, [big]), 'stop-done', t.deps);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ success: false, message: courierMessages.offlinePhotos });

    const refusal = apiJson({ success: false, message: courierMessages.person }, 422);
    const online = routeWorld(async () => refusal, { now: NOW });
    const malformed = await handleKeptPost(
      doneWithPhoto({ ...done, person: '' }, [new Uint8Array([1])]),
      'stop-done',
      online.deps,
    );
    expect(malformed).toBe(refusal);
    expect([...(await t.store.list()), ...(await online.store.list())]).toEqual([]);
  });
});
