/** What one try to deliver outside the app came to (ADR 0019). */
export type SendOutcome =
  | { kind: 'sent' }
  /** The chat blocked the bot or the subscription expired: unlink it, never try again. */
  | { kind: 'gone'; reason: string }
  /** A passing failure (5xx, 429, timeout, no network): try again later. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  /** Refused for good (e.g. a 400): trying again would not help. */
  | { kind: 'failed'; reason: string };

/** How long one call to a channel may take before it counts as a passing failure. */
export const CHANNEL_TIMEOUT_MS = 10_000;

/** A network error or a timeout: nothing was answered, so try again later. */
export function unreachable(error: unknown): SendOutcome {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: 'retry', reason };
}

/** Retry-After in seconds (the only form Telegram and push services send), as milliseconds. */
export function retryAfterMs(seconds: unknown): number | undefined {
  const value = Number(seconds);
  return Number.isFinite(value) && value > 0 ? value * 1000 : undefined;
}

/**
 * A request, once more at once when the connection failed before any answer (not on a timeout): a
 * kept-alive connection the other side had just closed fails the first request on it. At-least-once
 * delivery accepts the small chance that the first one did arrive.
 */
export async function onceMore<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw error;
    return attempt();
  }
}

export const fetchOnceMore = (url: string, init: RequestInit): Promise<Response> => onceMore(() => fetch(url, init));
