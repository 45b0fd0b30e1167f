// The rate a process finishes API requests at, from which the load shedder estimates the queue's
// wait (in flight ÷ rate; ADR 0032, 0040). Only time with requests in flight counts: a window that
// spanned idle seconds once made a process that had answered a few calls and then sat quiet
// refuse the next burst of 20 as if it could finish one request in a second. And a window in which
// no queue ever formed (fewer than `busyInFlight` at once) says how fast single requests are, not
// how many the process can finish: after one, the rate is unknown, and unknown refuses nothing.

/** Time with requests in flight over which the rate is taken. */
export const RATE_WINDOW_MS = 500;

export interface FinishRate {
  /** Before a request is admitted or refused; `inFlight`: the count since the previous call. */
  arrive(now: number, inFlight: number): void;
  /** As a request finishes; `inFlight`: the count before it finished. */
  finish(now: number, inFlight: number): void;
  /** Requests finished per ms, Infinity while unknown. */
  perMs(): number;
}

export function finishRate(busyInFlight: number): FinishRate {
  let perMs = Infinity;
  let last = performance.now();
  let workingMs = 0;
  let finished = 0;
  let queued = false;

  const advance = (now: number, inFlight: number) => {
    if (inFlight > 0) workingMs += now - last;
    if (inFlight >= busyInFlight) queued = true;
    last = now;
  };
  const closeWindow = () => {
    if (workingMs < RATE_WINDOW_MS) return;
    perMs = queued ? finished / workingMs : Infinity;
    workingMs = 0;
    finished = 0;
    queued = false;
  };

  return {
    arrive(now, inFlight) {
      advance(now, inFlight);
      closeWindow();
    },
    finish(now, inFlight) {
      advance(now, inFlight);
      finished += 1;
      closeWindow();
    },
    perMs: () => perMs,
  };
}
