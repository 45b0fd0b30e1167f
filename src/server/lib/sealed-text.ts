import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Secrets kept at rest (a provider's OAuth tokens): AES-256-GCM with a random 96-bit IV per value,
// and `context` as additional authenticated data, so a ciphertext copied to another row (another
// identity, another purpose) does not open there. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).

const VERSION = 'v1';
const KEY_BYTES = 32;

export class SealedTextError extends Error {
  constructor() {
    super('sealed text does not open with this key and context');
    this.name = 'SealedTextError';
  }
}

export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

/** The plain text; SealedTextError when it was sealed with another key or context, or altered. */
export function unseal(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) throw new SealedTextError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedTextError();
  }
}

/**
 * The key kept in `file` (base64, readable by the owner only), made there once when missing.
 * Several processes starting at once on one DATA_DIR agree: each writes a whole key to a file of
 * its own and links it to the name, which only the first one gets; the others read the winner's.
 */
export function keyInFile(file: string): Buffer {
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte base64 key`);
  return key;
}

const keptKeys = new Map<string, Buffer>();

/** keyInFile(), read once per process: a key file never changes while the server runs. */
export function keptKeyInFile(file: string): Buffer {
  let key = keptKeys.get(file);
  if (!key) keptKeys.set(file, (key = keyInFile(file)));
  return key;
}
