// A saturated process refuses API requests with a quick 503 and Retry-After (ADR 0032), and never
// refuses /healthz or a static file. Saturation is made for real: requests held in flight by bodies
// that have not finished arriving, and the event loop blocked.
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadLimits } from '#server/context.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { OVERLOADED_MESSAGE, RETRY_AFTER_SECONDS } from './load-shedding.ts';

let t: TestApp;
afterEach(() => t.close());

/** A login whose JSON body does not arrive until `finish()`: the request stays in flight. */
function heldRequest() {
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
    headers: { 'content-type': 'application/json' },
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
});
