import type { AccountKind } from '#shared/api/account-kinds.ts';
import type { AccessLevel } from '#shared/screens/access-levels.ts';
import type { Ticket } from '#shared/api/tickets.ts';
import type { Payee } from '#shared/payment/requisites.ts';
import type { Database } from './db/client.ts';
import type { GeoProvider } from './geo/provider.ts';
import type { FileStore } from './storage/file-store.ts';

/** Validated settings; `env.ts` is the only reader of process.env and produces this. */
export interface Config {
  port: number;
  dataDir: string;
  /** FILES_DIR: the folder of the file store (storage/folder-store.ts); default DATA_DIR/files. */
  filesDir: string;
  /** S3-compatible object storage for the file store (S3_* settings); unset: the folder FILES_DIR. */
  s3?: S3Settings | undefined;
  /** UPLOAD_DAILY_MB in bytes: what one account may upload a day (photos), checked before a body is read. */
  uploadDailyBytes: number;
  /** MAIL_HOURLY_BUDGET: user-triggered mails all processes together may send in an hour (services/accounts/mail-budget.ts). */
  mailHourlyBudget: number;
  databaseUrl: string | undefined;
  /** When a process refuses API requests with 503 (middleware/load-shedding.ts); tests lower them. */
  loadLimits?: LoadLimits | undefined;
  /** WORKERS: server processes started with node:cluster (index.ts, ADR 0032); 1 on the embedded database. */
  workers?: number | undefined;
  /** The portal's address as users see it; links in e-mails are built on it. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  integrationTokens: string[];
  seedDemo: boolean;
  /** Cookies get `Secure` and responses HSTS when the portal is served over HTTPS. */
  secure: boolean;
  /** Where the built PWA is, served as static files. */
  clientDir: string;
  /** Where the build keeps the PWA's source maps, never served; client errors' stacks are mapped with them. */
  sourceMapDir?: string | undefined;
  /**
   * Behind a reverse proxy or load balancer every request comes from its address; when set, the
   * client's address is taken from the X-Forwarded-For entry the proxy appended (rate limits).
   */
  trustProxy: boolean;
  /** The geo provider and its services (API.md §Places). */
  geo: GeoConfig;
  /** The map's tile template, `{z}/{x}/{y}`; its attribution is shown on the map. */
  mapTilesUrl: string;
  /** The company's main site (MAIN_SITE_URL): the spec's links to its sections; unset hides them. */
  mainSiteUrl?: string | undefined;
  /** SUPPORT_EMAIL: where users write (the contacts page, the mails' Reply-To); unset: the central office's e-mail. */
  supportEmail?: string | undefined;
  /** SUPPORT_PHONE: the service centre's phone for users (the courier's 'Ещё'); unset: the central office's. */
  supportPhone?: string | undefined;
  /** The Telegram bot (API.md §Notifications); unset: no bot block and no chats. */
  telegram?: TelegramConfig;
  /** Web Push keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; unset: made once and kept in DATA_DIR (delivery/vapid-keys.ts). */
  vapid?: VapidKeys;
  /** KAVO ID, the provider identity (API.md §Accounts); undefined when the KAVO_* settings are unset. */
  kavo: KavoConfig | undefined;
  /**
   * SCRYPT_N: scrypt's N for the passwords hashed from now on; unset: OWASP's 2^17. A stored hash
   * carries its own parameters and is checked with them.
   */
  scryptN?: number | undefined;
  /** PUSH_SERVICE_HOSTS: host suffixes of push services beyond the browsers' own (delivery/push-endpoint.ts). */
  pushServiceHosts?: string[] | undefined;
  /** PICKUP_CUTOFF_HOUR: from this Moscow hour today is no longer offered as a pickup day; unset: 12. */
  pickupCutoffHour?: number | undefined;
  /** PAYEE_*: the requisites of the bills' payment QR (ADR 0028); undefined: no payment block. */
  payee?: Payee | undefined;
  /**
   * DEVICE_COOKIE_KEY: the HMAC key of the login device cookies (services/accounts/login-devices.ts); unset:
   * made once and kept in DATA_DIR. Processes behind one balancer must share it (or the DATA_DIR).
   */
  deviceCookieKey?: Buffer | undefined;
  /**
   * MAIL_QUEUE_KEY: the AES-256 key of the e-mails waiting in the outbox (ADR 0045); unset: made once
   * and kept in DATA_DIR. Processes on one PostgreSQL must share it (or the DATA_DIR).
   */
  mailQueueKey?: Buffer | undefined;
  /** METRICS_TOKEN: the bearer GET /metrics asks for (metrics/route.ts); unset: no /metrics on the main port. */
  metricsToken?: string | undefined;
  /** METRICS_PORT: GET /metrics without a token on 127.0.0.1 at this port (metrics/port.ts). */
  metricsPort?: number | undefined;
  /** BACKUP_*: where and how often the embedded portal backs itself up (backup/schedule.ts, ADR 0044). */
  backup?: BackupConfig | undefined;
}

export interface BackupConfig {
  /** BACKUP_DIR: the scheduled archives; default DATA_DIR/backups. */
  dir: string;
  /** BACKUP_EVERY_HOURS: 0 turns the schedule off. */
  everyHours: number;
  /** BACKUP_KEEP: the newest archives kept; older scheduled ones are deleted. */
  keep: number;
  /** BACKUP_KEY: AES-256-GCM key of the archives; unset: not encrypted. */
  key: Buffer | undefined;
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface TelegramConfig {
  botToken: string;
  /** The bot's username without '@', for the t.me start link. */
  botName: string;
  apiUrl: string;
  /** What Telegram sends in X-Telegram-Bot-Api-Secret-Token (setWebhook's secret_token). */
  webhookSecret: string;
}

/** base64url: the public key an uncompressed P-256 point (65 bytes), the private key its 32-byte scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** An OpenID Connect provider and this portal's client at it (services/kavo/oidc.ts). */
export interface KavoConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** KAVO_TOKEN_KEY: the AES-256 key of the stored tokens; unset: made once and kept in DATA_DIR. */
  tokenKey: Buffer | undefined;
}

export interface GeoConfig {
  provider: 'osm' | 'dadata-yandex';
  photonUrl: string;
  nominatimUrl: string;
  dadataUrl: string;
  dadataApiKey: string | undefined;
  yandexGeocoderUrl: string;
  yandexGeocoderApiKey: string | undefined;
}

export interface MailMessage {
  /** What the mail is (e.g. `registration-code`): logged when it fails, where the content never is. */
  kind?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Resolves once the message is handed over (SMTP) or written to `DATA_DIR/outbox/` as `.eml`. */
  send(message: MailMessage): Promise<void>;
}

export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** Saturation, for load shedding (middleware/load-shedding.ts). */
export interface LoadLimits {
  /** API requests in flight in this process from which more are refused. */
  maxInFlight: number;
  /** How late the event loop may be (ms) … */
  maxLoopDelayMs: number;
  /** … or how long the queue's expected wait (in flight ÷ the rate requests finish at) may be (ms) … */
  maxWaitMs: number;
  /** … once this many API requests are in flight. */
  busyInFlight: number;
}

/** Everything a request handler may use; built once at boot (or per test). */
export interface AppDeps {
  config: Config;
  database: Database;
  /** The bytes of uploaded files (ADR 0025); the `files` rows name them. */
  files: FileStore;
  mailer: Mailer;
  log: Logger;
  /** Password hashing with its cost and concurrency cap (services/accounts/passwords.ts). */
  passwords: PasswordHasher;
  /** Ticket PDFs: rendered off the event loop, one at a time, cached by content (services/tickets/pdfs.ts). */
  ticketPdfs: TicketPdfs;
  /** The geo provider GEO_PROVIDER names (src/server/geo); services/places/geo.ts caches and limits it. */
  geo: GeoProvider;
  /** Injectable clock so expiry rules can be tested without waiting. */
  now(): Date;
  /** The scheduled backups (backup/schedule.ts), for /healthz's last_backup_at; unset: none known. */
  backups?: { lastBackupAt(): Date | null } | undefined;
}

/** Password hashing with its cost and concurrency cap; made by services/accounts/passwords.ts. */
export interface PasswordHasher {
  hash(plain: string): Promise<string>;
  /** Against `stored`, or with null (no such account) against a dummy hash, so both take the same time. */
  verify(plain: string, stored: string | null): Promise<boolean>;
}

/** A ticket's PDF and its ETag; see services/tickets/pdfs.ts. */
export interface TicketPdfs {
  /** The ETag the ticket's PDF has (its content hash): a matching If-None-Match needs no drawing. */
  etagOf(ticket: Ticket): string;
  /** `beforeDrawing` runs only when the PDF is not in memory yet (a throttle that spares cached answers). */
  render(ticket: Ticket, beforeDrawing?: () => Promise<unknown>): Promise<{ etag: string; data: Buffer }>;
  close(): Promise<void>;
}

/** Draws ticket PDFs (pdf/ticket-pdf-renderer.ts): a worker thread in the server. */
export interface TicketPdfRenderer {
  render(ticket: Ticket): Promise<Buffer>;
  close(): Promise<void>;
}

export interface SessionInfo {
  tokenHash: string;
  clientId: number;
  /** A clinic's account or a courier's (ADR 0042): middleware/account-kind.ts fences each to its own calls. */
  kind: AccountKind;
  csrfToken: string;
  /**
   * The accounts that granted this one access (account_accesses) and at which level, read in the same
   * statement as the session itself at the start of this request (middleware/session-cookie.ts);
   * absent where the session was started by this request. Never kept beyond the request: a
   * revocation or a lowered level counts from the next one. Services read them through
   * services/access/levels.ts's viewerOf(), which keeps those whose level gives the call's scope.
   */
  grants?: readonly Grant[];
}

/** One clinic's access given to the session's account (ADR 0049). */
export interface Grant {
  ownerId: number;
  level: AccessLevel;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    session: SessionInfo | null;
    /** X-Request-Id (middleware/request-log.ts): in every log line and in a 500's answer. */
    requestId: string;
    /** What made the answer a 500 (app.ts onError): the request's log line carries it. */
    error?: unknown;
  };
};
