/**
 * A fresh Idempotency-Key (ADR 0006: 8–200 of A–Z a–z 0–9 _ - : .). randomUUID exists only in
 * secure contexts; an http:// LAN address during testing on a phone is not one, so fall back to
 * getRandomValues, which exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
