import { describe, expect, it } from 'vitest';
import { ApiFailure } from '#server/lib/api-failure.ts';
import {
  createPasswordHasher,
  generatePassword,
  hashPassword,
  TEST_COST,
  verifyPassword,
} from '#server/services/accounts/passwords.ts';

describe('passwords', () => {
  it('hashes with scrypt at OWASP cost, salted, and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hashPassword('correct horse')).not.toBe(hash);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('answers false for malformed or hostile stored hashes instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$1$1$1$$',
      'scrypt$1073741824$8$1$c2FsdA$aGFzaA',
      'bcrypt$2$8$1$c2FsdA$aGFzaA',
      'scrypt$x$8$1$c2FsdA$aGFzaA',
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('generates readable passwords of 12 characters from every class', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
      expect(password).not.toMatch(/[01OIlo]/);
      const chars = password.replace(/-/g, '');
      expect(chars).toMatch(/[a-z]/);
      expect(chars).toMatch(/[A-Z]/);
      expect(chars).toMatch(/\d/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});

describe('the password hasher', () => {
  it('runs at most `concurrency` hashes, queues the next, and refuses beyond the queue with a Russian 503', async () => {
    const hasher = createPasswordHasher({ cost: TEST_COST, concurrency: 1, maxQueued: 1 });
    const running = hasher.hash('first-password');
    const queued = hasher.hash('second-password');
    const refused = await hasher.hash('third-password').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect((refused as ApiFailure).status).toBe(503);
    expect((refused as ApiFailure).body.message).toMatch(/перегружен/);
    expect((refused as ApiFailure).headers['Retry-After']).toEqual(expect.any(String));
    expect(await verifyPassword('first-password', await running)).toBe(true);
    expect(await verifyPassword('second-password', await queued)).toBe(true);
    // The burst has passed: hashing works again.
    expect(await hasher.hash('fourth-password')).toMatch(/^scrypt\$1024\$/);
  });

  it('verifies an unknown account against a dummy hash: always false, never a throw', async () => {
    const hasher = createPasswordHasher({ cost: TEST_COST });
    expect(await hasher.verify('anything-at-all', null)).toBe(false);
    expect(await hasher.verify('right-one', await hasher.hash('right-one'))).toBe(true);
  });
});
