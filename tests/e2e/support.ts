// Shared pieces of the e2e tests: Debian's Chromium through playwright-core, the two screen sizes,
// screenshots for people to look at, and the e-mails the server wrote to DATA_DIR/outbox/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { E2eServer } from './global-setup.ts';
import { outboxMessagesFor, waitForOutboxMessage, type OutboxMessage } from '../setup/outbox-reader.ts';
import { CHROMIUM_ARGS } from '../../scripts/bench/chromium.mjs';
import { IDB_DATABASE, IDB_STORE } from '../../src/client/lib/idb-storage.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const screenshotDir = path.join(root, 'test-results', 'screenshots');
/** The built client the e2e server serves. */
export const distClientDir = path.join(root, 'dist', 'client');

/** The demo account of SEED_DEMO (README, API.md §Demo data). */
export const DEMO = { email: 'demo@clinic.test', password: 'demo-password-2026' } as const;

/** cabinet.md §2: the cabinet's own pages behind its navigation (the ticket page needs an id). */
export const CABINET_ROUTES = [
  '/cabinet/tickets',
  '/cabinet/notifications',
  '/cabinet/bills',
  '/cabinet/promocode',
  '/cabinet/password',
  '/cabinet/address',
  '/cabinet/profile',
  '/cabinet/accesses',
  '/cabinet/history',
  '/cabinet/kavo-id',
  '/cabinet/settings',
] as const;

export interface ScreenSize {
  name: 'phone' | 'desktop';
  options: BrowserContextOptions;
}

const common: BrowserContextOptions = {
  locale: 'ru-RU',
  timezoneId: 'Europe/Moscow',
  // The service worker would serve cached shells between tests; the flows here are online ones.
  serviceWorkers: 'block',
};

/**
 * A common phone: 390×844 CSS px at 2 device pixels each (the screenshots stay sharp; at 3, the
 * software rasteriser took 9 % more of the run's CPU for the same tests).
 */
export const PHONE: ScreenSize = {
  name: 'phone',
  options: { ...common, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

export const DESKTOP: ScreenSize = {
  name: 'desktop',
  options: { ...common, viewport: { width: 1280, height: 800 } },
};

export const SIZES = [PHONE, DESKTOP] as const;

/** A phone with the service worker on, for the offline and install flows. */
export const PHONE_WITH_WORKER: ScreenSize = { name: 'phone', options: { ...PHONE.options, serviceWorkers: 'allow' } };

/**
 * The server of this test worker (tests/e2e/global-setup.ts starts one per worker): files that run
 * at the same time never share one.
 */
export function e2eServer(): E2eServer {
  const servers = inject('e2eServers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[worker - 1];
  if (!server) throw new Error(`no e2e server for worker ${worker} (${servers.length} started)`);
  return server;
}

export function baseURL(): string {
  return e2eServer().baseURL;
}

/** The server log's line that holds `marker`, '' while there is none (poll it: the server writes it later). */
export async function serverLogLine(marker: string): Promise<string> {
  return (await readFile(e2eServer().logFile, 'utf8')).split('\n').find((line) => line.includes(marker)) ?? '';
}

export function outboxDir(): string {
  return path.join(e2eServer().dataDir, 'outbox');
}

/** Debian's Chromium, headless, without the background connections this closed network refuses. */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: [...CHROMIUM_ARGS, '--disable-quic'],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
}

/**
 * One Chromium for the tests of the file (or of the describe block it is called in): launched before
 * them, closed after them. Usable at once; the browser behind it exists from the beforeAll on.
 */
export function browserForFile(): Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return new Proxy({} as Browser, {
    get(_target, key) {
      const value: unknown = Reflect.get(browser!, key);
      return typeof value === 'function' ? value.bind(browser) : value;
    },
  });
}

/**
 * From the next page load on, the browser lies about the network as phones on a dead connection or
 * a captive portal do (and Chromium after an offline reload): `navigator.onLine` stays true and no
 * `offline` or `online` event reaches the page. Only what its requests do can tell it.
 */
export async function lieAboutTheNetwork(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true });
    // Registered before any script of the page: the first listener, and it stops the others.
    for (const type of ['online', 'offline'])
      window.addEventListener(type, (event) => event.stopImmediatePropagation(), { capture: true });
  });
}

export interface OpenOptions {
  /** Pretend the app runs installed: `(display-mode: standalone)` matches and `navigator.standalone` is true. */
  standalone?: boolean;
}

/**
 * A fresh context (no cookies, no storage) at a screen size, with its first page. Chromium here
 * cannot emulate `display-mode` (neither `page.emulateMedia` nor CDP changes it), so standalone
 * mode is emulated in the page: matchMedia answers for display-mode and iOS's navigator.standalone.
 */
export async function openPage(
  browser: Browser,
  size: ScreenSize,
  options: OpenOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...size.options, baseURL: baseURL() });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  if (options.standalone) {
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        const result = original(query);
        const mode = /\(\s*display-mode\s*:\s*([a-z-]+)\s*\)/.exec(query)?.[1];
        if (!mode) return result;
        const matches = mode === 'standalone';
        const answer = {
          matches,
          media: result.media,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        };
        return answer as unknown as MediaQueryList;
      };
      Object.defineProperty(navigator, 'standalone', { configurable: true, get: () => true });
    });
  }
  const page = await context.newPage();
  return { context, page };
}

/** Loads the app, waits for its service worker, and reloads so that the worker controls the page. */
export async function openControlled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Collects the page's errors (uncaught exceptions, console.error) for a failure dump. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  return problems;
}

/** An uncaught error in the page fails the test, even when everything it checked looked right. */
function failOnPageErrors(problems: string[]): void {
  const uncaught = problems.filter((problem) => problem.startsWith('pageerror:'));
  if (uncaught.length > 0) throw new Error(`uncaught errors in the page:\n${uncaught.join('\n')}`);
}

/** FAILED-<name>.png and FAILED-<name>.txt (the address, the page's errors and its accessibility tree). */
async function saveFailure(page: Page, name: string, problems: string[]): Promise<void> {
  try {
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, `FAILED-${name}.png`), fullPage: true, timeout: 5_000 });
    const tree = await page.locator('body').ariaSnapshot({ timeout: 5_000 });
    writeFileSync(
      path.join(screenshotDir, `FAILED-${name}.txt`),
      `${page.url()}\n\n${problems.join('\n')}\n\n${tree}\n`,
    );
  } catch {
    // The page may be gone; the test's own error is what matters.
  }
}

/**
 * Runs `body` with a fresh page at a screen size and closes it afterwards. On a failure it saves
 * FAILED-<name>.png and FAILED-<name>.txt (the page's address and accessibility tree) beside the
 * screenshots, so a failing run shows what the browser saw.
 */
export async function withPage(
  browser: Browser,
  size: ScreenSize,
  name: string,
  body: (page: Page, context: BrowserContext) => Promise<void>,
  options: OpenOptions = {},
): Promise<void> {
  const { context, page } = await openPage(browser, size, options);
  const problems = watchProblems(page);
  try {
    await body(page, context);
    failOnPageErrors(problems);
  } catch (error) {
    await saveFailure(page, name, problems);
    throw error;
  } finally {
    await context.close();
  }
}

/**
 * Like `withPage`, but a new page in an existing context (one logged-in session reused by several
 * tests, so they need not log in again); only the page is closed afterwards.
 */
export async function withContextPage(
  context: BrowserContext,
  name: string,
  body: (page: Page) => Promise<void>,
): Promise<void> {
  const page = await context.newPage();
  const problems = watchProblems(page);
  try {
    await body(page);
    failOnPageErrors(problems);
  } catch (error) {
    await saveFailure(page, name, problems);
    throw error;
  } finally {
    await page.close();
  }
}

/**
 * What a persisted store keeps on the device under `key` (IndexedDB, lib/idb-storage.ts), '' when
 * nothing. A test that goes offline waits for this: the screen shows an answer before its copy is
 * written, and a reload in between would find none.
 */
export function savedCopy(page: Page, key: string): Promise<string> {
  return page.evaluate(
    ([database, store, name]) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open(database);
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const read = open.result.transaction(store).objectStore(store).get(name);
          read.onsuccess = () => {
            open.result.close();
            resolve(String(read.result ?? ''));
          };
          read.onerror = () => {
            open.result.close();
            resolve('');
          };
        };
      }),
    [IDB_DATABASE, IDB_STORE, key] as const,
  );
}

/**
 * Waits until nothing on the page is busy: the auth forms sit inert under a ~1 s loader when they
 * open or switch (portal.md §4.2), marked aria-busy.
 */
export async function settle(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000, interval: 100 }).toBe(0);
}

/** Saves what the screen shows as test-results/screenshots/<name>.png, for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await settle(page);
  mkdirSync(screenshotDir, { recursive: true });
  // The viewport, as the user sees it (popups and sheets are fixed to it); finite CSS animations
  // are fast-forwarded so a popup that just opened is not caught half-faded.
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), animations: 'disabled' });
}

/** A new, unused e-mail address for one test. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@clinic.test`;
}

/** How many e-mails `address` has had so far (pass it as `after` to wait for the next one). */
export async function mailCount(address: string): Promise<number> {
  return (await outboxMessagesFor(outboxDir(), address)).length;
}

/** Waits for the next e-mail to `address` after `after` earlier ones. */
export function nextMail(address: string, after: number): Promise<OutboxMessage> {
  return waitForOutboxMessage(outboxDir(), address, { after, timeoutMs: 15_000 });
}

/** The 4-digit confirmation code of a registration e-mail. */
export function codeFrom(mail: OutboxMessage): string {
  const code =
    /(?<!\d)(\d{4})(?!\d)/.exec(mail.text)?.[1] ?? /(?<!\d)(\d{4})(?!\d)/.exec(stripHtml(mail.html ?? ''))?.[1];
  if (!code) throw new Error(`no 4-digit code in the e-mail "${mail.subject}":\n${mail.text}`);
  return code;
}

/** The password of the credentials e-mail ("Пароль: …"). */
export function passwordFrom(mail: OutboxMessage): string {
  const body = mail.text || stripHtml(mail.html ?? '');
  const password = /Пароль\s*[:：-]\s*(\S+)/i.exec(body)?.[1];
  if (!password) throw new Error(`no password in the e-mail "${mail.subject}":\n${body}`);
  return password;
}

/** The reset link of a reset e-mail, as a path (`/client/restore-password/{code}`). */
export function resetPathFrom(mail: OutboxMessage): string {
  const body = `${mail.text}\n${mail.html ?? ''}`;
  const link = /https?:\/\/[^\s"'<>]+\/client\/restore-password\/[^\s"'<>]+/.exec(body)?.[0];
  if (!link) throw new Error(`no /client/restore-password/ link in the e-mail "${mail.subject}":\n${mail.text}`);
  const url = new URL(link.replace(/&amp;/g, '&'));
  return url.pathname + url.search;
}

function stripHtml(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/&nbsp;/g, ' ');
}
