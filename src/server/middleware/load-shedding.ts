import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import { loadShed } from '#server/metrics/domain.ts';
import type { AppEnv, LoadLimits, Logger } from '#server/context.ts';

// A saturated process answers a quick 503 with Retry-After instead of queueing a request for
// seconds (ADR 0032). Saturated: more API requests in flight than it can answer in half a second at
// the rate it has been answering, or an event loop already late while a queue of our own requests waits (a late loop with little in flight is
// someone else's CPU, which refusing would not help). The page's GETs (ky) and the service worker's outbox retry after Retry-After.
// /healthz is never refused: a balancer that saw it fail would take every busy process out at once.
// Static files are never refused either: they are cheap, and a browser does not retry a page's script.

export const OVERLOADED_MESSAGE = 'Сервер перегружен. Повторите попытку через несколько секунд.';
/** Seconds a refused client should wait; the page's ky and the outbox honour it. */
export const RETRY_AFTER_SECONDS = 1;

const DEFAULT_LOAD_LIMITS: LoadLimits = {
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
/** How often the rate of finished requests (what the queue's wait is estimated from) is taken. */
const RATE_WINDOW_MS = 500;

const OVERLOADED_BODY = JSON.stringify({ success: false, message: OVERLOADED_MESSAGE });

/**
 * Mounted first (app.ts): a refusal must cost next to nothing, since a client that ignores
 * Retry-After sends the next request at once, and refusals that cost as much as answers would
 * leave no time for the answers. So no request id, no request line (the 'overloaded' line counts
 * them) and a body made once.
 */
export function shedLoad(limits: LoadLimits = DEFAULT_LOAD_LIMITS, log?: Logger): MiddlewareHandler<AppEnv> {
  let inFlight = 0;
  // Requests finished per ms, measured over the last window: the queue's expected wait is inFlight / rate.
  let finished = 0;
  let rateSince = performance.now();
  let ratePerMs = Infinity;
  // What the next 'overloaded' line reports: at most one a second, written by a request (no timer).
  let window = { shed: 0, maxInFlight: 0, maxLoopDelayMs: 0, maxWaitMs: 0, since: performance.now() };
  loopDelayMs();

  const observe = (now: number, delay: number, wait: number) => {
    if (now - rateSince >= RATE_WINDOW_MS) {
      ratePerMs = inFlight === 0 && finished === 0 ? Infinity : finished / (now - rateSince);
      finished = 0;
      rateSince = now;
    }
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

  return async (c, next) => {
    if (!sheddable(c.req.path)) return next();
    const now = performance.now();
    const delay = loopDelayMs();
    const wait = inFlight / ratePerMs;
    observe(now, delay, wait);
    const busy = inFlight >= limits.busyInFlight;
    if (inFlight >= limits.maxInFlight || (busy && (delay > limits.maxLoopDelayMs || wait > limits.maxWaitMs))) {
      window.shed += 1;
      loadShed.inc();
      return new Response(OVERLOADED_BODY, {
        status: 503,
        headers: {
          'content-type': 'application/json; charset=UTF-8',
          'retry-after': String(RETRY_AFTER_SECONDS),
          'cache-control': 'no-store',
        },
      });
    }
    inFlight += 1;
    try {
      await next();
    } finally {
      inFlight -= 1;
      finished += 1;
    }
  };
}
