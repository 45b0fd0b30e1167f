import { repairRequestFailureMessage } from '#shared/screens/repair-failure-report.ts';
import { reportError } from '#client/lib/error-reporter.ts';

/** Statuses our server never gives a repair request's handler: no answer, or a proxy's or the shedder's. */
const NOT_SEEN_BY_THE_HANDLER = new Set([0, 502, 503, 504]);

/**
 * portal.md §8: step 3's form-level failure is logged and a metrics event is sent. The server counts
 * the refusals it makes; this reports the failures it never saw (once per page and status, as every
 * error report), so the operator sees those too.
 */
export function reportUnansweredRequest(status: number): void {
  if (NOT_SEEN_BY_THE_HANDLER.has(status)) reportError('repair-request', repairRequestFailureMessage(status));
}
