import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config, VapidKeys } from '#server/context.ts';
import { VAPID_KEY_FILE } from '#server/lib/key-files.ts';

// The portal's Web Push identity (RFC 8292): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or a pair made on
// first use and kept in DATA_DIR, so subscriptions survive restarts. Several API processes must share
// that DATA_DIR or be given the keys: browsers subscribed with one key refuse pushes signed by another.

const known = new Map<string, VapidKeys>();

function isKeyPair(value: unknown): value is VapidKeys {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as VapidKeys).publicKey === 'string' &&
    typeof (value as VapidKeys).privateKey === 'string'
  );
}

export function vapidKeysOf(config: Pick<Config, 'vapid' | 'dataDir'>): VapidKeys {
  if (config.vapid) return config.vapid;
  const file = path.join(config.dataDir, VAPID_KEY_FILE);
  const cached = known.get(file);
  if (cached) return cached;
  let keys: VapidKeys;
  try {
    const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isKeyPair(stored)) throw new Error(`${file} holds no VAPID key pair`);
    keys = stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const made = webpush.generateVAPIDKeys();
    try {
      // 'wx': a second process that got here first wins, and we read its pair.
      writeFileSync(file, JSON.stringify(made), { flag: 'wx', mode: 0o600 });
      keys = made;
    } catch (raced) {
      if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
      return vapidKeysOf(config);
    }
  }
  known.set(file, keys);
  return keys;
}

/** The VAPID `sub`: a mailto of the portal's sender address (RFC 8292 §2.1: a contact for the push service). */
export function vapidSubject(config: Pick<Config, 'mailFrom'>): string {
  const address = /[^\s<>@]+@[^\s<>@]+/.exec(config.mailFrom)?.[0] ?? 'no-reply@localhost';
  return `mailto:${address}`;
}
