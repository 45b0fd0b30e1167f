import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { login } from '#shared/api/account.ts';
import type { AppEnv, Config } from '#server/context.ts';
import { keptKeyInFile } from '#server/lib/sealed-text.ts';
import { DEVICE_KEY_FILE } from '#server/lib/key-files.ts';

// OWASP's device cookies (Blocking Brute Force Attacks): a successful login leaves a signed cookie
// naming the account and a random device id. Later attempts carrying it for that account are counted
// against that device alone (rateRules.loginDevice), so guesses from elsewhere, however many, never
// lock the owner out on a device they used before. Nothing is stored: the HMAC is the proof, its key
// is DEVICE_COOKIE_KEY or one made once in DATA_DIR (several processes must share one or the other).

export const DEVICE_COOKIE = 'portal_device';
/** A year: a device used once a year still counts as known. */
const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;

function deviceKey(config: Config): Buffer {
  return config.deviceCookieKey ?? keptKeyInFile(path.join(config.dataDir, DEVICE_KEY_FILE));
}

function macOf(config: Config, clientId: number, deviceId: string): string {
  return createHmac('sha256', deviceKey(config)).update(`login-device\n${clientId}\n${deviceId}`).digest('base64url');
}

/** The device id the request's cookie proves for `clientId`; null when there is none, or it is another account's or forged. */
export function knownDevice(c: Context<AppEnv>, clientId: number): string | null {
  const [id, deviceId, mac, extra] = (getCookie(c, DEVICE_COOKIE) ?? '').split('.');
  if (extra !== undefined || id !== String(clientId) || !deviceId || !mac) return null;
  const expected = Buffer.from(macOf(c.var.deps.config, clientId, deviceId));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}

/** After a successful login: keeps the device's id when it already had one for this account. */
export function rememberDevice(c: Context<AppEnv>, clientId: number): void {
  const deviceId = knownDevice(c, clientId) ?? randomBytes(16).toString('base64url');
  const { config } = c.var.deps;
  setCookie(c, DEVICE_COOKIE, `${clientId}.${deviceId}.${macOf(config, clientId, deviceId)}`, {
    httpOnly: true,
    sameSite: 'Lax',
    // Sent to the login only: nothing else needs it.
    path: login.path,
    secure: config.secure,
    maxAge: DEVICE_TTL_SECONDS,
  });
}

/** Makes the key at start, so a DATA_DIR where it cannot be written stops the start, not a login. */
export const prepareDeviceKey = (config: Config): void => void deviceKey(config);
