import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { vapidKeysOf } from './delivery/vapid-keys.ts';
import { ConfigError, loadConfig } from './env.ts';

// TELEGRAM_* and VAPID_* (API.md "Notifications"): all or none, checked at boot, secrets never echoed;
// without VAPID keys a pair is made once and kept in DATA_DIR.

const BOT = { TELEGRAM_BOT_TOKEN: '123456:ABCdefGhIJKlmNoPQRsTUVwxyz_0123', TELEGRAM_BOT_NAME: '@service_centre_bot', TELEGRAM_WEBHOOK_SECRET: 'a-webhook-secret-0123456789' };

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('Telegram settings', () => {
  it('are off when unset, and read with the public Bot API by default', () => {
    expect(loadConfig({}).telegram).toBeUndefined();
    expect(loadConfig(BOT).telegram).toEqual({ botToken: BOT.TELEGRAM_BOT_TOKEN, botName: 'service_centre_bot', apiUrl: 'https://api.telegram.org', webhookSecret: BOT.TELEGRAM_WEBHOOK_SECRET });
    expect(loadConfig({ ...BOT, TELEGRAM_API_URL: 'http://127.0.0.1:8081/' }).telegram?.apiUrl).toBe('http://127.0.0.1:8081');
  });

  it('name the missing or malformed one, without echoing a secret', () => {
    expect(errorOf({ TELEGRAM_BOT_TOKEN: BOT.TELEGRAM_BOT_TOKEN }).variable).toBe('TELEGRAM_BOT_NAME');
    expect(errorOf({ ...BOT, TELEGRAM_WEBHOOK_SECRET: '' }).variable).toBe('TELEGRAM_WEBHOOK_SECRET');
    const bad = errorOf({ ...BOT, TELEGRAM_WEBHOOK_SECRET: 'short secret!' });
    expect(bad.variable).toBe('TELEGRAM_WEBHOOK_SECRET');
    expect(bad.message).not.toContain('short secret');
    expect(errorOf({ ...BOT, TELEGRAM_BOT_TOKEN: 'not-a-token' }).message).not.toContain('not-a-token');
  });
});

describe('VAPID keys', () => {
  it('are both set or both unset', () => {
    const pair = { VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString('base64url'), VAPID_PRIVATE_KEY: Buffer.alloc(32, 7).toString('base64url') };
    expect(loadConfig(pair).vapid).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY });
    expect(errorOf({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY }).variable).toBe('VAPID_PRIVATE_KEY');
    expect(errorOf({ ...pair, VAPID_PUBLIC_KEY: 'abc' }).variable).toBe('VAPID_PUBLIC_KEY');
  });

  it('are made once and kept in DATA_DIR when unset', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    try {
      const made = vapidKeysOf({ dataDir, vapid: undefined });
      const file = path.join(dataDir, 'vapid-keys.json');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(made);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(Buffer.from(made.publicKey, 'base64url')).toHaveLength(65);
      expect(vapidKeysOf({ dataDir, vapid: undefined })).toEqual(made);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
