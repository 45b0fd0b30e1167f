import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '#server/context.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { createGate, GateFull } from '#server/lib/gate.ts';

// scrypt with OWASP's parameters (N=2^17, r=8, p=1). The stored string carries its own
// parameters and salt, so they can be raised later without breaking existing hashes:
//   scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** Production cost: about 128 MiB and a few hundred ms of one core per hash. */
export const OWASP_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
/** Tests only: the same algorithm and format at 1/128 of the cost, so logins in tests are cheap. */
export const TEST_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

/** scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below that for N=2^17, so raise it with headroom. */
function maxmemFor(N: number, r: number): number {
  return 128 * N * r * 2;
}

function derive(plain: string, salt: Buffer, N: number, r: number, p: number, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: maxmemFor(N, r) };
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(plain: string, cost: ScryptCost = OWASP_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(plain, salt, cost.N, cost.r, cost.p, KEY_LENGTH);
  return [PREFIX, cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password and for a malformed stored hash (never throws on bad data). */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return false;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // Refuse absurd parameters from a corrupted row rather than burning CPU or memory on them.
  if (![N, r, p].every(Number.isSafeInteger) || N < 2 || N > 2 ** 20 || r < 1 || r > 32 || p < 1 || p > 16)
    return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = await derive(plain, salt, N, r, p, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

export const HASHING_BUSY_MESSAGE = 'Сервер сейчас перегружен. Попробуйте ещё раз через минуту.';
const BUSY_RETRY_AFTER_SECONDS = 10;

export interface PasswordHasherOptions {
  cost?: ScryptCost;
  /** Hashes at once: each holds 128·N·r bytes (128 MiB at OWASP cost) while it runs. */
  concurrency?: number;
  /** Hashes waiting for a slot; beyond that a login or reset is refused with 503 until the burst passes. */
  maxQueued?: number;
}

/**
 * Hashing behind a gate: a burst of logins or resets (an attack, or a clinic's morning) waits its
 * turn instead of holding hundreds of MiB at once and starving every other request of CPU.
 */
export function createPasswordHasher({
  cost = OWASP_COST,
  concurrency = 2,
  maxQueued = 64,
}: PasswordHasherOptions = {}): PasswordHasher {
  const gate = createGate({ concurrency, maxQueued });
  const gated = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await gate.run(work);
    } catch (error) {
      if (error instanceof GateFull) {
        throw new ApiFailure(
          503,
          { success: false, message: HASHING_BUSY_MESSAGE },
          { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
        );
      }
      throw error;
    }
  };
  let dummy: Promise<string> | undefined;
  return {
    hash: (plain) => gated(() => hashPassword(plain, cost)),
    async verify(plain, stored) {
      dummy ??= hashPassword('timing-equaliser-not-a-password', cost);
      const against = stored ?? (await dummy);
      const valid = await gated(() => verifyPassword(plain, against));
      return stored !== null && valid;
    },
  };
}

// No look-alikes (0/O, 1/l/I) so a password read from an e-mail can be typed by hand.
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

function pick(alphabet: string): string {
  return alphabet[randomInt(alphabet.length)] ?? '';
}

/** A readable random password such as `Kdmw-7fPq-x3Rt` (12 letters/digits, ~70 bits). */
export function generatePassword(): string {
  const all = LOWER + UPPER + DIGITS;
  const chars = Array.from({ length: 12 }, () => pick(all));
  // Guarantee one of each class at random positions, for sites' password rules and for readability.
  const slots = [...chars.keys()];
  for (let i = 0; i < 3; i++) {
    const j = i + randomInt(slots.length - i); // partial Fisher–Yates: three distinct positions
    [slots[i], slots[j]] = [slots[j] ?? j, slots[i] ?? i];
  }
  chars[slots[0] ?? 0] = pick(LOWER);
  chars[slots[1] ?? 1] = pick(UPPER);
  chars[slots[2] ?? 2] = pick(DIGITS);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)].map((group) => group.join('')).join('-');
}
