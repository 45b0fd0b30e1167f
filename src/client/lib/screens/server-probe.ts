// Asking the server, while it is out of reach, whether it is back (lib/connection.ts): a lying
// `navigator.onLine` never fires `online`. Loaded only once a call has failed, so the cold start
// of a connected page does not carry it.

import { serverAnswers } from '../connection.ts';

const PROBE_FIRST_MS = 2_000;
const PROBE_CAP_MS = 30_000;

/**
 * Asks after 2, 4, 8, 16, then every 30 s while `stillWanted()`, never while the page is hidden (at
 * once when it shows again), and calls `back()` when the server answers. Returns its stop.
 */
export function probeUntilBack(stillWanted: () => boolean, back: () => void): () => void {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
  const ask = async () => {
    clearTimeout(timer);
    if (stopped || !stillWanted()) return stop();
    if (document.visibilityState === 'visible' && (await serverAnswers())) {
      stop();
      back();
      return;
    }
    if (!stopped) plan();
  };
  const plan = () => {
    attempt += 1;
    // Doubling up to the cap: 2, 4, 8, 16, 30, 30 … s.
    timer = setTimeout(() => void ask(), Math.min(PROBE_CAP_MS, PROBE_FIRST_MS * 2 ** Math.min(attempt - 1, 5)));
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void ask();
  };
  document.addEventListener('visibilitychange', onVisible);
  plan();
  return stop;
}
