import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes as base64url (43 characters): session cookies, CSRF tokens, reset links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Exactly what `randomToken()` produces; anything else in a cookie or link is ignored without a query. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Constant-time string equality; hashing first makes the lengths equal and hides the real length. */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
