import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, LoadLimits } from '#server/context.ts';

// A saturated process answers a quick 503 with Retry-After instead of queueing a request for
// seconds (ADR 0032). Saturated: more API requests in flight than it can answer soon, or an event
// loop already late while a queue of our own requests waits (a late loop with little in flight is
// someone else's CPU, which refusing would not help). The page's GETs (ky) and the service worker's outbox retry after Retry-After.
// /healthz is never refused: a balancer that saw it fail would take every busy process out at once.
// Static files are never refused either: they are cheap, and a browser does not retry a page's script.

export const OVERLOADED_MESSAGE = 'Сервер перегружен. Повторите попытку через несколько секунд.';
/** Seconds a refused client should wait; the page's ky and the outbox honour it. */
export const RETRY_AFTER_SECONDS = 1;

export const DEFAULT_LOAD_LIMITS: LoadLimits = {
  // At ~2–4 ms a list request, 64 waiting is a queue of ~250 ms on the embedded database.
  maxInFlight: 64,
  maxLoopDelayMs: 200,
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
export function loopDelayMs(): number {
  lateness ??= eventLoopLateness();
  return lateness();
}

const sheddable = (path: string) => path.startsWith('/ajax/') || path.startsWith('/api/');

/** A loop this late is worth a line in the log even when nothing was refused. */
const NOTABLE_DELAY_MS = 100;
const REPORT_EVERY_MS = 1_000;

export function shedLoad(limits: LoadLimits = DEFAULT_LOAD_LIMITS): MiddlewareHandler<AppEnv> {
  let inFlight = 0;
  // What the next 'overloaded' line reports: at most one a second, written by a request (no timer).
  let window = { shed: 0, maxInFlight: 0, maxLoopDelayMs: 0, since: performance.now() };
  loopDelayMs();
  return async (c, next) => {
    if (!sheddable(c.req.path)) return next();
    const delay = loopDelayMs();
    window.maxInFlight = Math.max(window.maxInFlight, inFlight);
    window.maxLoopDelayMs = Math.max(window.maxLoopDelayMs, delay);
    if (performance.now() - window.since >= REPORT_EVERY_MS) {
      if (window.shed > 0 || window.maxLoopDelayMs >= NOTABLE_DELAY_MS) {
        c.var.deps.log.warn('overloaded', {
          shed: window.shed,
          in_flight_max: window.maxInFlight,
          loop_delay_max_ms: Math.round(window.maxLoopDelayMs),
          seconds: Math.round((performance.now() - window.since) / 100) / 10,
        });
      }
      window = { shed: 0, maxInFlight: 0, maxLoopDelayMs: 0, since: performance.now() };
    }
    const saturated =
      inFlight >= limits.maxInFlight || (inFlight >= limits.busyInFlight && delay > limits.maxLoopDelayMs);
    if (saturated) {
      window.shed += 1;
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      c.header('Cache-Control', 'no-store');
      return c.json({ success: false, message: OVERLOADED_MESSAGE }, 503);
    }
    inFlight += 1;
    try {
      await next();
    } finally {
      inFlight -= 1;
    }
  };
}
