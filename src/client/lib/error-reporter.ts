import {
  CLIENT_ERRORS_PATH,
  describeClientError,
  isExpectedNetworkFailure,
  type ClientErrorSource,
} from '#shared/api/client-errors.ts';

// Errors on a user's phone reach the server's log (POST /ajax/client-errors), so that "it broke" can
// be found. A beacon survives the page closing and needs no CSRF token; a page that keeps failing in a
// loop sends a few reports, not thousands.

const MAX_REPORTS_PER_PAGE = 10;
const reported = new Set<string>();

/**
 * Reports an error once per page (the same source and message again is not sent twice). What the
 * network explains (offline, aborted, timed out) is not a bug and is not sent, as in the worker's
 * reporter (sw/error-reporter.ts): one rule for both.
 */
export function reportError(source: ClientErrorSource, error: unknown): void {
  if (isExpectedNetworkFailure(error)) return;
  const report = describeClientError(source, error, window.location.href);
  const key = `${report.source} ${report.message}`;
  if (reported.has(key) || reported.size >= MAX_REPORTS_PER_PAGE) return;
  reported.add(key);
  const body = JSON.stringify(report);
  const sent =
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(CLIENT_ERRORS_PATH, new Blob([body], { type: 'application/json' }));
  if (!sent) {
    void fetch(CLIENT_ERRORS_PATH, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {});
  }
}

/** Uncaught errors and unhandled rejections anywhere on the page are reported. */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportError('window', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError('promise', event.reason));
}

/** Forgets what was sent (tests start each case afresh). */
export function resetErrorReports(): void {
  reported.clear();
}
