import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { vapidKeysOf } from './delivery/vapid-keys.ts';
import { ConfigError, loadConfig } from './env.ts';
import { TEST_PAYEE, TEST_PAYEE_ENV } from '../../tests/setup/payee.ts';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.filesDir).toBe(path.resolve('./data/files'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Сервисный центр <no-reply@localhost>');
    expect(config.integrationTokens).toEqual([]);
    expect(config.seedDemo).toBe(true);
    expect(config.secure).toBe(false);
    expect(config.clientDir).toBe(path.resolve(import.meta.dirname, '../../dist/client'));
    expect(config.trustProxy).toBe(false);
  });

  it('reads a full production environment', () => {
    const config = loadConfig({
      PORT: '3000',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgresql://app:secret@db:5432/portal',
      PUBLIC_URL: 'https://service.example.ru/',
      SMTP_URL: 'smtps://user:pass@smtp.example.ru:465',
      MAIL_FROM: 'Сервис <robot@example.ru>',
      INTEGRATION_TOKENS: ' aaaaaaaaaaaaaaaa , bbbbbbbbbbbbbbbbbbbb ,',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/var/lib/portal',
      filesDir: '/var/lib/portal/files',
      databaseUrl: 'postgresql://app:secret@db:5432/portal',
      publicUrl: 'https://service.example.ru',
      smtpUrl: 'smtps://user:pass@smtp.example.ru:465',
      mailFrom: 'Сервис <robot@example.ru>',
      integrationTokens: ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbb'],
      seedDemo: false, // PostgreSQL: no demo data unless asked
      secure: true,
      trustProxy: true,
    });
  });

  it("reads FILES_DIR, the file store's folder, apart from DATA_DIR", () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/portal', FILES_DIR: '/mnt/files' }).filesDir).toBe('/mnt/files');
  });

  it('reads the five S3_* settings together, or none (the folder store)', () => {
    const s3 = {
      S3_ENDPOINT: 'https://storage.example.ru/',
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/key+value',
      S3_REGION: 'ru-central1',
    };
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'https://storage.example.ru',
      bucket: 'portal-files',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/key+value',
      region: 'ru-central1',
    });
    for (const name of Object.keys(s3)) {
      const error = errorOf({ ...s3, [name]: '' });
      expect(error.variable).toBe(name);
      expect(error.message).toContain('is required with the other S3_* settings');
    }
    expect(errorOf({ ...s3, S3_BUCKET: 'Bad_Bucket' }).message).toMatch(/^S3_BUCKET: must be an S3 bucket name/);
    expect(errorOf({ ...s3, S3_ENDPOINT: 'ftp://x' }).variable).toBe('S3_ENDPOINT');
    // The secret is never echoed back.
    expect(errorOf({ ...s3, S3_SECRET_ACCESS_KEY: 'has space' }).message).not.toContain('has space');
  });

  it("reads UPLOAD_DAILY_MB, an account's daily upload budget (default 200 MB)", () => {
    expect(loadConfig({}).uploadDailyBytes).toBe(200 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_DAILY_MB: '50' }).uploadDailyBytes).toBe(50 * 1024 * 1024);
    for (const wrong of ['0', '2001', '1.5', 'много']) {
      expect(errorOf({ UPLOAD_DAILY_MB: wrong }).message).toMatch(
        /^UPLOAD_DAILY_MB: must be a whole number of megabytes from 1 to 2000/,
      );
    }
  });

  it('reads MAIL_HOURLY_BUDGET, the mails all processes may send in an hour (default 1000)', () => {
    expect(loadConfig({}).mailHourlyBudget).toBe(1000);
    expect(loadConfig({ MAIL_HOURLY_BUDGET: '250' }).mailHourlyBudget).toBe(250);
    for (const wrong of ['0', '1000001', '2.5', 'много'])
      expect(errorOf({ MAIL_HOURLY_BUDGET: wrong }).message).toMatch(
        /^MAIL_HOURLY_BUDGET: must be a whole number of mails from 1 to 1000000/,
      );
  });

  it('reads METRICS_TOKEN (16+ characters, never echoed) and METRICS_PORT (1–65535); both unset by default', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, metricsPort: undefined });
    const config = loadConfig({ METRICS_TOKEN: 'scrape-token-0123456789', METRICS_PORT: '9464' });
    expect(config).toMatchObject({ metricsToken: 'scrape-token-0123456789', metricsPort: 9464 });
    const short = errorOf({ METRICS_TOKEN: 'short-secret' }).message;
    expect(short).toMatch(/^METRICS_TOKEN: must be 16 to 200 printable ASCII/);
    expect(short).not.toContain('short-secret');
    for (const wrong of ['0', '65536', 'port'])
      expect(errorOf({ METRICS_PORT: wrong }).message).toMatch(/^METRICS_PORT: must be a whole number from 1 to 65535/);
  });

  it('reads WORKERS: the cores on PostgreSQL by default, only 1 on the embedded database', () => {
    const pg = 'postgres://u:p@db:5432/portal';
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: pg }).workers).toBe(Math.min(64, availableParallelism()));
    expect(loadConfig({ DATABASE_URL: pg, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/^WORKERS: must be 1 on the embedded database/);
    for (const wrong of ['0', '65', 'two', '1.5'])
      expect(() => loadConfig({ DATABASE_URL: pg, WORKERS: wrong })).toThrow(/^WORKERS: must be a whole number/);
  });

  it("reads SCRYPT_N, a power of two from 2^10 to 2^20 (unset: the hasher's OWASP cost)", () => {
    expect(loadConfig({}).scryptN).toBeUndefined();
    expect(loadConfig({ SCRYPT_N: '1024' }).scryptN).toBe(1024);
    expect(loadConfig({ SCRYPT_N: '1048576' }).scryptN).toBe(2 ** 20);
    for (const wrong of ['512', '131071', '2097152', '2^17', '-1024']) {
      expect(() => loadConfig({ SCRYPT_N: wrong })).toThrow(/^SCRYPT_N: must be a power of two from 1024 to 1048576/);
    }
  });

  it("reads PUSH_SERVICE_HOSTS, host names and addresses (unset: just the browsers' push services)", () => {
    expect(loadConfig({}).pushServiceHosts).toBeUndefined();
    expect(loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.ru, *.web.push.example.com ,' }).pushServiceHosts).toEqual([
      'push.example.ru',
      'web.push.example.com',
    ]);
    // Addresses as WHATWG URL writes an endpoint's host, so an exact name compares equal (push-endpoint.ts).
    expect(
      loadConfig({ PUSH_SERVICE_HOSTS: '127.0.0.1,localhost,::1,[0:0:0:0:0:0:0:1],pushsrv' }).pushServiceHosts,
    ).toEqual(['127.0.0.1', 'localhost', '[::1]', '[::1]', 'pushsrv']);
    for (const wrong of [
      'push.example.ru:443',
      'https://push.example.ru',
      '127.0.0.1:8080',
      '999.1.1.1',
      'a..b',
      '-x.ru',
    ]) {
      expect(() => loadConfig({ PUSH_SERVICE_HOSTS: wrong }), wrong).toThrow(
        /^PUSH_SERVICE_HOSTS: must be comma-separated host names or addresses/,
      );
    }
  });

  it('reads PICKUP_CUTOFF_HOUR, a Moscow hour from 0 to 24 (unset: noon)', () => {
    expect(loadConfig({}).pickupCutoffHour).toBe(12);
    expect(loadConfig({ PICKUP_CUTOFF_HOUR: '0' }).pickupCutoffHour).toBe(0);
    expect(loadConfig({ PICKUP_CUTOFF_HOUR: '24' }).pickupCutoffHour).toBe(24);
    for (const wrong of ['25', '-1', '12.5', 'noon']) {
      expect(() => loadConfig({ PICKUP_CUTOFF_HOUR: wrong })).toThrow(
        /^PICKUP_CUTOFF_HOUR: must be a whole hour from 0 to 24/,
      );
    }
  });

  it('defaults PUBLIC_URL to the chosen port', () => {
    expect(loadConfig({ PORT: '9001' }).publicUrl).toBe('http://localhost:9001');
  });

  it.each([
    ['1', true],
    ['true', true],
    ['TRUE', true],
    ['0', false],
    ['false', false],
  ])('SEED_DEMO=%s → %s', (value, expected) => {
    expect(loadConfig({ SEED_DEMO: value }).seedDemo).toBe(expected);
    expect(loadConfig({ SEED_DEMO: value, DATABASE_URL: 'postgres://db/x' }).seedDemo).toBe(expected);
  });

  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['false', false],
    ['', false],
  ])('TRUST_PROXY=%s → %s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', INTEGRATION_TOKENS: '' }).port).toBe(8080);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '65536'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://db/portal'],
    ['DATABASE_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://example.ru'],
    ['PUBLIC_URL', 'example.ru'],
    ['SMTP_URL', 'http://smtp.example.ru'],
    ['MAIL_FROM', 'no address here'],
    ['INTEGRATION_TOKENS', 'short'],
    ['INTEGRATION_TOKENS', 'aaaaaaaaaaaaaaaa,short'],
    ['SEED_DEMO', 'yes'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.1'],
  ])('%s=%s is refused with an error naming the variable', (name, value) => {
    const error = errorOf({ [name]: value });
    expect(error.variable).toBe(name);
    expect(error.message.startsWith(`${name}: `)).toBe(true);
    expect(error.message.length).toBeGreaterThan(name.length + 10);
  });

  it('never echoes secrets in the error', () => {
    expect(errorOf({ INTEGRATION_TOKENS: 'secret-but-short' + ',x' }).message).not.toContain('secret');
    expect(errorOf({ SMTP_URL: 'http://user:hunter2@smtp.example.ru' }).message).not.toContain('hunter2');
  });

  it('uses the OSM services and tiles by default, and the settings of API.md "Places" when given', () => {
    expect(loadConfig({}).geo).toEqual({
      provider: 'osm',
      photonUrl: 'https://photon.komoot.io',
      nominatimUrl: 'https://nominatim.openstreetmap.org',
      dadataUrl: 'https://suggestions.dadata.ru',
      dadataApiKey: undefined,
      yandexGeocoderUrl: 'https://geocode-maps.yandex.ru',
      yandexGeocoderApiKey: undefined,
    });
    expect(loadConfig({}).mapTilesUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    const keyed = loadConfig({
      GEO_PROVIDER: 'dadata-yandex',
      DADATA_API_KEY: 'dadata-key-123',
      DADATA_URL: 'http://127.0.0.1:9100/',
      YANDEX_GEOCODER_API_KEY: 'yandex-key-123',
      MAP_TILES_URL: 'https://tiles.example.ru/{z}/{x}/{y}.png',
    });
    expect(keyed.geo).toMatchObject({
      provider: 'dadata-yandex',
      dadataApiKey: 'dadata-key-123',
      dadataUrl: 'http://127.0.0.1:9100',
      yandexGeocoderApiKey: 'yandex-key-123',
    });
    expect(keyed.mapTilesUrl).toBe('https://tiles.example.ru/{z}/{x}/{y}.png');
  });

  it.each([
    [{ GEO_PROVIDER: 'google' }, 'GEO_PROVIDER'],
    [{ GEO_PROVIDER: 'dadata-yandex' }, 'DADATA_API_KEY'],
    [{ PHOTON_URL: 'ftp://photon.example' }, 'PHOTON_URL'],
    [{ MAP_TILES_URL: 'https://tiles.example.ru/tile.png' }, 'MAP_TILES_URL'],
    [{ DADATA_API_KEY: 'short' }, 'DADATA_API_KEY'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(errorOf(env).variable).toBe(variable);
  });

  it('never echoes an API key', () => {
    expect(errorOf({ YANDEX_GEOCODER_API_KEY: 'my secret key with spaces' }).message).not.toContain('secret');
  });

  it("reads MAIN_SITE_URL (unset hides the main site's links)", () => {
    expect(loadConfig({}).mainSiteUrl).toBeUndefined();
    expect(loadConfig({ MAIN_SITE_URL: 'https://example.ru/' }).mainSiteUrl).toBe('https://example.ru');
    expect(errorOf({ MAIN_SITE_URL: 'javascript:alert(1)' }).message).toMatch(
      /^MAIN_SITE_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(errorOf({ MAIN_SITE_URL: 'example.ru' }).variable).toBe('MAIN_SITE_URL');
  });

  it("reads SUPPORT_EMAIL (unset by default: the central office's e-mail is used) and refuses a wrong one", () => {
    expect(loadConfig({}).supportEmail).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: ' support@service.example.ru ' }).supportEmail).toBe(
      'support@service.example.ru',
    );
    expect(errorOf({ SUPPORT_EMAIL: 'support at example' }).variable).toBe('SUPPORT_EMAIL');
  });

  it("reads SUPPORT_PHONE (unset by default: the central office's phone is used) and refuses a wrong one", () => {
    expect(loadConfig({}).supportPhone).toBeUndefined();
    expect(loadConfig({ SUPPORT_PHONE: ' +7 (495) 123-45-67 ' }).supportPhone).toBe('+7 (495) 123-45-67');
    expect(errorOf({ SUPPORT_PHONE: 'звоните нам' }).variable).toBe('SUPPORT_PHONE');
  });
});

// TELEGRAM_* and VAPID_* (API.md §Notifications): all or none, checked at boot, secrets never
// echoed; without VAPID keys a pair is made once and kept in DATA_DIR.
const BOT = {
  TELEGRAM_BOT_TOKEN: '123456:ABCdefGhIJKlmNoPQRsTUVwxyz_0123',
  TELEGRAM_BOT_NAME: '@service_centre_bot',
  TELEGRAM_WEBHOOK_SECRET: 'a-webhook-secret-0123456789',
};

describe('Telegram settings', () => {
  it('are off when unset, and read with the public Bot API by default', () => {
    expect(loadConfig({}).telegram).toBeUndefined();
    expect(loadConfig(BOT).telegram).toEqual({
      botToken: BOT.TELEGRAM_BOT_TOKEN,
      botName: 'service_centre_bot',
      apiUrl: 'https://api.telegram.org',
      webhookSecret: BOT.TELEGRAM_WEBHOOK_SECRET,
    });
    expect(loadConfig({ ...BOT, TELEGRAM_API_URL: 'http://127.0.0.1:8081/' }).telegram?.apiUrl).toBe(
      'http://127.0.0.1:8081',
    );
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
    const pair = {
      VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString('base64url'),
      VAPID_PRIVATE_KEY: Buffer.alloc(32, 7).toString('base64url'),
    };
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

describe('KAVO ID settings', () => {
  const kavo = {
    KAVO_ISSUER_URL: 'https://id.kavo.example',
    KAVO_CLIENT_ID: 'portal',
    KAVO_CLIENT_SECRET: 's3cret-value',
  };

  it('is off without its settings, and on with all three', () => {
    expect(loadConfig({}).kavo).toBeUndefined();
    expect(loadConfig(kavo).kavo).toEqual({
      issuerUrl: 'https://id.kavo.example',
      clientId: 'portal',
      clientSecret: 's3cret-value',
      tokenKey: undefined,
    });
    expect(loadConfig({ ...kavo, KAVO_ISSUER_URL: 'http://127.0.0.1:9400' }).kavo?.issuerUrl).toBe(
      'http://127.0.0.1:9400',
    );
  });

  it('reads KAVO_TOKEN_KEY as 64 hex digits or base64 of 32 bytes', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ ...kavo, KAVO_TOKEN_KEY: key.toString('hex') }).kavo?.tokenKey).toEqual(key);
    expect(loadConfig({ ...kavo, KAVO_TOKEN_KEY: key.toString('base64') }).kavo?.tokenKey).toEqual(key);
  });

  it.each([
    [{ KAVO_ISSUER_URL: 'https://id.kavo.example' }, 'KAVO_CLIENT_ID'],
    [{ KAVO_CLIENT_ID: 'portal', KAVO_CLIENT_SECRET: 'x' }, 'KAVO_ISSUER_URL'],
    [{ KAVO_ISSUER_URL: 'https://id.kavo.example', KAVO_CLIENT_ID: 'portal' }, 'KAVO_CLIENT_SECRET'],
    [{ ...kavo, KAVO_ISSUER_URL: 'http://id.kavo.example' }, 'KAVO_ISSUER_URL'],
    [{ ...kavo, KAVO_ISSUER_URL: 'https://id.kavo.example/?x=1' }, 'KAVO_ISSUER_URL'],
    [{ ...kavo, KAVO_TOKEN_KEY: 'too-short' }, 'KAVO_TOKEN_KEY'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(errorOf(env).variable).toBe(variable);
  });

  it('never echoes the client secret or the token key', () => {
    expect(errorOf({ ...kavo, KAVO_CLIENT_SECRET: 'secret with spaces' }).message).not.toContain('secret with');
    expect(errorOf({ ...kavo, KAVO_TOKEN_KEY: 'secret-key' }).message).not.toContain('secret-key');
  });
});

describe('PAYEE_* settings', () => {
  const PAYEE = TEST_PAYEE_ENV;

  it('are off when unset, and read all seven together', () => {
    expect(loadConfig({}).payee).toBeUndefined();
    expect(loadConfig(PAYEE).payee).toEqual(TEST_PAYEE);
  });

  it('stop the start naming a missing one', () => {
    const { PAYEE_KPP: _, ...withoutKpp } = PAYEE;
    expect(errorOf(withoutKpp).variable).toBe('PAYEE_KPP');
  });

  it.each([
    ['PAYEE_INN', '7707083894'],
    ['PAYEE_INN', '77070838'],
    ['PAYEE_KPP', '77360100'],
    ['PAYEE_BIC', '04452522X'],
    ['PAYEE_ACCOUNT', '40702810938000012346'],
    ['PAYEE_ACCOUNT', '4070281093800001234'],
    ['PAYEE_CORR_ACCOUNT', '30101810500000000225'],
    ['PAYEE_NAME', 'ООО | Ромашка'],
    ['PAYEE_BANK', 'Б'.repeat(46)],
  ])('stop the start on a wrong %s (%s)', (variable, value) => {
    expect(errorOf({ ...PAYEE, [variable]: value }).variable).toBe(variable);
  });

  it.each([
    ['a line separator', 'ООО\u2028Ромашка'],
    ['NEL', 'ООО\u0085Ромашка'],
    ['DEL', 'ООО Ромашка\u007f'],
    ['a right-to-left override', 'ООО \u202eакшамоР'],
    ['a zero-width space', 'ООО\u200bРомашка'],
    ['a BOM', 'ООО\ufeffРомашка'],
    ['a new line', 'ООО\nРомашка'],
  ])('refuse %s in PAYEE_NAME and PAYEE_BANK, naming the variable', (_, value) => {
    for (const variable of ['PAYEE_NAME', 'PAYEE_BANK']) {
      const error = errorOf({ ...PAYEE, [variable]: value.slice(0, 40) });
      expect(error.variable).toBe(variable);
      expect(error.message).toMatch(/one printable line/);
    }
  });

  it('count characters, not UTF-16 units: 161 emoji are over the 160 characters', () => {
    const emoji = '\u{1F9B7}'; // a tooth: two UTF-16 units
    expect(errorOf({ ...PAYEE, PAYEE_NAME: emoji.repeat(161) }).message).toMatch(/at most 160 characters/);
    expect(loadConfig({ ...PAYEE, PAYEE_BANK: `${'Б'.repeat(44)}${emoji}` }).payee?.bank).toHaveLength(46);
  });

  it('refuse a name that takes the QR’s mandatory block over 300 bytes, with the reason', () => {
    // 160 Latin letters fit (one byte each); 100 Cyrillic ones are 200 bytes and do not.
    expect(loadConfig({ ...PAYEE, PAYEE_NAME: 'A'.repeat(160) }).payee?.name).toHaveLength(160);
    const error = errorOf({ ...PAYEE, PAYEE_NAME: `ООО «${'Я'.repeat(95)}»` });
    expect(error.variable).toBe('PAYEE_NAME');
    expect(error.message).toMatch(/mandatory block .* \d+ bytes in UTF-8, over the 300/);
  });

  it('check the correspondent account against the BIC', () => {
    expect(errorOf({ ...PAYEE, PAYEE_CORR_ACCOUNT: '30101810400000000226' }).variable).toBe('PAYEE_CORR_ACCOUNT');
  });

  it('check the account against the BIC: a valid account of another bank is refused', () => {
    expect(errorOf({ ...PAYEE, PAYEE_BIC: '044525974', PAYEE_CORR_ACCOUNT: '30101810145250000974' }).variable).toBe(
      'PAYEE_ACCOUNT',
    );
  });
});

describe('DEVICE_COOKIE_KEY', () => {
  it('is unset by default (a key made in DATA_DIR), and read as 64 hex digits or base64 of 32 bytes', () => {
    const key = Buffer.alloc(32, 9);
    expect(loadConfig({}).deviceCookieKey).toBeUndefined();
    expect(loadConfig({ DEVICE_COOKIE_KEY: key.toString('hex') }).deviceCookieKey).toEqual(key);
    expect(loadConfig({ DEVICE_COOKIE_KEY: key.toString('base64') }).deviceCookieKey).toEqual(key);
  });

  it('refuses another value without echoing it', () => {
    const error = errorOf({ DEVICE_COOKIE_KEY: 'secret-device-key' });
    expect(error.variable).toBe('DEVICE_COOKIE_KEY');
    expect(error.message).not.toContain('secret-device-key');
  });
});

describe('BACKUP_* settings', () => {
  it('default to DATA_DIR/backups, every 24 hours, 7 kept, not encrypted', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/portal' }).backup).toEqual({
      dir: '/var/lib/portal/backups',
      everyHours: 24,
      keep: 7,
      key: undefined,
    });
  });

  it('read the folder, the interval (0 off), the count and the key', () => {
    const key = Buffer.alloc(32, 7);
    const backup = loadConfig({
      BACKUP_DIR: '/mnt/backups',
      BACKUP_EVERY_HOURS: '0',
      BACKUP_KEEP: '30',
      BACKUP_KEY: key.toString('base64'),
    }).backup;
    expect(backup).toEqual({ dir: '/mnt/backups', everyHours: 0, keep: 30, key });
  });

  it('refuse a wrong value, naming the variable and never echoing a key', () => {
    expect(errorOf({ BACKUP_EVERY_HOURS: '1.5' }).variable).toBe('BACKUP_EVERY_HOURS');
    expect(errorOf({ BACKUP_KEEP: '0' }).variable).toBe('BACKUP_KEEP');
    const error = errorOf({ BACKUP_KEY: 'my-backup-password' });
    expect(error.variable).toBe('BACKUP_KEY');
    expect(error.message).not.toContain('my-backup-password');
  });
});
