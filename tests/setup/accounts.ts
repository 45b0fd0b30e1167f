// Account fixtures for the server tests: accounts inserted directly (fast) or registered through
// the real two-stage flow, and the secrets read back from the outbox like a user would.
import { clients } from '../../src/server/db/schema/accounts.ts';
import { hashPassword, TEST_COST } from '../../src/server/services/accounts/passwords.ts';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { DAY_MS } from '#shared/durations.ts';

let counter = 0;

/** A fresh address per call, so tests sharing one app never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@clinic.test`;
}

export function registrationForm(email: string) {
  return {
    firstname: 'Иван',
    lastname: 'Петров',
    phone: '+7 (912) 345-67-89',
    clinicName: 'Улыбка',
    city: 'Москва',
    email,
    approvalPolicy: true,
  };
}

// Hashed at the test apps' cost (tests/setup/test-app.ts), once per password and test file.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password, TEST_COST);
    hashes.set(password, hash);
  }
  return hash;
}

export const DEFAULT_PASSWORD = 'correct-horse-42';

/** Inserts an account with a known password, bypassing registration; its e-mail confirmed unless asked otherwise. */
export async function insertAccount(
  t: TestApp,
  options: { email?: string; password?: string; emailConfirmed?: boolean } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? DEFAULT_PASSWORD;
  const emailConfirmedAt = options.emailConfirmed === false ? null : new Date('2026-01-01T00:00:00Z');
  const [row] = await t.db
    .insert(clients)
    .values({ email, name: 'Анна', surname: 'Смирнова', passwordHash: await cachedHash(password), emailConfirmedAt })
    .returning({ id: clients.id });
  return { id: row!.id, email, password };
}

/** The 4 digits of the newest code mailed to `email` (registration, or confirming the e-mail). */
export async function mailedCode(t: TestApp, email: string): Promise<string> {
  const message = await t.outbox.latest(email);
  const code = /код подтверждения (?:регистрации|эл\. почты): (\d{4})/i.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The token of the newest reset link mailed to `email`. */
export async function mailedResetToken(t: TestApp, email: string): Promise<string> {
  const text = (await t.outbox.latest(email))?.text ?? '';
  const token = /\/client\/restore-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

/** The generated password from the newest credentials mail to `email`. */
export async function mailedPassword(t: TestApp, email: string): Promise<string> {
  const text = (await t.outbox.latest(email))?.text ?? '';
  const password = /Пароль: (\S+)/.exec(text)?.[1];
  if (!password) throw new Error(`no password mailed to ${email}`);
  return password;
}

/** Makes sure the browser has a logged-out CSRF token, as the app does on start. */
export async function primeCsrf(t: TestApp): Promise<void> {
  await t.request('/ajax/user/data');
}

export async function loginAs(t: TestApp, email: string, password: string = DEFAULT_PASSWORD): Promise<Response> {
  await primeCsrf(t);
  return t.request('/ajax/login', { method: 'POST', json: { email, password } });
}

/**
 * A test app for the account calls, made once for the file: each test starts logged out with a fresh
 * CSRF token, `daysApart` days after the previous one at `start`'s time (fresh rate-limit windows, far
 * from any window's edge; 40 days outlive every reset link and password throttle too).
 * Usable at once; the app behind it exists from the file's beforeAll on.
 */
export function accountTestApp(start: string, { daysApart = 1 }: { daysApart?: number } = {}): TestApp {
  let app: TestApp | undefined;
  let day = 0;
  beforeAll(async () => {
    app = await createTestApp({ now: start });
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    app!.cookies.clear();
    app!.csrfToken = undefined;
    app!.setNow(Date.parse(start) + ++day * daysApart * DAY_MS);
    await primeCsrf(app!);
  });
  return new Proxy({} as TestApp, {
    get: (_target, key) => Reflect.get(app!, key),
    set: (_target, key, value) => Reflect.set(app!, key, value),
  });
}
