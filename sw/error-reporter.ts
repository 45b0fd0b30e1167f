/// <reference lib="webworker" />
import { CLIENT_ERRORS_PATH, describeClientError, isExpectedNetworkFailure } from '#shared/api/client-errors.ts';
import type { FetchLike } from './fetch-timeout.ts';

// The worker's errors go to the same endpoint as the page's (src/client/lib/error-reporter.ts). A
// worker has no sendBeacon: a plain POST with the session cookie, whose failure (offline) is dropped.

const MAX_REPORTS_PER_LIFE = 10;

export type WorkerErrorReport = (error: unknown) => void;

export function createWorkerErrorReporter(fetchFn: FetchLike, scriptUrl: string): WorkerErrorReport {
  const reported = new Set<string>();
  return (error) => {
    // Offline is a state, not a bug: an uncaught 'Failed to fetch' would otherwise fill the log.
    if (isExpectedNetworkFailure(error)) return;
    const report = describeClientError('worker', error, scriptUrl);
    if (reported.has(report.message) || reported.size >= MAX_REPORTS_PER_LIFE) return;
    reported.add(report.message);
    const request = {
      method: 'POST',
      body: JSON.stringify(report),
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
    } as const;
    void fetchFn(CLIENT_ERRORS_PATH, request).catch(() => {});
  };
}

/** The worker's uncaught errors and unhandled rejections are reported. */
export function reportUncaughtWorkerErrors(sw: ServiceWorkerGlobalScope, report: WorkerErrorReport): void {
  sw.addEventListener('error', (event) => report(event.error ?? event.message));
  sw.addEventListener('unhandledrejection', (event) => report(event.reason));
}
