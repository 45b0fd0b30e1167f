import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import { loadShed } from '#server/metrics/domain.ts';
import type { AppEnv, LoadLimits, Logger } from '#server/context.ts';
import { clientOf, InFlightByClient } from './fair-share.ts';
import { finishRate } from './finish-rate.ts';

// A saturated process answers a quick 503 with Retry-After instead of queueing a request for
// seconds (ADR 0032). Saturated: more API requests in flight than it can answer in half a second at
// the rate it has been answering, or an event loop already late while a queue of our own requests
// waits (a late loop with little in flight is someone else's CPU, which refusing would not help).
// Then the refusals go to whoever holds more than a fair share of what the process can hold, so one
// client's flood is refused and everyone else is still served (ADR 0040).
// The page's GETs (ky) and the service worker's outbox retry after Retry-After.
// /healthz is never refused: a balancer that saw it fail would take every busy process out at once.
// Static files are never refused either: they are cheap, and a browser does not retry a page's script.

export const OVERLOADED_MESSAGE = 'Сервер перегружен. Повторите попытку через несколько секунд.';
/** Seconds a refused client should wait; the page's ky and the outbox honour it. */
export const RETRY_AFTER_SECONDS = 1;

export const DEFAULT_LOAD_LIMITS: LoadLimits = {
  // A hard cap, whatever the rate: memory and sockets are finite.
  maxInFlight: 512,
  maxLoopDelayMs: 200,
  // The queue's expected wait (requests in flight ÷ the rate they finish at) the last in line may face.
  maxWaitMs: 500,
  busyInFlight: 16,
};

/** How late the event loop is now: the worst delay of the last sampling window (~250 ms). */
function eventLoopLateness() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let lastMs = 0;
  const timer = setInterval(() => {
    lastMs = histogram.max / 1e6;
    histogram.reset();
  }, 250);
  timer.unref();
  // The window's own maximum so far, or the last window's when it has just been reset.
  return () => Math.max(lastMs, histogram.count > 0 ? histogram.max / 1e6 : 0);
}

let lateness: (() => number) | null = null;
/** One sampler per process, however many apps (tests make many). */
function loopDelayMs(): number {
  lateness ??= eventLoopLateness();
  return lateness();
}

const sheddable = (path: string) => path.startsWith('/ajax/') || path.startsWith('/api/');

/** A loop this late is worth a line in the log even when nothing was refused. */
const NOTABLE_DELAY_MS = 100;
const REPORT_EVERY_MS = 1_000;

const OVERLOADED_BODY = JSON.stringify({ success: false, message: OVERLOADED_MESSAGE });

const OVERLOADED_HEADERS = {
  'content-type': 'application/json; charset=UTF-8',
  'retry-after': String(RETRY_AFTER_SECONDS),
  'cache-control': 'no-store',
};

export interface ShedOptions {
  limits?: LoadLimits | undefined;
  log?: Logger | undefined;
  /** TRUST_PROXY: the client's address from X-Forwarded-For (lib/client-ip.ts). */
  trustProxy?: boolean | undefined;
}

/**
 * Mounted first (app.ts): a refusal must cost next to nothing, since a client that ignores
 * Retry-After sends the next request at once, and refusals that cost as much as answers would
 * leave no time for the answers. So no request id, no request line (the 'overloaded' line counts
 * them), a body made once, and the client known from its headers and socket, not the database.
 */
export function shedLoad({
  limits = DEFAULT_LOAD_LIMITS,
  log,
  trustProxy = false,
}: ShedOptions = {}): MiddlewareHandler<AppEnv> {
  let inFlight = 0;
  const clients = new InFlightByClient();
  const rate = finishRate(limits.busyInFlight);
  // What the next 'overloaded' line reports: at most one a second, written by a request (no timer).
  let window = { shed: 0, maxInFlight: 0, maxLoopDelayMs: 0, maxWaitMs: 0, since: performance.now() };
  loopDelayMs();

  const observe = (now: number, delay: number, wait: number) => {
    window.maxInFlight = Math.max(window.maxInFlight, inFlight);
    window.maxLoopDelayMs = Math.max(window.maxLoopDelayMs, delay);
    window.maxWaitMs = Math.max(window.maxWaitMs, Number.isFinite(wait) ? wait : 0);
    if (now - window.since < REPORT_EVERY_MS) return;
    if (window.shed > 0 || window.maxLoopDelayMs >= NOTABLE_DELAY_MS) {
      log?.warn('overloaded', {
        shed: window.shed,
        in_flight_max: window.maxInFlight,
        loop_delay_max_ms: Math.round(window.maxLoopDelayMs),
        expected_wait_max_ms: Math.round(window.maxWaitMs),
        seconds: Math.round((now - window.since) / 100) / 10,
      });
    }
    window = { shed: 0, maxInFlight: 0, maxLoopDelayMs: 0, maxWaitMs: 0, since: now };
  };

  /**
   * How many requests the process can hold now, or null while it is not saturated: within the wait
   * budget at the rate it finishes them, and no more than it holds while its loop is late. Never
   * fewer than busyInFlight, below which nothing is refused: a rate measured while one client's
   * refusals took most of the turns must not leave the others no share at all.
   */
  const room = (delay: number, wait: number): number | null => {
    if (inFlight < limits.busyInFlight) return null;
    const late = delay > limits.maxLoopDelayMs;
    const slow = wait > limits.maxWaitMs;
    if (!late && !slow) return null;
    return Math.max(limits.busyInFlight, slow ? Math.min(inFlight, rate.perMs() * limits.maxWaitMs) : inFlight);
  };

  return async (c, next) => {
    if (!sheddable(c.req.path)) return next();
    const now = performance.now();
    rate.arrive(now, inFlight);
    const delay = loopDelayMs();
    const wait = inFlight / rate.perMs();
    observe(now, delay, wait);
    const client = clientOf(c, trustProxy);
    const canHold = inFlight >= limits.maxInFlight ? 0 : room(delay, wait);
    if (canHold !== null && clients.held(client) + 1 > clients.share(client, canHold)) {
      window.shed += 1;
      loadShed.inc();
      return new Response(OVERLOADED_BODY, { status: 503, headers: OVERLOADED_HEADERS });
    }
    inFlight += 1;
    clients.add(client);
    try {
      await next();
    } finally {
      rate.finish(performance.now(), inFlight);
      inFlight -= 1;
      clients.remove(client);
    }
  };
}
