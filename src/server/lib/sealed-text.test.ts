import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keyInFile, seal, SealedTextError, unseal } from './sealed-text.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('sealed text', () => {
  const key = randomBytes(32);

  it('opens with its key and context only, and never shows the plain text', () => {
    const sealed = seal(key, 'access-token-value', 'identity 1');
    expect(sealed).not.toContain('access-token-value');
    expect(seal(key, 'access-token-value', 'identity 1')).not.toBe(sealed); // a fresh IV each time
    expect(unseal(key, sealed, 'identity 1')).toBe('access-token-value');
    expect(() => unseal(key, sealed, 'identity 2')).toThrow(SealedTextError);
    expect(() => unseal(randomBytes(32), sealed, 'identity 1')).toThrow(SealedTextError);
    const [version, iv, tag, data] = sealed.split('.');
    const altered = Buffer.from(data!, 'base64url');
    altered[0]! ^= 1;
    expect(() => unseal(key, [version, iv, tag, altered.toString('base64url')].join('.'), 'identity 1')).toThrow(
      SealedTextError,
    );
    expect(() => unseal(key, 'garbage', 'identity 1')).toThrow(SealedTextError);
  });

  it('makes a key file once, readable by its owner only, and reads the same key after', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sealed-'));
    dirs.push(dir);
    const file = path.join(dir, 'nested', 'kavo-token.key');
    const first = keyInFile(file);
    expect(first).toHaveLength(32);
    expect(keyInFile(file)).toEqual(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(['kavo-token.key']);
  });
});
