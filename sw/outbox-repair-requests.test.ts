import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { OUTBOX_REQUEST_QUEUED_MESSAGE, publicEntry, queuedAnswer } from '#shared/screens/outbox.ts';
import {
  createRepairRequest,
  createRepairRequestWithPhotos,
  OFFLINE_PHOTOS_MAX_BYTES,
  repairMessages,
} from '#shared/screens/repair-requests.ts';
import type { FetchLike } from './fetch-timeout.ts';
import { handleKeptPost, keptRequestKind } from './outbox-routes.ts';
import { apiJson, backOnline, photosRequest, routeWorld } from './testing/outbox-fixtures.ts';
import { REPAIR_REQUEST } from '../tests/setup/repair-request.ts';

// A repair request sent with no network (ADR 0015): kept whole, photos included, and sent once later.

const ORIGIN = 'https://portal.example';
const NOW = Date.parse('2026-03-04T09:00:00Z');

const repairRequest = REPAIR_REQUEST;

function withPhotos(photos: Uint8Array[], json: unknown = repairRequest): Request {
  return photosRequest(`${ORIGIN}${createRepairRequestWithPhotos.path}`, json, photos, {
    [IDEMPOTENCY_HEADER]: 'request-key-1',
    [CSRF_HEADER]: 'page-token',
  });
}

const setup = (network: FetchLike) => routeWorld(network, { online: false, now: NOW });

const offline: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));

describe('repair requests in the outbox', () => {
  it('are the two repair-request POSTs of our own origin', () => {
    const kind = (path: string, method = 'POST') =>
      keptRequestKind(new Request(`${ORIGIN}${path}`, { method }), ORIGIN);
    expect(kind(createRepairRequest.path)).toBe('repair-request');
    expect(kind(createRepairRequestWithPhotos.path)).toBe('repair-request');
    expect(kind('/ajax/repair-requests/photos')).toBeNull();
    expect(kind(createRepairRequest.path, 'GET')).toBeNull();
  });

  it('keeps a request with its photos whole when offline, and the drain sends those very bytes once', async () => {
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 9, 9]);
    const t = setup(offline);
    const request = withPhotos([photo]);
    const sentBytes = new Uint8Array(await request.clone().arrayBuffer());
    const response = await handleKeptPost(request, 'repair-request', t.deps);
    expect(response.status).toBe(202);
    const answer = v.parse(queuedAnswer, await response.json());
    expect(answer.message).toBe(OUTBOX_REQUEST_QUEUED_MESSAGE);

    const [entry] = await t.store.list();
    expect(entry).toMatchObject({
      kind: 'repair-request',
      ticketId: null,
      statements: [],
      body: repairRequest,
      idempotencyKey: 'request-key-1',
    });
    expect(entry?.raw?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(new Uint8Array(entry!.raw!.bytes!)).toEqual(sentBytes);
    // The pages hear of the size, not the photos.
    expect(publicEntry(entry!).raw).toEqual({ contentType: entry!.raw!.contentType, size: sentBytes.byteLength });

    const { calls, drainer } = backOnline(t, { success: true, ticket_id: 77 }, NOW);
    await drainer.drain();
    await drainer.drain();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual({
      path: createRepairRequestWithPhotos.path,
      body: sentBytes,
      type: entry!.raw!.contentType,
      key: 'request-key-1',
    });
    expect(await t.store.get(entry!.id)).toMatchObject({ state: 'done', result: { success: true, ticket_id: 77 } });
  });

  it('keeps a request whose photos were uploaded before as JSON', async () => {
    const t = setup(offline);
    const request = new Request(`${ORIGIN}${createRepairRequest.path}`, {
      method: 'POST',
      body: JSON.stringify({ ...repairRequest, file_ids: [5] }),
      headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: 'request-key-2' },
    });
    expect((await handleKeptPost(request, 'repair-request', t.deps)).status).toBe(202);
    const [entry] = await t.store.list();
    expect(entry).toMatchObject({ body: { file_ids: [5] }, ticketId: null });
    expect(entry?.raw).toBeUndefined();
  });

  it("keeps a colleague's request for the clinic with its for_client_id, and the drain sends it so (issue 41)", async () => {
    const t = setup(offline);
    const forClinic = { ...repairRequest, file_ids: [5], for_client_id: 31 };
    const request = new Request(`${ORIGIN}${createRepairRequest.path}`, {
      method: 'POST',
      body: JSON.stringify(forClinic),
      headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: 'request-key-3' },
    });
    expect((await handleKeptPost(request, 'repair-request', t.deps)).status).toBe(202);
    const [entry] = await t.store.list();
    expect(entry).toMatchObject({ body: { for_client_id: 31 } });

    const { calls, drainer } = backOnline(t, { success: true, ticket_id: 78 }, NOW);
    await drainer.drain();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(new TextDecoder().decode(calls[0]!.body))).toMatchObject({ for_client_id: 31 });
  });

  it('refuses photos over the cap before keeping anything', async () => {
    const t = setup(offline);
    const big = new Uint8Array(OFFLINE_PHOTOS_MAX_BYTES / 2 + 1).fill(0xff);
    const response = await handleKeptPost(withPhotos([big, big]), 'repair-request', t.deps);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, message: repairMessages.offlinePhotos });
    expect(await t.store.list()).toEqual([]);
  });

  it('leaves a malformed request to the server, online or not', async () => {
    const refusal = apiJson({ success: false, message: 'Проверьте данные' }, 422);
    const t = setup(async () => refusal);
    expect(
      await handleKeptPost(
        withPhotos([new Uint8Array([1])], { ...repairRequest, instruments: [] }),
        'repair-request',
        t.deps,
      ),
    ).toBe(refusal);
    expect(await t.store.list()).toEqual([]);
  });
});
