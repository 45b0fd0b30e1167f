// A deadline for network work: a request that hangs (a half-dead mobile connection) would otherwise
// hold the outbox's drain, or the page's tap, for minutes.

export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Runs `work` with a signal that aborts after `timeoutMs`. The deadline covers everything `work`
 * does with it (the headers and reading the body); once `work` settles nothing is aborted, so a
 * response whose body was read through a clone can still be handed on.
 */
export async function withDeadline<T>(timeoutMs: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('Timed out', 'AbortError')), timeoutMs);
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
