import { createHash } from 'node:crypto';

/** Tokens are stored as SHA-256: a leaked table row cannot be replayed as a cookie or link. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
