// Header names and rules that the page, the service worker and the server must agree on: if one of
// them drifted, the worker would keep decisions the server always refuses.

/** The session's CSRF token on every state-changing browser call (DESIGN.md §Data flow). */
export const CSRF_HEADER = 'X-CSRF-Token';

/** The key a decision was tapped with; a repeat with the same key gets the stored answer. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Set on an answer that is a stored one, so logs and the service worker can tell a replay. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** A usable Idempotency-Key: 8 to 200 characters A–Z, a–z, 0–9, _ - : . (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,200}$/;

/** The key when it follows the rule, else null (the server answers 400 and stores nothing). */
export function idempotencyKeyOf(header: string | null | undefined): string | null {
  return typeof header === 'string' && IDEMPOTENCY_KEY_PATTERN.test(header) ? header : null;
}

/**
 * A cookie the page can read (not HttpOnly), set and cleared with the session's: it says only that this
 * browser was given a session, so a start may ask for a logged-in read before the user data answered
 * (client lib/head-start.ts). It holds no secret and the server never trusts it.
 */
export const SIGNED_IN_COOKIE = 'portal_signed_in';
