// The only reader of process.env: turns the environment into a validated Config or throws a
// ConfigError that names the variable and what is wrong with it.
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { DEFAULT_PICKUP_CUTOFF_HOUR } from '#shared/screens/pickup-days.ts';
import { MANDATORY_BLOCK_MAX_BYTES, mandatoryBlockBytes } from '#shared/screens/payment-qr.ts';
import {
  isValidAccount,
  isValidBic,
  isValidCorrAccount,
  isValidInn,
  isValidKpp,
  PAYEE_BANK_MAX,
  PAYEE_NAME_MAX,
  type Payee,
} from '#shared/payment/requisites.ts';
import type { BackupConfig, Config, GeoConfig, KavoConfig, S3Settings, TelegramConfig, VapidKeys } from './context.ts';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * The project root: two levels above this file both in the source tree (src/server/env.ts) and
 * in the bundle (dist/server/index.js), so dist/client resolves the same from either.
 */
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

const DEFAULT_MAIL_FROM = 'Сервисный центр <no-reply@localhost>';
const MIN_TOKEN_LENGTH = 16;

const port = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number from 1 to 65535'),
  v.transform(Number),
  v.minValue(1, 'must be a whole number from 1 to 65535'),
  v.maxValue(65535, 'must be a whole number from 1 to 65535'),
);

const urlWithProtocols = (protocols: string[], what: string) =>
  v.pipe(
    v.string(),
    v.check((value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && url.hostname !== '';
      } catch {
        return false;
      }
    }, `must be ${what}`),
  );

const databaseUrl = urlWithProtocols(
  ['postgres:', 'postgresql:'],
  'a postgres:// or postgresql:// URL, e.g. postgres://user:password@host:5432/db',
);
const publicUrl = urlWithProtocols(['http:', 'https:'], 'an http:// or https:// URL, e.g. https://service.example.ru');
const smtpUrl = urlWithProtocols(
  ['smtp:', 'smtps:'],
  'an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.ru:465',
);

/** scrypt's N: a power of two; at most 2^20, the most a stored hash may ask for (services/accounts/passwords.ts). */
const SCRYPT_N_RULE = 'must be a power of two from 1024 to 1048576, e.g. 131072 (OWASP)';
const scryptN = v.pipe(
  v.string(),
  v.regex(/^\d+$/, SCRYPT_N_RULE),
  v.transform(Number),
  v.check((n) => n >= 2 ** 10 && n <= 2 ** 20 && Number.isInteger(Math.log2(n)), SCRYPT_N_RULE),
);

/** WORKERS: server processes (node:cluster); more than the machine's cores only adds switching. */
const WORKERS_RULE = 'must be a whole number from 1 to 64, e.g. 2';
const workers = v.pipe(
  v.string(),
  v.regex(/^\d{1,2}$/, WORKERS_RULE),
  v.transform(Number),
  v.minValue(1, WORKERS_RULE),
  v.maxValue(64, WORKERS_RULE),
);

/**
 * One process per core on PostgreSQL (ADR 0032); one on the embedded database, whose files only one
 * process may open (a second would corrupt them, so more is a configuration error).
 */
function loadWorkers(env: Env, database: string | undefined): number {
  const count = read(env, 'WORKERS', workers);
  if (database !== undefined) return count ?? Math.max(1, Math.min(64, os.availableParallelism()));
  if (count !== undefined && count > 1)
    throw new ConfigError('WORKERS', `must be 1 on the embedded database (got ${count}); set DATABASE_URL for more`);
  return 1;
}

/** PICKUP_CUTOFF_HOUR: 0 never offers today, 24 always does. */
const CUTOFF_RULE = 'must be a whole hour from 0 to 24 (Moscow time), e.g. 12';
const cutoffHour = v.pipe(
  v.string(),
  v.regex(/^\d{1,2}$/, CUTOFF_RULE),
  v.transform(Number),
  v.maxValue(24, CUTOFF_RULE),
);

/** Megabytes an account may upload a day; at most 2000, so a day's count fits the counters' integer. */
const DEFAULT_UPLOAD_DAILY_MB = 200;
const UPLOAD_DAILY_MB_RULE = 'must be a whole number of megabytes from 1 to 2000, e.g. 200';
const uploadDailyMb = v.pipe(
  v.string(),
  v.regex(/^\d+$/, UPLOAD_DAILY_MB_RULE),
  v.transform(Number),
  v.check((n) => n >= 1 && n <= 2000, UPLOAD_DAILY_MB_RULE),
);

/** User-triggered mails (codes, reset links, passwords) all processes may send in an hour. */
const DEFAULT_MAIL_HOURLY_BUDGET = 1000;
const MAIL_HOURLY_BUDGET_RULE = 'must be a whole number of mails from 1 to 1000000, e.g. 1000';
const mailHourlyBudget = v.pipe(
  v.string(),
  v.regex(/^\d+$/, MAIL_HOURLY_BUDGET_RULE),
  v.transform(Number),
  v.check((n) => n >= 1 && n <= 1_000_000, MAIL_HOURLY_BUDGET_RULE),
);

const mailFrom = v.pipe(
  v.string(),
  v.check(
    (value) => /[^\s<>@]+@[^\s<>@]+/.test(value),
    'must contain an e-mail address, e.g. "Сервисный центр <no-reply@example.ru>"',
  ),
  v.check((value) => !/[\r\n]/.test(value), 'must be one line'),
);

const tokens = v.pipe(
  v.string(),
  v.transform((value) =>
    value
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean),
  ),
  v.check(
    (list) => list.every((token) => token.length >= MIN_TOKEN_LENGTH),
    `every comma-separated token must be at least ${MIN_TOKEN_LENGTH} characters long`,
  ),
  v.check(
    (list) => list.every((token) => /^[\x21-\x7e]+$/.test(token)),
    'tokens may hold only printable ASCII without spaces',
  ),
);

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** An address literal as WHATWG URL writes a host ('[::1]' for IPv6), else the name as given. */
function canonicalHost(host: string): string {
  const bare = host.replace(/^\[|\]$/g, '');
  return isIP(bare) === 0 ? host : new URL(`http://${isIP(bare) === 6 ? `[${bare}]` : bare}`).hostname;
}

/**
 * Push service hosts: each allows its https subdomains of public addresses, and itself exactly
 * as named, even as plain http or an address on this machine (push-endpoint.ts, ADR 0041).
 */
const pushHosts = v.pipe(
  v.string(),
  v.transform((value) =>
    value
      .split(',')
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\*?\./, ''),
      )
      .filter(Boolean),
  ),
  v.check(
    (list) => list.every((host) => HOST_NAME.test(host) || isIP(host.replace(/^\[|\]$/g, '')) !== 0),
    'must be comma-separated host names or addresses, e.g. push.example.ru,127.0.0.1',
  ),
  v.transform((list) => list.map(canonicalHost)),
);

const flag = v.pipe(
  v.string(),
  v.transform((value) => value.trim().toLowerCase()),
  v.picklist(['1', '0', 'true', 'false'], 'must be 1, 0, true or false'),
  v.transform((value) => value === '1' || value === 'true'),
);

/** Parses one variable with a schema; an empty string counts as unset. */
function read<T>(env: Env, name: string, schema: v.GenericSchema<string, T>): T | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const result = v.safeParse(schema, raw.trim());
  if (!result.success) throw new ConfigError(name, `${result.issues[0].message} (got "${redact(name, raw)}")`);
  return result.output;
}

/** Never echo secrets back into logs: URLs lose their password, tokens and keys are hidden entirely. */
function redact(name: string, raw: string): string {
  if (name === 'INTEGRATION_TOKENS' || SECRET_SETTINGS.has(name) || name.endsWith('_SECRET') || name.endsWith('_KEY'))
    return '…';
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return raw.length > 80 ? `${raw.slice(0, 80)}…` : raw;
  }
}

/** GET /metrics's bearer (metrics/route.ts): long enough not to be guessed, one header's worth of ASCII. */
const metricsToken = v.pipe(
  v.string(),
  v.regex(/^[\x21-\x7e]{16,200}$/, 'must be 16 to 200 printable ASCII characters without spaces'),
);

const SECRET_SETTINGS = new Set([
  'METRICS_TOKEN',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_WEBHOOK_SECRET',
  'VAPID_PRIVATE_KEY',
  'S3_ACCESS_KEY_ID',
]);

const httpUrl = urlWithProtocols(['http:', 'https:'], 'an http:// or https:// URL');
const tilesTemplate = v.pipe(
  httpUrl,
  v.check(
    (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
    'must be a tile URL template with {z}, {x} and {y}',
  ),
);
const apiKey = v.pipe(v.string(), v.regex(/^[\x21-\x7e]{8,200}$/, 'must be 8 to 200 printable ASCII characters'));
/** One plain address (it goes into the rules text and a mailto: link). */
const supportEmail = v.pipe(
  v.string(),
  v.regex(/^[^\s<>@,;"]+@[^\s<>@,;"]+\.[^\s<>@,;"]+$/, 'must be one e-mail address, e.g. support@example.ru'),
);
/** One phone number to show and dial: digits, spaces, +, brackets and hyphens. */
const supportPhone = v.pipe(
  v.string(),
  v.regex(/^\+?[0-9][0-9 ()-]{4,28}[0-9]$/, 'must be one phone number, e.g. +7 495 123-45-67'),
);
const geoProvider = v.picklist(['osm', 'dadata-yandex'], 'must be osm or dadata-yandex');

/** Public services by default; each can point at a self-hosted instance or a test's fake. */
const GEO_DEFAULTS = {
  photonUrl: 'https://photon.komoot.io',
  nominatimUrl: 'https://nominatim.openstreetmap.org',
  dadataUrl: 'https://suggestions.dadata.ru',
  yandexGeocoderUrl: 'https://geocode-maps.yandex.ru',
  mapTilesUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
};

function loadGeoConfig(env: Env): GeoConfig {
  const provider = read(env, 'GEO_PROVIDER', geoProvider) ?? 'osm';
  const dadataApiKey = read(env, 'DADATA_API_KEY', apiKey);
  if (provider === 'dadata-yandex' && dadataApiKey === undefined)
    throw new ConfigError('DADATA_API_KEY', 'is required with GEO_PROVIDER=dadata-yandex');
  const url = (name: string, fallback: string) => (read(env, name, httpUrl) ?? fallback).replace(/\/+$/, '');
  return {
    provider,
    photonUrl: url('PHOTON_URL', GEO_DEFAULTS.photonUrl),
    nominatimUrl: url('NOMINATIM_URL', GEO_DEFAULTS.nominatimUrl),
    dadataUrl: url('DADATA_URL', GEO_DEFAULTS.dadataUrl),
    dadataApiKey,
    yandexGeocoderUrl: url('YANDEX_GEOCODER_URL', GEO_DEFAULTS.yandexGeocoderUrl),
    yandexGeocoderApiKey: read(env, 'YANDEX_GEOCODER_API_KEY', apiKey),
  };
}

const telegramBotToken = v.pipe(
  v.string(),
  v.regex(/^\d+:[\w-]{20,}$/, 'must be a bot token as @BotFather gives it, e.g. 123456:ABC-DEF…'),
);
const telegramBotName = v.pipe(
  v.string(),
  v.transform((value) => value.replace(/^@/, '')),
  v.regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "must be the bot's username, e.g. service_centre_bot"),
);
// Telegram allows 1–256 characters A-Z, a-z, 0-9, _ and - in setWebhook's secret_token.
const webhookSecret = v.pipe(
  v.string(),
  v.regex(/^[\w-]{16,256}$/, 'must be 16 to 256 characters of A-Z, a-z, 0-9, _ and -'),
);
const base64urlBytes = (bytes: number, what: string) =>
  v.pipe(
    v.string(),
    v.check(
      (value) => /^[\w-]+=*$/.test(value) && Buffer.from(value, 'base64url').length === bytes,
      `must be ${what}, base64url (web-push generate-vapid-keys)`,
    ),
  );

/** All four Telegram settings or none (then the bot is off); the API URL has a default. */
function loadTelegramConfig(env: Env): TelegramConfig | undefined {
  const botToken = read(env, 'TELEGRAM_BOT_TOKEN', telegramBotToken);
  const botName = read(env, 'TELEGRAM_BOT_NAME', telegramBotName);
  const secret = read(env, 'TELEGRAM_WEBHOOK_SECRET', webhookSecret);
  const apiUrl = (read(env, 'TELEGRAM_API_URL', httpUrl) ?? 'https://api.telegram.org').replace(/\/+$/, '');
  if (botToken === undefined && botName === undefined && secret === undefined) return undefined;
  if (botToken === undefined)
    throw new ConfigError('TELEGRAM_BOT_TOKEN', 'is required with the other TELEGRAM_* settings');
  if (botName === undefined) throw new ConfigError('TELEGRAM_BOT_NAME', 'is required with TELEGRAM_BOT_TOKEN');
  if (secret === undefined)
    throw new ConfigError(
      'TELEGRAM_WEBHOOK_SECRET',
      'is required with TELEGRAM_BOT_TOKEN (give the same to setWebhook as secret_token)',
    );
  return { botToken, botName, apiUrl, webhookSecret: secret };
}

function loadVapidKeys(env: Env): VapidKeys | undefined {
  const publicKey = read(env, 'VAPID_PUBLIC_KEY', base64urlBytes(65, 'an uncompressed P-256 public key (65 bytes)'));
  const privateKey = read(env, 'VAPID_PRIVATE_KEY', base64urlBytes(32, 'a P-256 private key (32 bytes)'));
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined) throw new ConfigError('VAPID_PUBLIC_KEY', 'is required with VAPID_PRIVATE_KEY');
  if (privateKey === undefined) throw new ConfigError('VAPID_PRIVATE_KEY', 'is required with VAPID_PUBLIC_KEY');
  return { publicKey, privateKey };
}

export function loadConfig(env: Env = process.env): Config {
  const portNumber = read(env, 'PORT', port) ?? 8080;
  const dataDir = path.resolve(read(env, 'DATA_DIR', v.string()) ?? './data');
  const database = read(env, 'DATABASE_URL', databaseUrl);
  const publicAddress = (read(env, 'PUBLIC_URL', publicUrl) ?? `http://localhost:${portNumber}`).replace(/\/+$/, '');
  const smtp = read(env, 'SMTP_URL', smtpUrl);
  const from = read(env, 'MAIL_FROM', mailFrom) ?? DEFAULT_MAIL_FROM;
  const integrationTokens = read(env, 'INTEGRATION_TOKENS', tokens) ?? [];
  // Demo data only where it cannot hurt: the embedded database, unless asked explicitly.
  const seedDemo = read(env, 'SEED_DEMO', flag) ?? database === undefined;
  // Off unless asked: without a proxy in front, X-Forwarded-For is whatever the caller wants it to be.
  const trustProxy = read(env, 'TRUST_PROXY', flag) ?? false;

  return {
    port: portNumber,
    dataDir,
    uploadDailyBytes: (read(env, 'UPLOAD_DAILY_MB', uploadDailyMb) ?? DEFAULT_UPLOAD_DAILY_MB) * 1024 * 1024,
    s3: loadS3Settings(env),
    filesDir: path.resolve(read(env, 'FILES_DIR', v.string()) ?? path.join(dataDir, 'files')),
    databaseUrl: database,
    workers: loadWorkers(env, database),
    publicUrl: publicAddress,
    smtpUrl: smtp,
    mailFrom: from,
    mailHourlyBudget: read(env, 'MAIL_HOURLY_BUDGET', mailHourlyBudget) ?? DEFAULT_MAIL_HOURLY_BUDGET,
    integrationTokens,
    seedDemo,
    secure: new URL(publicAddress).protocol === 'https:',
    clientDir: path.join(projectRoot, 'dist', 'client'),
    sourceMapDir: path.join(projectRoot, 'dist', 'client-maps'),
    trustProxy,
    geo: loadGeoConfig(env),
    mapTilesUrl: read(env, 'MAP_TILES_URL', tilesTemplate) ?? GEO_DEFAULTS.mapTilesUrl,
    mainSiteUrl: read(env, 'MAIN_SITE_URL', httpUrl)?.replace(/\/+$/, ''),
    telegram: loadTelegramConfig(env),
    vapid: loadVapidKeys(env),
    kavo: loadKavoConfig(env),
    // Where users write: the contacts page and the mails' Reply-To (unset: the central office's e-mail).
    supportEmail: read(env, 'SUPPORT_EMAIL', supportEmail),
    supportPhone: read(env, 'SUPPORT_PHONE', supportPhone),
    scryptN: read(env, 'SCRYPT_N', scryptN),
    pushServiceHosts: read(env, 'PUSH_SERVICE_HOSTS', pushHosts),
    pickupCutoffHour: read(env, 'PICKUP_CUTOFF_HOUR', cutoffHour) ?? DEFAULT_PICKUP_CUTOFF_HOUR,
    payee: loadPayee(env),
    deviceCookieKey: read(env, 'DEVICE_COOKIE_KEY', tokenKey),
    mailQueueKey: read(env, 'MAIL_QUEUE_KEY', tokenKey),
    metricsToken: read(env, 'METRICS_TOKEN', metricsToken),
    metricsPort: read(env, 'METRICS_PORT', port),
    backup: loadBackupConfig(env, dataDir),
  };
}

// Backups (ADR 0044): the embedded portal backs itself up on a schedule into BACKUP_DIR.
const EVERY_HOURS_RULE = 'must be a whole number of hours from 0 (off) to 8760, e.g. 24';
const everyHours = v.pipe(
  v.string(),
  v.regex(/^\d{1,4}$/, EVERY_HOURS_RULE),
  v.transform(Number),
  v.maxValue(8760, EVERY_HOURS_RULE),
);
const KEEP_RULE = 'must be a whole number of archives from 1 to 1000, e.g. 7';
const keep = v.pipe(
  v.string(),
  v.regex(/^\d{1,4}$/, KEEP_RULE),
  v.transform(Number),
  v.minValue(1, KEEP_RULE),
  v.maxValue(1000, KEEP_RULE),
);

function loadBackupConfig(env: Env, dataDir: string): BackupConfig {
  return {
    dir: path.resolve(read(env, 'BACKUP_DIR', v.string()) ?? path.join(dataDir, 'backups')),
    everyHours: read(env, 'BACKUP_EVERY_HOURS', everyHours) ?? 24,
    keep: read(env, 'BACKUP_KEEP', keep) ?? 7,
    key: read(env, 'BACKUP_KEY', tokenKey),
  };
}

// S3-compatible object storage for the file store (ADR 0025): all five settings or none.
const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'] as const;
const s3Bucket = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name: 3 to 63 characters of a-z, 0-9, . and -'),
);
const s3Region = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9-]{2,40}$/, 'must be a region name, e.g. us-east-1 or ru-central1'),
);
const s3Secret = v.pipe(
  v.string(),
  v.regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 printable ASCII characters without spaces'),
);

function loadS3Settings(env: Env): S3Settings | undefined {
  const endpoint = read(env, 'S3_ENDPOINT', httpUrl);
  const bucket = read(env, 'S3_BUCKET', s3Bucket);
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID', s3Secret);
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY', s3Secret);
  const region = read(env, 'S3_REGION', s3Region);
  const given = [endpoint, bucket, accessKeyId, secretAccessKey, region];
  if (given.every((value) => value === undefined)) return undefined;
  const missing = S3_SETTINGS.find((_, index) => given[index] === undefined);
  if (missing) throw new ConfigError(missing, `is required with the other S3_* settings (${S3_SETTINGS.join(', ')})`);
  return {
    endpoint: endpoint!.replace(/\/+$/, ''),
    bucket: bucket!,
    accessKeyId: accessKeyId!,
    secretAccessKey: secretAccessKey!,
    region: region!,
  };
}

// The payee's requisites (ADR 0028): the bank payment QR on Счета. All seven or none (then no
// payment block anywhere); each checked as a payment order would be, the accounts against the BIC,
// so a mistyped digit stops the start rather than sending a clinic's money to a wrong account.

/**
 * Control characters (C0, DEL, C1 such as NEL), format ones (bidi controls, zero-width, BOM), line and
 * paragraph separators and lone surrogates: invisible on the bill, or a new line in the QR's text.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/** One printable line without '|' (the QR's separator), of at most `max` characters counted as code points, as a bank app reads them. */
const oneLine = (max: number) =>
  v.pipe(
    v.string(),
    v.check((value) => !value.includes('|') && !UNPRINTABLE.test(value), 'must be one printable line without "|"'),
    v.check((value) => [...value].length <= max, `must be at most ${max} characters (ГОСТ Р 56042-2014)`),
  );
const innSetting = v.pipe(v.string(), v.check(isValidInn, 'must be an INN of 10 or 12 digits with valid check digits'));
const kppSetting = v.pipe(v.string(), v.check(isValidKpp, 'must be a KPP of 9 characters, e.g. 773601001'));
const bicSetting = v.pipe(v.string(), v.check(isValidBic, 'must be a BIC of 9 digits, e.g. 044525225'));
const accountDigits = v.pipe(v.string(), v.regex(/^\d{20}$/, 'must be 20 digits'));

const PAYEE_SETTINGS = [
  'PAYEE_NAME',
  'PAYEE_INN',
  'PAYEE_KPP',
  'PAYEE_ACCOUNT',
  'PAYEE_BANK',
  'PAYEE_BIC',
  'PAYEE_CORR_ACCOUNT',
] as const;

function loadPayee(env: Env): Payee | undefined {
  const name = read(env, 'PAYEE_NAME', oneLine(PAYEE_NAME_MAX));
  const inn = read(env, 'PAYEE_INN', innSetting);
  const kpp = read(env, 'PAYEE_KPP', kppSetting);
  const account = read(env, 'PAYEE_ACCOUNT', accountDigits);
  const bank = read(env, 'PAYEE_BANK', oneLine(PAYEE_BANK_MAX));
  const bic = read(env, 'PAYEE_BIC', bicSetting);
  const corrAccount = read(env, 'PAYEE_CORR_ACCOUNT', accountDigits);
  const values = {
    PAYEE_NAME: name,
    PAYEE_INN: inn,
    PAYEE_KPP: kpp,
    PAYEE_ACCOUNT: account,
    PAYEE_BANK: bank,
    PAYEE_BIC: bic,
    PAYEE_CORR_ACCOUNT: corrAccount,
  };
  const missing = PAYEE_SETTINGS.filter((setting) => values[setting] === undefined);
  if (missing.length === PAYEE_SETTINGS.length) return undefined;
  if (missing.length > 0)
    throw new ConfigError(
      missing[0]!,
      `is required with the other PAYEE_* settings (all seven or none): ${PAYEE_SETTINGS.join(', ')}`,
    );
  if (!isValidAccount(account!, bic!))
    throw new ConfigError(
      'PAYEE_ACCOUNT',
      `fails the control key against PAYEE_BIC ${bic} (a digit mistyped, or another bank's BIC)`,
    );
  if (!isValidCorrAccount(corrAccount!, bic!))
    throw new ConfigError(
      'PAYEE_CORR_ACCOUNT',
      `must be the bank's correspondent account 301…, whose control key holds against PAYEE_BIC ${bic}`,
    );
  const payee = {
    name: name!,
    inn: inn!,
    kpp: kpp!,
    account: account!,
    bank: bank!,
    bic: bic!,
    corr_account: corrAccount!,
  };
  const bytes = mandatoryBlockBytes(payee);
  if (bytes > MANDATORY_BLOCK_MAX_BYTES)
    throw new ConfigError(
      'PAYEE_NAME',
      `makes the payment QR's mandatory block (the header, name, accounts, bank and BIC) ${bytes} bytes in UTF-8, over the ${MANDATORY_BLOCK_MAX_BYTES} some bank apps read: shorten the name (a Cyrillic letter takes 2 bytes), e.g. to the short name of the organisation`,
    );
  return payee;
}

// KAVO ID (API.md §Accounts): an OpenID Connect provider. Its three settings come together or not
// at all; plain http only for a provider on this machine (a test's, a developer's).

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const issuerUrl = v.pipe(
  httpUrl,
  v.check((value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
  }, 'must be an https:// URL (http:// only for localhost)'),
  v.check((value) => !/[?#]/.test(value), 'must be the issuer identifier, without a query or fragment'),
);
const clientCredential = v.pipe(
  v.string(),
  v.regex(/^[\x21-\x7e]{1,500}$/, 'must be 1 to 500 printable ASCII characters without spaces'),
);
/** 32 bytes, as 64 hex digits or base64 (44 characters). */
const tokenKey = v.pipe(
  v.string(),
  v.transform((value) =>
    /^[0-9a-f]{64}$/i.test(value)
      ? Buffer.from(value, 'hex')
      : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
        ? Buffer.from(value, 'base64')
        : null,
  ),
  v.check(
    (key) => key !== null && key.length === 32,
    'must be 32 bytes as 64 hex digits or base64, e.g. made by `openssl rand -base64 32`',
  ),
  v.transform((key) => key as Buffer),
);

function loadKavoConfig(env: Env): KavoConfig | undefined {
  const issuer = read(env, 'KAVO_ISSUER_URL', issuerUrl);
  const clientId = read(env, 'KAVO_CLIENT_ID', clientCredential);
  const clientSecret = read(env, 'KAVO_CLIENT_SECRET', clientCredential);
  const key = read(env, 'KAVO_TOKEN_KEY', tokenKey);
  if (issuer === undefined && clientId === undefined && clientSecret === undefined) return undefined;
  const together = 'is required when any of KAVO_ISSUER_URL, KAVO_CLIENT_ID, KAVO_CLIENT_SECRET is set';
  if (issuer === undefined) throw new ConfigError('KAVO_ISSUER_URL', together);
  if (clientId === undefined) throw new ConfigError('KAVO_CLIENT_ID', together);
  if (clientSecret === undefined) throw new ConfigError('KAVO_CLIENT_SECRET', together);
  // The issuer exactly as given: discovery checks it against the provider's own `issuer`.
  return { issuerUrl: issuer, clientId, clientSecret, tokenKey: key };
}
