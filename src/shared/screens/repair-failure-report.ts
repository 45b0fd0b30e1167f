/**
 * portal.md §8: a repair request that fails on step 3 is logged and a metrics event is sent. The
 * server counts what it refuses itself; the page reports what the server never answered (the
 * network, or a proxy's 5xx), as a client error of its own source, the status in a fixed message.
 */
export const repairRequestFailureMessage = (status: number): string =>
  status === 0 ? 'Repair request not sent: no answer' : `Repair request not sent: HTTP ${status}`;

/** The status a repair request failure report names (0: no answer), or null for another message. */
export function statusOfRepairRequestFailure(message: string): number | null {
  if (message === repairRequestFailureMessage(0)) return 0;
  const status = /^Repair request not sent: HTTP (\d{3})$/.exec(message)?.[1];
  return status ? Number(status) : null;
}
