// A whole server in memory for tests: fresh database, outbox mailer in a temp dir, silent logger,
// a clock tests can move, and a `request` helper that behaves like a browser tab (cookies, Origin,
// CSRF header). Set TEST_DATABASE_URL (an admin connection, e.g. postgres://postgres@localhost/postgres)
// to run against PostgreSQL: each test app gets its own throw-away database.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Hono } from 'hono';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { CSRF_HEADER } from '../../src/shared/api/headers.ts';
import type { AppDeps, AppEnv, Config, PasswordHasher } from '../../src/server/context.ts';
import { openPostgres, pgliteDatabase, type Database, type Db } from '../../src/server/db/client.ts';
import { makeGeoProvider } from '../../src/server/geo/make-provider.ts';
import { workAfterAnswers } from '../../src/server/lib/after-answer.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { createDeliveryLoop } from '../../src/server/services/notifications/delivery-loop.ts';
import { sameThreadRenderer } from '../../src/server/pdf/ticket-pdf-renderer.ts';
import { createPasswordHasher, TEST_COST } from '../../src/server/services/accounts/passwords.ts';
import { createTicketPdfs } from '../../src/server/services/tickets/pdfs.ts';
import { createSupportAddress } from '../../src/server/services/places/contacts.ts';
import { makeFileStore } from '../../src/server/storage/make-store.ts';
import {
  latestOutboxMessage,
  listOutbox,
  outboxMessagesFor,
  readOutboxFile,
  type OutboxMessage,
} from './outbox-reader.ts';

export const TEST_INTEGRATION_TOKEN = 'test-integration-token-0123456789';
export const TEST_PUBLIC_URL = 'http://localhost:8080';
const UNREACHABLE = 'http://127.0.0.1:9';

export interface TestAppOptions {
  /** Start the clock frozen at this time (otherwise it follows real time until setNow/advance). */
  now?: Date | string | number;
  /** Overrides of the test config (e.g. clientDir for static tests, secure: true). */
  config?: Partial<Config>;
  /** Fill the database with the demo world (src/server/db/seed.ts). Slow-ish: hashes a password. */
  seed?: boolean;
  /** Another password hasher (e.g. a tiny queue to see a burst refused); cheap and wide by default. */
  passwords?: PasswordHasher;
  /** A database already made (a restored or moved one, as `npm start` would open it); closed with the app. */
  database?: { database: Database; url: string | undefined };
}

export interface TestRequestInit extends Omit<RequestInit, 'body'> {
  body?: RequestInit['body'];
  /** Sent as a JSON body with Content-Type application/json. */
  json?: unknown;
  /** Send the remembered CSRF token on state-changing methods (default true), or this exact token. */
  csrf?: boolean | string;
  /** The Origin header for state-changing methods: the portal's own by default; null sends none. */
  origin?: string | null;
  /** Keep and send cookies (default true). */
  cookies?: boolean;
}

export interface TestApp {
  app: Hono<AppEnv>;
  deps: AppDeps;
  db: Db;
  config: Config;
  /** Browser-like request: path relative to the portal, cookies kept, Origin and CSRF header added. */
  request(pathname: string, init?: TestRequestInit): Promise<Response>;
  /** Integration API call with the test bearer token; `json` as the body. */
  integration(pathname: string, init?: TestRequestInit & { token?: string | null }): Promise<Response>;
  cookies: CookieJar;
  /** The CSRF token last seen in a JSON answer's `csrf_token` (like the client's http.ts keeps it). */
  csrfToken: string | undefined;
  setNow(time: Date | string | number): void;
  advance(ms: number): void;
  outbox: {
    dir: string;
    all(): Promise<OutboxMessage[]>;
    for(address: string): Promise<OutboxMessage[]>;
    latest(address: string): Promise<OutboxMessage | undefined>;
    clear(): void;
    /**
     * Sends the e-mails waiting in the deliveries outbox now (ADR 0045), as the server's delivery
     * loop does every second; the readers above call it first. Resolves to how many it tried.
     */
    deliver(): Promise<number>;
  };
  /** Every log line written, parsed (the logger prints nothing). */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** A minimal cookie jar: name → value, honouring Max-Age=0 / past Expires as deletion. */
export class CookieJar {
  private readonly values = new Map<string, string>();

  get(name: string): string | undefined {
    return this.values.get(name);
  }
  set(name: string, value: string): void {
    this.values.set(name, value);
  }
  delete(name: string): void {
    this.values.delete(name);
  }
  clear(): void {
    this.values.clear();
  }
  header(): string | undefined {
    if (this.values.size === 0) return undefined;
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(response: Response, now: Date): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=').map((s) => s.trim());
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(val) <= now.getTime()) expired = true;
      }
      if (expired) this.values.delete(name);
      else this.values.set(name, value);
    }
  }
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const outboxDir = path.join(dataDir, 'outbox');
  // A PostgreSQL database is migrated here; a PGlite one is a copy of a migrated one.
  const given = options.database;
  const opened: OpenedDatabase = given ? { ...given, close: () => given.database.close() } : await openTestDatabase();
  if (opened.url !== undefined && !given) await opened.database.migrate();

  let frozen: number | undefined = options.now === undefined ? undefined : new Date(options.now).getTime();
  const now = () => new Date(frozen ?? Date.now());

  const logs: Array<Record<string, unknown>> = [];
  const log = createLogger((line) => logs.push(JSON.parse(line) as Record<string, unknown>));

  const config: Config = {
    port: 0,
    dataDir,
    // Each app its own store in its temp DATA_DIR: removed with it at close, never shared with the next app.
    filesDir: path.join(dataDir, 'files'),
    uploadDailyBytes: 200 * 1024 * 1024,
    mailHourlyBudget: 1000,
    databaseUrl: opened.url,
    publicUrl: TEST_PUBLIC_URL,
    smtpUrl: undefined,
    mailFrom: 'Сервисный центр <no-reply@localhost>',
    integrationTokens: [TEST_INTEGRATION_TOKEN],
    seedDemo: false,
    secure: false,
    clientDir: path.join(dataDir, 'client'),
    trustProxy: false,
    // Nothing listens on port 9: a test that needs a geo service starts a fake (tests/setup/geo-fakes.ts).
    geo: {
      provider: 'osm',
      photonUrl: UNREACHABLE,
      nominatimUrl: UNREACHABLE,
      dadataUrl: UNREACHABLE,
      dadataApiKey: undefined,
      yandexGeocoderUrl: UNREACHABLE,
      yandexGeocoderApiKey: undefined,
    },
    mapTilesUrl: 'http://tiles.invalid/{z}/{x}/{y}.png',
    // KAVO ID tests start a real OIDC provider and pass its issuer (tests/setup/kavo-provider.ts).
    kavo: undefined,
    // Tests fire bursts of their own on a shared machine: no shedding unless a test asks for it.
    loadLimits: { maxInFlight: Infinity, maxLoopDelayMs: Infinity, maxWaitMs: Infinity, busyInFlight: Infinity },
    ...options.config,
  };
  const supportAddress = createSupportAddress(config, opened.database.db);
  const mailer = createMailer({
    smtpUrl: undefined,
    from: config.mailFrom,
    outboxDir,
    log,
    replyTo: () => supportAddress.current(),
  });
  // Cheap hashing (same algorithm and format): full cost is paid only in passwords.test.ts.
  const passwords = options.passwords ?? createPasswordHasher({ cost: TEST_COST, concurrency: 4 });
  // PDFs on the test's own thread (a worker thread cannot load the TypeScript sources).
  const ticketPdfs = createTicketPdfs(sameThreadRenderer());
  const geo = makeGeoProvider(config);
  const files = makeFileStore(config);
  const deps: AppDeps = { config, database: opened.database, files, mailer, log, passwords, ticketPdfs, geo, now };

  if (options.seed) {
    const { seedDemo } = await import('../../src/server/db/seed.ts');
    await seedDemo(opened.database.db, files, now(), passwords.hash);
  }

  const app = createApp(deps);
  const cookies = new CookieJar();
  // Mail only: a test of Telegram or Web Push runs those rows itself and counts their tries.
  const mailLoop = createDeliveryLoop(deps);
  const deliverMail = async (): Promise<number> => {
    await workAfterAnswers();
    let tried = 0;
    for (let batch = await mailLoop.runOnce('email'); batch > 0; batch = await mailLoop.runOnce('email'))
      tried += batch;
    return tried;
  };

  const testApp: TestApp = {
    app,
    deps,
    db: opened.database.db,
    config,
    cookies,
    csrfToken: undefined,
    logs,
    async request(pathname, init = {}) {
      const { json, csrf = true, origin, cookies: useCookies = true, ...rest } = init;
      const headers = new Headers(rest.headers);
      const method = (rest.method ?? 'GET').toUpperCase();
      const changesState = method !== 'GET' && method !== 'HEAD';
      let body = rest.body;
      if (json !== undefined) {
        body = JSON.stringify(json);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
      if (useCookies) {
        const cookieHeader = cookies.header();
        if (cookieHeader && !headers.has('cookie')) headers.set('cookie', cookieHeader);
      }
      if (changesState) {
        const originValue = origin === undefined ? new URL(config.publicUrl).origin : origin;
        if (originValue !== null && !headers.has('origin')) headers.set('origin', originValue);
        const token = typeof csrf === 'string' ? csrf : csrf ? testApp.csrfToken : undefined;
        if (token && !headers.has(CSRF_HEADER)) headers.set(CSRF_HEADER, token);
      }
      const response = await app.request(new URL(pathname, config.publicUrl).toString(), {
        ...rest,
        method,
        headers,
        body: body ?? null,
      });
      if (useCookies) cookies.store(response, now());
      await rememberCsrfToken(response, (token) => (testApp.csrfToken = token));
      return response;
    },
    integration(pathname, init = {}) {
      const { token = TEST_INTEGRATION_TOKEN, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token !== null) headers.set('authorization', `Bearer ${token}`);
      const url = pathname.startsWith('/api/') ? pathname : `/api/v1${pathname.startsWith('/') ? '' : '/'}${pathname}`;
      return testApp.request(url, { ...rest, headers, cookies: false, csrf: false, origin: null });
    },
    setNow(time) {
      frozen = new Date(time).getTime();
    },
    advance(ms) {
      frozen = (frozen ?? Date.now()) + ms;
    },
    outbox: {
      dir: outboxDir,
      // A queued mail (ADR 0045) is read once it has gone, as a user would see it a moment later.
      all: async () => (await deliverMail(), Promise.all(listOutbox(outboxDir).map(readOutboxFile))),
      for: async (address) => (await deliverMail(), outboxMessagesFor(outboxDir, address)),
      latest: async (address) => (await deliverMail(), latestOutboxMessage(outboxDir, address)),
      clear: () => rmSync(outboxDir, { recursive: true, force: true }),
      deliver: deliverMail,
    },
    async close() {
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

async function rememberCsrfToken(response: Response, remember: (token: string) => void): Promise<void> {
  if (!response.headers.get('content-type')?.includes('application/json')) return;
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === 'object' && 'csrf_token' in body && typeof body.csrf_token === 'string') {
      remember(body.csrf_token);
    }
  } catch {
    // Not JSON after all: nothing to remember.
  }
}

interface OpenedDatabase {
  database: Database;
  url: string | undefined;
  close(): Promise<void>;
}

/**
 * Copies of the migrated schema this worker's test apps have finished with, emptied for the next one:
 * loading a copy from the dump costs about 0.5 s of CPU, emptying one about 20 ms (ADR 0004).
 */
const idleCopies: PGlite[] = [];

/**
 * A PGlite copy of the schema the server project's global setup migrated once for the whole run
 * (tests/setup/server-global-setup.ts); created and migrated here when there is none.
 */
async function migratedPglite(): Promise<PGlite> {
  const idle = idleCopies.pop();
  if (idle) return idle;
  const dumpFile = inject('migratedPgliteDump');
  if (dumpFile) return PGlite.create({ loadDataDir: new Blob([readFileSync(dumpFile)]) });
  const client = await PGlite.create();
  await pgliteDatabase(client).migrate();
  return client;
}

/**
 * Empties a copy as the migrations left it (they write no rows; drizzle's own journal is in its own
 * schema) and puts it back for the next test app. A copy that cannot be emptied is closed instead.
 */
async function recycle(client: PGlite): Promise<void> {
  try {
    await client.exec(await emptyingStatement(client));
    // Not in the same exec: `discard all` refuses to run inside the implicit transaction of several statements.
    await client.exec('discard all');
    idleCopies.push(client);
  } catch {
    await client.close();
  }
}

/** Every copy has the same tables: the statement that empties them is read once per worker. */
let emptying: Promise<string> | undefined;
function emptyingStatement(client: PGlite): Promise<string> {
  emptying ??= client
    .query<{ tables: string }>(
      `select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables from pg_tables where schemaname = 'public'`,
    )
    .then(({ rows }) => `truncate ${rows[0]!.tables} restart identity cascade`);
  return emptying;
}

/**
 * The copy as one test app sees it: once the app is closed, anything of it still running (a timer, a
 * request it did not await) fails on a revoked handle instead of reaching the next app's data.
 */
function revocableHandle(client: PGlite): { handle: PGlite; revoke: () => void } {
  const { proxy, revoke } = Proxy.revocable(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { handle: proxy, revoke };
}

async function openTestDatabase(): Promise<OpenedDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const client = await migratedPglite();
    const { handle, revoke } = revocableHandle(client);
    const database = pgliteDatabase(handle);
    let closed = false;
    const close = async () => {
      // A second close must not put the same copy back twice: two apps would then share it.
      if (closed) return;
      closed = true;
      revoke();
      await recycle(client);
    };
    return { database: { ...database, close }, url: undefined, close };
  }
  // One throw-away database per test app, so test files can run in parallel without sharing rows.
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 4 });
  return {
    database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}
