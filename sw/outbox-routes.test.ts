import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { approveDefects, discussDefect, rejectDefects, tradeInDefect } from '#shared/screens/decisions.ts';
import { OUTBOX_QUEUED_MESSAGE, queuedAnswer, SEEN_TERMS_HEADER, seenTermsHeader } from '#shared/screens/outbox.ts';
import type { FetchLike } from './fetch-timeout.ts';
import { enqueue } from './outbox-commands.ts';
import { keptRequestKind, handleKeptPost } from './outbox-routes.ts';
import { apiJson, approveBody, decision, decisionOk, routeWorld } from './testing/outbox-fixtures.ts';

const ORIGIN = 'https://portal.example';
const NOW = Date.parse('2025-03-01T10:00:00Z');

function post(body: unknown, headers: Record<string, string> = {}, path = approveDefects.path): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: {
      'Content-Type': 'application/json',
      [IDEMPOTENCY_HEADER]: 'tap-key-0001',
      [CSRF_HEADER]: 'page-token',
      ...headers,
    },
  });
}

const setup = (network: FetchLike, online = true) => routeWorld(network, { online, now: NOW });

async function queued(response: Response) {
  expect(response.status).toBe(202);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return v.parse(queuedAnswer, await response.json());
}

describe('keptRequestKind', () => {
  it('matches the four decision POSTs to our own origin only', () => {
    const kind = (path: string, method = 'POST', origin = ORIGIN) =>
      keptRequestKind(new Request(`${origin}${path}`, { method }), ORIGIN);
    expect(kind(approveDefects.path)).toBe('approve');
    expect(kind(rejectDefects.path)).toBe('reject');
    expect(kind(discussDefect.path)).toBe('discuss');
    expect(kind(tradeInDefect.path)).toBe('trade-in');
    expect(kind(approveDefects.path, 'GET')).toBeNull();
    expect(kind(approveDefects.path, 'POST', 'https://elsewhere.example')).toBeNull();
    expect(kind('/ajax/cabinet/defects/approve/')).toBeNull();
    expect(kind('/ajax/login')).toBeNull();
  });
});

describe('handleKeptPost', () => {
  it('passes a real server answer through unchanged and keeps nothing', async () => {
    const answer = apiJson(decisionOk);
    const t = setup(async () => answer);
    const response = await handleKeptPost(post(approveBody(5)), 'approve', t.deps);
    expect(response).toBe(answer);
    expect(await response.json()).toEqual(decisionOk);
    expect(await t.store.list()).toEqual([]);
    expect(t.deps.requestDrain).toHaveBeenCalledOnce();
    expect(t.deps.rememberToken).toHaveBeenCalledWith('page-token');
  });

  it("passes the server's refusals through too (409, 500 of the API)", async () => {
    for (const status of [409, 500]) {
      const answer = apiJson({ success: false, message: 'нет' }, status);
      const t = setup(async () => answer);
      expect(await handleKeptPost(post(approveBody(5)), 'approve', t.deps)).toBe(answer);
      expect(await t.store.list()).toEqual([]);
    }
  });

  it('sends the request with its key and body', async () => {
    const t = setup(async () => apiJson(decisionOk));
    await handleKeptPost(post(approveBody(5)), 'approve', t.deps);
    const [input, init] = t.fetch.mock.calls[0]!;
    const request = input as Request;
    expect(request.headers.get(IDEMPOTENCY_HEADER)).toBe('tap-key-0001');
    expect(await request.json()).toEqual(approveBody(5));
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('keeps the decision when the network fails and answers 202 queued', async () => {
    const t = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const response = await handleKeptPost(post(approveBody(5, 3, 11)), 'approve', t.deps);
    const answer = await queued(response);
    expect(answer).toMatchObject({ success: true, queued: true, message: OUTBOX_QUEUED_MESSAGE });

    const [entry] = await t.store.list();
    expect(entry).toMatchObject({
      id: answer.outbox_id,
      createdAt: NOW,
      method: 'POST',
      path: approveDefects.path,
      body: approveBody(5, 3, 11),
      idempotencyKey: 'tap-key-0001',
      statements: [{ id: 5, version: 3 }],
      ticketId: 11,
      kind: 'approve',
      state: 'queued',
      attempts: 0,
    });
    expect(t.deps.registerSync).toHaveBeenCalledOnce();
    expect(t.notices).toEqual([{ type: 'outbox', entry }]);
  });

  it('keeps the terms the user saw with the statements, from the page header', async () => {
    const t = setup(async () => apiJson(decisionOk), false);
    const body = {
      ticket_id: 11,
      defects: [
        { id: 5, version: 3 },
        { id: 6, version: 2 },
      ],
    };
    const headers = seenTermsHeader([
      { id: 5, version: 3, sum: '7300.00', status: 1, agreed: 0 },
      // Another version than the body names: not what this decision was made on.
      { id: 6, version: 1, sum: '100.00', status: 1, agreed: 0 },
    ]);
    await queued(await handleKeptPost(post(body, headers), 'approve', t.deps));
    expect((await t.store.list())[0]?.statements).toEqual([
      { id: 5, version: 3, terms: { sum: '7300.00', status: 1, agreed: 0 } },
      { id: 6, version: 2 },
    ]);
  });

  it.each([
    ['not JSON', '{id: 5'],
    ['of the wrong shape', JSON.stringify([{ id: 5, version: 3, sum: 7300, status: 1, agreed: 0 }])],
    ['too long', JSON.stringify([{ id: 5, version: 3, sum: '7300.00', status: 1, agreed: 0, note: 'x'.repeat(5000) }])],
  ])('keeps the decision without terms when the header is %s', async (_, value) => {
    const t = setup(async () => apiJson(decisionOk), false);
    await queued(await handleKeptPost(post(approveBody(5, 3), { [SEEN_TERMS_HEADER]: value }), 'approve', t.deps));
    expect((await t.store.list())[0]?.statements).toEqual([{ id: 5, version: 3 }]);
  });

  it('keeps the decision when the server does not answer in time', async () => {
    const t = setup(
      (_, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    await queued(await handleKeptPost(post(approveBody(5)), 'approve', t.deps));
    expect(await t.store.list()).toHaveLength(1);
  });

  it('keeps the decision when what answers is not the portal (captive portal)', async () => {
    const t = setup(
      async () => new Response('<html>Вход в Wi-Fi</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    await queued(await handleKeptPost(post(approveBody(5)), 'approve', t.deps));
    expect(await t.store.list()).toHaveLength(1);
    expect(t.deps.requestDrain).not.toHaveBeenCalled();
  });

  it('offline: keeps it without trying the network', async () => {
    const t = setup(async () => apiJson(decisionOk), false);
    await queued(
      await handleKeptPost(
        post({ ticket_id: 7, defect: { id: 9, version: 2 }, comment: 'Позвоните' }, {}, discussDefect.path),
        'discuss',
        t.deps,
      ),
    );
    expect(t.fetch).not.toHaveBeenCalled();
    expect((await t.store.list())[0]).toMatchObject({ kind: 'discuss', statements: [{ id: 9, version: 2 }] });
  });

  it('queues behind an earlier decision on the same statement still in the outbox', async () => {
    const t = setup(async () => apiJson(decisionOk));
    await enqueue(t.deps, decision('earlier-key-1', 5, 'discuss'));
    await queued(await handleKeptPost(post(approveBody(5)), 'approve', t.deps));
    expect(t.fetch).not.toHaveBeenCalled();
    expect((await t.store.list()).map((entry) => entry.idempotencyKey)).toEqual(['earlier-key-1', 'tap-key-0001']);
    expect(t.deps.requestDrain).toHaveBeenCalledOnce();
  });

  it('the same tap sent twice is one entry', async () => {
    const t = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const first = await queued(await handleKeptPost(post(approveBody(5)), 'approve', t.deps));
    const second = await queued(await handleKeptPost(post(approveBody(5)), 'approve', t.deps));
    expect(second.outbox_id).toBe(first.outbox_id);
    expect(await t.store.list()).toHaveLength(1);
  });

  it.each([
    ['no key', post(approveBody(5), { [IDEMPOTENCY_HEADER]: '' })],
    ['a malformed key', post(approveBody(5), { [IDEMPOTENCY_HEADER]: 'short' })],
    ['a body the server refuses', post({ ticket_id: 7, defects: [] })],
    ['a body that is not JSON', post('ticket_id=7')],
  ])('never keeps a request with %s: the server answers it', async (_, request) => {
    const refusal = apiJson({ success: false, message: 'Ошибка' }, 400);
    const t = setup(async () => refusal);
    expect(await handleKeptPost(request, 'approve', t.deps)).toBe(refusal);
    expect(await t.store.list()).toEqual([]);
  });
});
