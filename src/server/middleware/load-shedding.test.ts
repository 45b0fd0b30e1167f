// A saturated process refuses API requests with a quick 503 and Retry-After (ADR 0032), and never
// refuses /healthz or a static file; it refuses the client holding more than its share, not the
// others, and a process that is not saturated refuses nothing (ADR 0040). Saturation is made for
// real: requests held in flight by bodies that have not finished arriving, and the event loop blocked.
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadLimits } from '#server/context.ts';
import { insertAccount, loginAs } from '../../../tests/setup/accounts.ts';
import { backOffice, instrument } from '../../../tests/setup/back-office.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { RATE_WINDOW_MS } from './finish-rate.ts';
import { DEFAULT_LOAD_LIMITS, OVERLOADED_MESSAGE, RETRY_AFTER_SECONDS } from './load-shedding.ts';

let t: TestApp;
afterEach(() => t.close());

/** A browser's cookies and CSRF token, to send as that browser while the jar holds another's. */
interface Browser {
  cookie: string;
  csrf: string;
}

/** A login whose JSON body does not arrive until `finish()`: the request stays in flight. */
function heldRequest(as?: Browser) {
  let finish: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (finish = resolve));
  let sent = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (sent) return controller.close();
        await arrived;
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ email: 'x@clinic.test', password: 'x' })));
        sent = true;
      },
    },
    { highWaterMark: 0 },
  );
  const response = t.request('/ajax/login', {
    method: 'POST',
    body: stream,
    headers: { 'content-type': 'application/json', ...(as && { cookie: as.cookie }) },
    ...(as && { cookies: false, csrf: as.csrf }),
    duplex: 'half',
  } as RequestInit);
  return { response, finish };
}

async function appWith(loadLimits: LoadLimits) {
  t = await createTestApp({ config: { loadLimits } });
  // The anonymous CSRF token the held logins carry.
  expect((await t.request('/ajax/user/data')).status).toBe(200);
}

async function expectShed(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  expect(await response.json()).toEqual({ success: false, message: OVERLOADED_MESSAGE });
}

/** Lets the event loop turn until `held` requests are waiting for their bodies. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('load shedding', () => {
  it('refuses API calls beyond the requests in flight, never /healthz, and serves again once they finish', async () => {
    await appWith({ maxInFlight: 2, maxLoopDelayMs: Infinity, maxWaitMs: Infinity, busyInFlight: Infinity });
    const held = [heldRequest(), heldRequest()];
    await settle();

    await expectShed(await t.request('/ajax/user/data'));
    await expectShed(await t.integration('/api/v1/events'));
    const health = await t.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
    // A static file (here the app shell's 404 text: no client build in tests) is never refused.
    expect((await t.request('/cabinet/tickets')).status).not.toBe(503);

    for (const request of held) request.finish();
    for (const request of held) expect((await request.response).status).not.toBe(503);
    expect((await t.request('/ajax/user/data')).status).toBe(200);
  });

  it('refuses API calls while the event loop is late and a queue waits, not when little is in flight', async () => {
    await appWith({ maxInFlight: Infinity, maxLoopDelayMs: 100, maxWaitMs: Infinity, busyInFlight: 2 });
    const first = heldRequest();
    await settle();
    // A late loop with one request in flight: someone else's CPU, nothing to shed.
    const blockUntil = performance.now() + 300;
    while (performance.now() < blockUntil) {
      // the event loop is blocked, as by a long synchronous task
    }
    await settle();
    expect((await t.request('/ajax/user/data')).status).toBe(200);

    const second = heldRequest();
    await settle();
    const again = performance.now() + 300;
    while (performance.now() < again) {
      // blocked again, now with two requests waiting
    }
    await settle();
    await expectShed(await t.request('/ajax/user/data'));
    expect((await t.request('/healthz')).status).toBe(200);

    first.finish();
    second.finish();
    await first.response;
    await second.response;
  });

  it('refuses the client holding more than its share of a saturated process, and serves a light one', async () => {
    await appWith({ maxInFlight: Infinity, maxLoopDelayMs: Infinity, maxWaitMs: 100, busyInFlight: 3 });
    // A visitor's browser floods the process; a clinic, logged in from the same address, asks once.
    const visitor: Browser = { cookie: t.cookies.header() ?? '', csrf: t.csrfToken ?? '' };
    const clinic = await insertAccount(t);
    expect((await loginAs(t, clinic.email, clinic.password)).status).toBe(200);
    const held = [heldRequest(visitor), heldRequest(visitor), heldRequest(visitor)];
    // A queue that finishes nothing for a rate window: the expected wait is past any budget.
    await new Promise((resolve) => setTimeout(resolve, RATE_WINDOW_MS + 100));

    await expectShed(await t.request('/ajax/user/data', { cookies: false, headers: { cookie: visitor.cookie } }));
    const light = await t.request('/ajax/user/data');
    expect(light.status).toBe(200);
    expect(await light.json()).toMatchObject({ success: true, user: { email: clinic.email } });

    for (const request of held) request.finish();
    for (const request of held) await request.response;
  });

  it('accepts 20 integration imports at once into a fresh process that has sat idle', async () => {
    // The real limits, but for the late loop: on a machine shared by test workers, a late loop is theirs.
    t = await createTestApp({ config: { loadLimits: { ...DEFAULT_LOAD_LIMITS, maxLoopDelayMs: Infinity } } });
    const clinic = await backOffice.client(t);
    // Idle for longer than a rate window: idle time once counted as time in which nothing finished.
    await new Promise((resolve) => setTimeout(resolve, RATE_WINDOW_MS + 100));

    const imported = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.integration('/tickets', {
          method: 'POST',
          json: { client_id: clinic.id, status: 1, instruments: [instrument({ serial_number: `SN-${i}` })] },
        }),
      ),
    );
    expect(imported.map((response) => response.status)).toEqual(Array(20).fill(201));
  });
});
