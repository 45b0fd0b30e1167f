import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { describe, expect, it, vi } from 'vitest';
import { getUserData } from '#shared/api/account.ts';
import { approveDefects } from '#shared/screens/decisions.ts';
import type { OutboxEntry, OutboxNotice } from '#shared/screens/outbox.ts';
import type { FetchLike } from './fetch-timeout.ts';
import { enqueue, releaseAuth, type CommandDeps } from './outbox-commands.ts';
import { createCsrfKeeper } from './outbox-csrf.ts';
import { createDrainer, MAX_IN_FLIGHT, MAX_RETRY_AGE_MS } from './outbox-drain.ts';
import type { OutboxStore } from './outbox-store.ts';
import { apiJson, decision, decisionOk, freshStore, headerOf } from './testing/outbox-fixtures.ts';

const NOW = Date.parse('2025-03-01T10:00:00Z');

interface Call {
  key: string | null;
  path: string;
  init: RequestInit | undefined;
}

type Respond = (key: string | null, call: Call) => Response | Promise<Response>;

function pathOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.pathname : new URL(input.url).pathname;
}

function setup(respond: Respond, options: { store?: OutboxStore; timeoutMs?: number; userData?: () => Response } = {}) {
  const fresh = freshStore();
  const store = options.store ?? fresh.store;
  let clock = NOW;
  const now = () => clock;
  const notices: OutboxNotice[] = [];
  const calls: Call[] = [];
  const fetch = vi.fn<FetchLike>(async (input, init) => {
    if (pathOf(input) === getUserData.path)
      return options.userData?.() ?? apiJson({ success: true, user: null, csrf_token: 'anon' });
    const call = { key: headerOf(input, init, IDEMPOTENCY_HEADER), path: pathOf(input), init };
    calls.push(call);
    return respond(call.key, call);
  });
  const csrf = createCsrfKeeper({ fetch, db: fresh.csrfDb });
  const notify = (notice: OutboxNotice) => void notices.push(notice);
  const drainer = createDrainer({
    store,
    csrf,
    fetch,
    notify,
    now,
    random: () => 0.5,
    timeoutMs: options.timeoutMs ?? 1_000,
  });
  const deps: CommandDeps = { store, notify, now };
  /** Keeps a decision, each a millisecond after the previous one (the sending order). */
  const keep = async (key: string, statementId: number, kind: 'approve' | 'discuss' = 'approve') => {
    const entry = await enqueue(deps, decision(key, statementId, kind));
    clock += 1;
    return entry;
  };
  const byKey = async (key: string) =>
    (await store.list()).find((entry) => entry.idempotencyKey === key) as OutboxEntry;
  return {
    store,
    csrf,
    drainer,
    deps,
    calls,
    notices,
    fetch,
    keep,
    byKey,
    advance: (ms: number) => void (clock += ms),
    now,
  };
}

const serverError = () => apiJson({ success: false, message: 'Ошибка сервера' }, 500);

describe('drain', () => {
  it('sends each entry with its own key, the CSRF token, JSON and same-origin credentials', async () => {
    const t = setup(() => apiJson(decisionOk));
    await t.csrf.remember('token-1');
    await t.keep('key-aaaa-1', 1);
    await t.keep('key-bbbb-2', 2, 'discuss');
    const summary = await t.drainer.drain();

    expect(summary).toEqual({ sent: 2, queued: 0, nextAttemptAt: null });
    expect(t.calls.map((call) => call.key)).toEqual(['key-aaaa-1', 'key-bbbb-2']);
    const [first] = t.calls;
    expect(first?.path).toBe(approveDefects.path);
    expect(first?.init).toMatchObject({ method: 'POST', credentials: 'same-origin', cache: 'no-store' });
    expect(headerOf(first!.path, first!.init, 'Content-Type')).toBe('application/json');
    expect(headerOf(first!.path, first!.init, CSRF_HEADER)).toBe('token-1');
    expect(JSON.parse(String(first?.init?.body))).toEqual({ ticket_id: 7, defects: [{ id: 1, version: 1 }] });
    expect(first?.init?.signal).toBeInstanceOf(AbortSignal);

    const entry = await t.byKey('key-aaaa-1');
    expect(entry).toMatchObject({ state: 'done', attempts: 1, lastStatus: 200, lastError: null, result: decisionOk });
  });

  it('tells the pages about every outcome', async () => {
    const t = setup((key) => (key === 'key-fail-1' ? serverError() : apiJson(decisionOk)));
    await t.keep('key-fail-1', 1);
    await t.keep('key-good-2', 2);
    t.notices.length = 0;
    await t.drainer.drain();
    expect(
      t.notices.map((notice) => notice.type === 'outbox' && [notice.entry.idempotencyKey, notice.entry.state]),
    ).toEqual([
      ['key-fail-1', 'queued'],
      ['key-good-2', 'done'],
    ]);
  });

  it('a failing entry does not block the others', async () => {
    const t = setup((key) => (key === 'key-fail-1' ? serverError() : apiJson(decisionOk)));
    await t.keep('key-fail-1', 1);
    await t.keep('key-good-2', 2);
    await t.keep('key-good-3', 3);
    const summary = await t.drainer.drain();

    expect(t.calls.map((call) => call.key)).toEqual(['key-fail-1', 'key-good-2', 'key-good-3']);
    expect((await t.byKey('key-good-2')).state).toBe('done');
    expect((await t.byKey('key-good-3')).state).toBe('done');
    const failing = await t.byKey('key-fail-1');
    // random 0.5 of the first ceiling (5 s)
    expect(failing).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastStatus: 500,
      lastError: 'Ошибка сервера',
      nextAttemptAt: NOW + 3 + 2_500,
    });
    expect(summary).toMatchObject({ queued: 1, nextAttemptAt: failing.nextAttemptAt });
  });

  it('a request that hangs times out and the others still go', async () => {
    const t = setup(
      (key, call) =>
        key === 'key-hang-1'
          ? new Promise<Response>((_, reject) =>
              call.init?.signal?.addEventListener('abort', () => reject(call.init?.signal?.reason)),
            )
          : apiJson(decisionOk),
      { timeoutMs: 30 },
    );
    await t.keep('key-hang-1', 1);
    await t.keep('key-good-2', 2);
    await t.drainer.drain();
    expect(await t.byKey('key-hang-1')).toMatchObject({
      state: 'queued',
      lastStatus: 0,
      lastError: 'Сервер не ответил вовремя',
    });
    expect((await t.byKey('key-good-2')).state).toBe('done');
  });

  it('keeps the order per statement: a later decision on it waits for the earlier one', async () => {
    let serverUp = false;
    const t = setup((key) =>
      key === 'key-first-1' && !serverUp ? apiJson({ success: false }, 503) : apiJson(decisionOk),
    );
    await t.keep('key-first-1', 1, 'discuss');
    await t.keep('key-other-2', 2);
    await t.keep('key-later-3', 1);
    await t.drainer.drain();

    expect(t.calls.map((call) => call.key)).toEqual(['key-first-1', 'key-other-2']);
    expect((await t.byKey('key-later-3')).state).toBe('queued');
    expect((await t.byKey('key-later-3')).attempts).toBe(0);

    // Not due yet: nothing is sent, and the later one still waits.
    await t.drainer.drain();
    expect(t.calls).toHaveLength(2);

    serverUp = true;
    t.advance(5_000);
    await t.drainer.drain();
    expect(t.calls.map((call) => call.key)).toEqual(['key-first-1', 'key-other-2', 'key-first-1', 'key-later-3']);
    expect((await t.byKey('key-later-3')).state).toBe('done');
  });

  it('a conflict settles the entry and lets the next one on the statement go', async () => {
    const conflict = {
      success: false,
      message: 'Ведомость изменилась, пока вы её смотрели. Проверьте новые условия и примите решение снова.',
      details: { statements: [{ id: 1, version: 2, sum: '900.00', status: 1, agreed: 0 }] },
    };
    const t = setup((key) => (key === 'key-stale-1' ? apiJson(conflict, 409) : apiJson(decisionOk)));
    await t.keep('key-stale-1', 1);
    await t.keep('key-next-2', 1);
    await t.drainer.drain();
    expect(await t.byKey('key-stale-1')).toMatchObject({
      state: 'conflict',
      lastStatus: 409,
      lastError: conflict.message,
      result: conflict,
    });
    expect((await t.byKey('key-next-2')).state).toBe('done');
  });

  it('done and conflict entries are never sent again', async () => {
    const t = setup((key) =>
      key === 'key-stale-1' ? apiJson({ success: false, message: 'нет' }, 422) : apiJson(decisionOk),
    );
    await t.keep('key-stale-1', 1);
    await t.keep('key-good-2', 2);
    await t.drainer.drain();
    t.advance(60 * 60_000);
    await t.drainer.drain();
    await t.drainer.drain();
    expect(t.calls.map((call) => call.key)).toEqual(['key-stale-1', 'key-good-2']);
  });

  it('two drains at once send each entry once', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const t = setup(async () => {
      await gate;
      return apiJson(decisionOk);
    });
    await t.keep('key-once-1', 1);
    await t.keep('key-once-2', 2);
    const first = t.drainer.drain();
    const second = t.drainer.drain();
    const third = t.drainer.drain();
    await vi.waitFor(() => expect(t.calls).toHaveLength(2));
    release();
    await Promise.all([first, second, third]);
    expect(t.calls.map((call) => call.key)).toEqual(['key-once-1', 'key-once-2']);
  });

  it('two workers draining one outbox (an update) send each entry once', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const t = setup(async () => {
      await gate;
      return apiJson(decisionOk);
    });
    // More entries than either sends at once, some of them on one statement.
    const keys = Array.from({ length: 10 }, (_, i) => `key-shared-${String(i).padStart(2, '0')}`);
    for (const [i, key] of keys.entries()) await t.keep(key, (i % 6) + 1);
    const other = createDrainer({ store: t.store, csrf: t.csrf, fetch: t.fetch, notify: () => {}, now: t.now });
    const drains = [t.drainer.drain(), other.drain(), t.drainer.drain(), other.drain()];
    await vi.waitFor(() => expect(t.calls.length).toBeGreaterThanOrEqual(1));
    release();
    await Promise.all(drains);
    await Promise.all([t.drainer.drain(), other.drain()]);
    expect(t.calls.map((call) => call.key).sort()).toEqual(keys);
  });

  it('a drain asked for while one runs picks up what was kept meanwhile', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const t = setup(async () => {
      await gate;
      return apiJson(decisionOk);
    });
    await t.keep('key-early-1', 1);
    const running = t.drainer.drain();
    await vi.waitFor(() => expect(t.calls).toHaveLength(1));
    await t.keep('key-late-2', 2);
    const asked = t.drainer.drain();
    release();
    await Promise.all([running, asked]);
    expect(t.calls.map((call) => call.key)).toEqual(['key-early-1', 'key-late-2']);
  });

  it('sends entries on different statements side by side, never more than MAX_IN_FLIGHT at once', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inFlight = 0;
    let most = 0;
    const t = setup(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await gate;
      inFlight -= 1;
      return apiJson(decisionOk);
    });
    const keys = Array.from({ length: MAX_IN_FLIGHT + 3 }, (_, i) => `key-wide-${i + 1}`);
    for (const [i, key] of keys.entries()) await t.keep(key, i + 1);
    const drained = t.drainer.drain();
    await vi.waitFor(() => expect(t.calls).toHaveLength(MAX_IN_FLIGHT));
    release();
    const summary = await drained;

    expect(most).toBe(MAX_IN_FLIGHT);
    expect(t.calls.map((call) => call.key).sort()).toEqual([...keys].sort());
    expect(summary).toEqual({ sent: keys.length, queued: 0, nextAttemptAt: null });
    expect((await t.store.list()).map((entry) => [entry.state, entry.attempts])).toEqual(keys.map(() => ['done', 1]));
  });

  it('entries on one statement go one at a time in the order made, while other statements go on', async () => {
    const answers = new Map<string, () => void>();
    const t = setup(
      (key) => new Promise<Response>((resolve) => answers.set(key ?? '', () => resolve(apiJson(decisionOk)))),
    );
    await t.keep('key-one-a', 1, 'discuss');
    await t.keep('key-two-b', 2);
    await t.keep('key-one-c', 1, 'discuss');
    await t.keep('key-three-d', 3);
    await t.keep('key-one-e', 1);
    const drained = t.drainer.drain();
    const sentKeys = () => t.calls.map((call) => call.key);

    // The first on statement 1 is on the wire: the later ones on it wait, the others go past.
    await vi.waitFor(() => expect(sentKeys()).toEqual(['key-one-a', 'key-two-b', 'key-three-d']));
    answers.get('key-two-b')?.();
    answers.get('key-three-d')?.();
    await vi.waitFor(async () => expect((await t.byKey('key-three-d')).state).toBe('done'));
    expect(sentKeys()).not.toContain('key-one-c');

    answers.get('key-one-a')?.();
    await vi.waitFor(() => expect(sentKeys()).toContain('key-one-c'));
    expect(sentKeys()).not.toContain('key-one-e');
    answers.get('key-one-c')?.();
    await vi.waitFor(() => expect(sentKeys()).toContain('key-one-e'));
    answers.get('key-one-e')?.();
    await drained;

    expect(sentKeys().filter((key) => key?.startsWith('key-one'))).toEqual(['key-one-a', 'key-one-c', 'key-one-e']);
    expect(sentKeys()).toHaveLength(5);
    expect((await t.store.list()).every((entry) => entry.state === 'done')).toBe(true);
  });

  it('a decision on several statements waits for the earlier ones on each of them', async () => {
    const t = setup((key) => (key === 'key-first-2' ? serverError() : apiJson(decisionOk)));
    await t.keep('key-first-1', 1);
    await t.keep('key-first-2', 2);
    await enqueue(t.deps, {
      ...decision('key-both-3', 1),
      body: {
        ticket_id: 7,
        defects: [
          { id: 1, version: 1 },
          { id: 2, version: 1 },
        ],
      },
      facts: {
        ticketId: 7,
        statements: [
          { id: 1, version: 1 },
          { id: 2, version: 1 },
        ],
      },
    });
    await t.drainer.drain();
    expect(t.calls.map((call) => call.key).sort()).toEqual(['key-first-1', 'key-first-2']);
    expect(await t.byKey('key-both-3')).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('honours Retry-After of a 429', async () => {
    const t = setup(() =>
      apiJson({ success: false, message: 'Слишком много запросов' }, 429, { 'Retry-After': '120' }),
    );
    await t.keep('key-slow-1', 1);
    const sentAt = t.now();
    await t.drainer.drain();
    const entry = await t.byKey('key-slow-1');
    expect(entry).toMatchObject({ state: 'queued', lastStatus: 429 });
    expect(entry.nextAttemptAt).toBeGreaterThanOrEqual(sentAt + 120_000);
    t.advance(119_000);
    await t.drainer.drain();
    expect(t.calls).toHaveLength(1);
  });

  it('a captive portal page is not success', async () => {
    const t = setup(
      () =>
        new Response('<html>Авторизуйтесь в сети</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    await t.keep('key-wifi-1', 1);
    await t.drainer.drain();
    expect(await t.byKey('key-wifi-1')).toMatchObject({ state: 'queued', lastStatus: 200, result: null });
  });

  it('a network error keeps the entry with back-off', async () => {
    const t = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await t.keep('key-off-1', 1);
    await t.drainer.drain();
    expect(await t.byKey('key-off-1')).toMatchObject({
      state: 'queued',
      lastStatus: 0,
      lastError: 'Нет связи с сервером',
      attempts: 1,
    });
  });

  it('a lost session keeps the entry (and the later ones on its statement) until a new login', async () => {
    let loggedIn = false;
    const t = setup((_, call) =>
      loggedIn && headerOf(call.path, call.init, CSRF_HEADER) === 'token-new'
        ? apiJson(decisionOk)
        : apiJson({ success: false, message: 'Войдите' }, 401),
    );
    await t.csrf.remember('token-old');
    await t.keep('key-auth-1', 1);
    await t.keep('key-auth-2', 1);
    await t.drainer.drain();
    expect(await t.byKey('key-auth-1')).toMatchObject({ state: 'auth', lastStatus: 401, lastError: 'Войдите' });
    expect((await t.byKey('key-auth-2')).attempts).toBe(0);
    t.advance(60 * 60_000);
    await t.drainer.drain();
    expect(t.calls).toHaveLength(1);

    loggedIn = true;
    expect(await t.csrf.remember('token-new')).toBe(true);
    expect(await releaseAuth(t.deps)).toBe(1);
    await t.drainer.drain();
    expect((await t.byKey('key-auth-1')).state).toBe('done');
    expect((await t.byKey('key-auth-2')).state).toBe('done');
  });

  it('a refused CSRF token is refreshed from the server once and the entry sent again', async () => {
    const t = setup(
      (_, call) =>
        headerOf(call.path, call.init, CSRF_HEADER) === 'token-fresh'
          ? apiJson(decisionOk)
          : apiJson({ success: false, message: 'Сессия устарела' }, 403),
      { userData: () => apiJson({ success: true, user: { id: 1 }, csrf_token: 'token-fresh' }) },
    );
    await t.csrf.remember('token-stale');
    await t.keep('key-csrf-1', 1);
    await t.drainer.drain();
    expect(t.calls.map((call) => headerOf(call.path, call.init, CSRF_HEADER))).toEqual(['token-stale', 'token-fresh']);
    expect(await t.byKey('key-csrf-1')).toMatchObject({ state: 'done', attempts: 1 });
    expect(await t.csrf.current()).toBe('token-fresh');
  });

  it('sends refused side by side share one CSRF refresh and each is sent again with the fresh token', async () => {
    const keys = ['key-csrf-a', 'key-csrf-b', 'key-csrf-c'];
    let refreshes = 0;
    let stale = 0;
    let allStale = () => {};
    const allOnTheWire = new Promise<void>((resolve) => (allStale = resolve));
    const t = setup(
      async (_, call) => {
        if (headerOf(call.path, call.init, CSRF_HEADER) === 'token-fresh') return apiJson(decisionOk);
        // Refused only once all three are on the wire with the stale token.
        if (++stale === keys.length) allStale();
        await allOnTheWire;
        return apiJson({ success: false, message: 'Сессия устарела' }, 403);
      },
      {
        userData: () => {
          refreshes += 1;
          return apiJson({ success: true, user: { id: 1 }, csrf_token: 'token-fresh' });
        },
      },
    );
    await t.csrf.remember('token-stale');
    for (const [i, key] of keys.entries()) await t.keep(key, i + 1);
    await t.drainer.drain();
    expect(refreshes).toBe(1);
    for (const key of keys) {
      const tokens = t.calls
        .filter((call) => call.key === key)
        .map((call) => headerOf(call.path, call.init, CSRF_HEADER));
      expect(tokens).toEqual(['token-stale', 'token-fresh']);
      expect(await t.byKey(key)).toMatchObject({ state: 'done', attempts: 1 });
    }
  });

  it('a refused CSRF token of a logged-out browser waits for a login', async () => {
    const t = setup(() => apiJson({ success: false, message: 'Сессия устарела' }, 403));
    await t.keep('key-csrf-2', 1);
    await t.drainer.drain();
    expect(t.calls).toHaveLength(1);
    expect(await t.byKey('key-csrf-2')).toMatchObject({ state: 'auth', lastStatus: 403 });
  });

  it('a refusal that will not change by itself (404) fails and waits for the user', async () => {
    const t = setup(() => apiJson({ success: false, message: 'Заявка не найдена' }, 404));
    await t.keep('key-gone-1', 1);
    await t.drainer.drain();
    t.advance(60 * 60_000);
    await t.drainer.drain();
    expect(t.calls).toHaveLength(1);
    expect(await t.byKey('key-gone-1')).toMatchObject({
      state: 'failed',
      lastStatus: 404,
      lastError: 'Заявка не найдена',
    });
  });

  it('stops retrying by itself after a week', async () => {
    const t = setup(serverError);
    await t.keep('key-week-1', 1);
    t.advance(MAX_RETRY_AGE_MS);
    await t.drainer.drain();
    expect(await t.byKey('key-week-1')).toMatchObject({ state: 'failed', lastStatus: 500 });
  });
});

describe('restart', () => {
  it('entries survive a new worker instance over the same IndexedDB and are sent by it', async () => {
    const name = `restart-${Math.random()}`;
    const before = setup(() => Promise.reject(new TypeError('Failed to fetch')), { store: freshStore(name).store });
    await before.keep('key-kept-1', 1);
    await before.keep('key-kept-2', 2);
    await before.drainer.drain();

    vi.resetModules();
    const fixtures = await import('./testing/outbox-fixtures.ts');
    const drainModule = await import('./outbox-drain.ts');
    const csrfModule = await import('./outbox-csrf.ts');
    const { store } = fixtures.freshStore(name);
    expect((await store.list()).map((entry) => [entry.idempotencyKey, entry.state, entry.attempts])).toEqual([
      ['key-kept-1', 'queued', 1],
      ['key-kept-2', 'queued', 1],
    ]);

    // The old worker was stopped in the middle of a send: the entry is still 'sending'.
    await store.change((await store.list())[0]!.id, (entry) => ({ ...entry, state: 'sending' }));

    const sent: (string | null)[] = [];
    const fetch: FetchLike = async (input, init) => {
      sent.push(headerOf(input, init, IDEMPOTENCY_HEADER));
      return fixtures.apiJson(decisionOk);
    };
    const after = drainModule.createDrainer({
      store,
      csrf: csrfModule.createCsrfKeeper({ fetch, db: fixtures.freshDatabases(name).csrfDb }),
      fetch,
      notify: () => {},
      now: () => NOW + 24 * 60 * 60_000,
    });
    await after.drain();
    expect(sent).toEqual(['key-kept-1', 'key-kept-2']);
    expect((await store.list()).map((entry) => entry.state)).toEqual(['done', 'done']);
  });

  it('the CSRF token survives a restart', async () => {
    const { csrfDb } = freshStore(`csrf-${Math.random()}`);
    const fetch: FetchLike = () => Promise.reject(new TypeError('offline'));
    await createCsrfKeeper({ fetch, db: csrfDb }).remember('token-kept');
    vi.resetModules();
    const csrfModule = await import('./outbox-csrf.ts');
    expect(await csrfModule.createCsrfKeeper({ fetch, db: csrfDb }).current()).toBe('token-kept');
  });
});
