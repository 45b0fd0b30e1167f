// The app shell end to end: the 404 page, `?promocode=` opening the login, /cabinet's redirect,
// the bottom tab bar on phones, and installed (standalone) mode with the auth forms in place of
// popups (cabinet.md §2; portal.md §2.3–2.5, §4.2; DESIGN.md §Shell).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Cookie, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backOffice } from './back-office.ts';
import { gzipBytes } from '../../scripts/bench/chunks.mjs';
import {
  browserForFile,
  CABINET_ROUTES,
  DEMO,
  DESKTOP,
  PHONE,
  SIZES,
  baseURL,
  distClientDir,
  serverLogLine,
  openPage,
  screenshot,
  withPage,
} from './support.ts';
import {
  button,
  cabinet,
  cabinetNav,
  closeUnpaidNotice,
  dialog,
  dialogNamed,
  expectText,
  loginForm,
  passwordInput,
  registrationForm,
  resetRequestForm,
  submitLogin,
  switchView,
  tab,
  tabBar,
  text,
  visible,
  loginFromHome,
  logIn,
} from './ui.ts';

const browser = browserForFile();

describe.each(SIZES)('the shell on a $name', (size) => {
  it('shows the 404 page with its texts and a button home', async () => {
    await withPage(browser, size, `${size.name}-404`, async (page) => {
      const response = await page.goto('/no-such-page/at-all');
      // The SPA fallback serves the shell with the status 404; the client router shows the 404 screen.
      expect(response?.status()).toBe(404);
      await visible(page.getByRole('heading', { name: text.notFoundTitle })).waitFor();
      await expectText(page, text.notFoundText);
      await screenshot(page, `${size.name}-404`);
      await visible(page.getByRole('main').getByRole('link', { name: text.home })).click();
      await page.waitForURL((url) => url.pathname === '/');
    });
  });

  it('opens the login when the address has a promo code', async () => {
    await withPage(browser, size, `${size.name}-promocode`, async (page) => {
      await page.goto('/?promocode=SPRING2026');
      await passwordInput(dialog(page)).waitFor();
      await screenshot(page, `${size.name}-promocode-login`);
    });
  });

  it('redirects /cabinet to /cabinet/tickets', async () => {
    await withPage(browser, size, `${size.name}-cabinet-redirect`, async (page) => {
      await loginFromHome(page, size, DEMO);
      await page.goto('/cabinet');
      await page.waitForURL((url) => url.pathname === '/cabinet/tickets');
      await screenshot(page, `${size.name}-cabinet-tickets`);
    });
  });
});

describe('cabinet routes and navigation', () => {
  it('on a desktop: every cabinet route shows a page (not the 404), with the points and "Как потратить?" in the header', async () => {
    await withPage(browser, DESKTOP, 'desktop-cabinet-routes', async (page) => {
      await loginFromHome(page, DESKTOP, DEMO);
      for (const route of CABINET_ROUTES) {
        await page.goto(route);
        await visible(page.getByRole('main').getByRole('heading', { level: 1 }))
          .first()
          .waitFor();
        expect(await visible(page.getByRole('heading', { name: text.notFoundTitle })).count(), route).toBe(0);
        expect(new URL(page.url()).pathname, route).toBe(route);
      }
      const header = page.getByRole('banner');
      await expectText(header, /бонус/);
      await visible(header.getByRole('link', { name: 'Как потратить?' })).waitFor();
      await screenshot(page, 'desktop-cabinet-settings');
    });
  });

  it('on a desktop: the cabinet navigation is one line at 1280 px, and scrolls sideways (not wraps) below', async () => {
    /** How many rows the links take, whether the list overflows, and whether the current link shows whole. */
    const layoutOf = (nav: Locator) =>
      nav.evaluate((element) => {
        const list = element.querySelector('ul')!;
        const links = [...list.querySelectorAll('a')];
        const box = list.getBoundingClientRect();
        const current = list.querySelector('a[aria-current="page"]')!.getBoundingClientRect();
        return {
          rows: new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size,
          overflows: list.scrollWidth > list.clientWidth,
          currentShown: current.left >= box.left && current.right <= box.right,
          shortestLink: Math.min(...links.map((link) => link.getBoundingClientRect().height)),
        };
      });
    await withPage(browser, DESKTOP, 'desktop-cabinet-nav', async (page) => {
      await loginFromHome(page, DESKTOP, DEMO);
      await page.goto('/cabinet/settings');
      const nav = cabinetNav(page);
      await visible(nav).waitFor();
      expect(await layoutOf(nav)).toEqual({ rows: 1, overflows: false, currentShown: true, shortestLink: 44 });
      await screenshot(page, 'desktop-cabinet-nav-1280');

      await page.setViewportSize({ width: 1024, height: 800 });
      await expect.poll(() => layoutOf(nav)).toMatchObject({ rows: 1, overflows: true, shortestLink: 44 });
      // The current section, last in the row, is scrolled into view when the page opens.
      await page.goto('/cabinet/settings');
      await visible(nav).waitFor();
      expect(await layoutOf(nav)).toEqual({ rows: 1, overflows: true, currentShown: true, shortestLink: 44 });
      await screenshot(page, 'desktop-cabinet-nav-1024');
    });
  });

  it('scrolls to the top on every navigation', async () => {
    await withPage(browser, PHONE, 'phone-scroll-to-top', async (page) => {
      await page.goto('/');
      const footerLink = visible(page.getByRole('contentinfo').getByRole('link', { name: 'Контакты' }));
      await footerLink.scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await footerLink.click();
      await page.waitForURL((url) => url.pathname === '/contacts');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });
  });
});

describe('a cold start of the requests list, logged in (speed budgets)', () => {
  /**
   * Chunks only some visits need: the auth forms (with @tanstack/react-form), the password checker,
   * any popup or dialog, the outbox panel, the repair wizard, maps. Matched in the chunk's name, not
   * its 8-character content hash (a hash may spell 'map' by chance).
   */
  const NOT_ON_START =
    /\/assets\/[\w.-]*(login-form|registration-form|reset-request-form|bound-form|password-checker|dialog|popup|modal|outbox-panel|wizard|repair|map|leaflet)[\w.-]*-[\w-]{8}\.js$/i;
  /**
   * The JS a cold logged-in list loads, gzip-compressed, the notices loaded after the list included:
   * just above the 141.9 KB it is (docs/decisions/0012-code-splitting-and-cold-start.md), so any growth is seen.
   */
  const COLD_JS_BUDGET = 144 * 1024;

  /** Gzip bytes of each script (as built), and whether any of them bundles leaflet whatever its chunk's name. */
  async function measureScripts(scripts: string[]) {
    const files = scripts
      .filter((script) => script.startsWith('/assets/'))
      .map((script) => path.join(distClientDir, script));
    const sizes = await Promise.all(files.map((file) => gzipBytes(file)));
    const withLeaflet = [];
    for (const file of files) if (/leaflet/i.test(await readFile(file, 'utf8'))) withLeaflet.push(path.basename(file));
    return { gzip: sizes.reduce((sum, size) => sum + size, 0), withLeaflet };
  }

  it('on a phone: only the session cookies (no saved account), the list asked for at once, no flash of the guest screen, no popup code, nothing moves', async () => {
    // A session from a login elsewhere: the new context has its cookie and nothing else.
    let cookies: Cookie[] = [];
    await withPage(browser, PHONE, 'phone-cold-session', async (page, context) => {
      await loginFromHome(page, PHONE, DEMO);
      // Only the session and its readable mark (src/server/middleware/session-cookie.ts): not the 7-day
      // cookie of the unpaid-bills notice, which the login's page may have set by now and which would keep
      // the notice away.
      const session = ['portal_session', 'portal_signed_in'];
      cookies = (await context.cookies(baseURL())).filter((cookie) => session.includes(cookie.name));
      expect(cookies).toHaveLength(2);
    });

    await withPage(browser, PHONE, 'phone-cold-start', async (page, context) => {
      await context.addCookies(cookies);
      const scripts: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
      });
      // The list's first page is asked for from the entry, not after the user data answered (lib/head-start.ts).
      const calls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/ajax/cabinet/tickets') calls.push('list asked');
      });
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/ajax/user/data') calls.push('user data answered');
      });
      // What the page asks for before its load event: the list's own path, without what comes after it.
      const beforeLoad: string[] = [];
      let loaded = false;
      page.once('load', () => (loaded = true));
      page.on('request', (request) => {
        if (!loaded && request.resourceType() === 'script') beforeLoad.push(new URL(request.url()).pathname);
      });
      await page.addInitScript(() => {
        const seen = { shifts: 0, guestScreen: false, moved: [] as string[] };
        Object.assign(window, { __coldStart: seen });
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: Array<{ node?: Node | null }>;
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            seen.shifts += entry.value;
            // What moved, so a failure names it: tag, classes, and the start of its text.
            for (const { node } of entry.sources) {
              const element = node instanceof Element ? node : node?.parentElement;
              seen.moved.push(
                element ? `${element.tagName}.${element.className} «${(element.textContent ?? '').slice(0, 40)}»` : '?',
              );
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        new MutationObserver(() => {
          if (document.body?.textContent?.includes('Вы не авторизованы')) seen.guestScreen = true;
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });

      // The server says who is here only after the header has been painted, as on a slow network:
      // whatever the header shows meanwhile must not move when the answer comes.
      await page.route('**/ajax/user/data', async (route) => {
        await page.waitForSelector('header');
        await page.evaluate(
          () => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
        );
        await route.continue();
      });
      await page.goto('/cabinet/tickets');
      await visible(page.getByRole('main').getByRole('link', { name: /^Подробнее о заявке №\d+$/ }))
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      // The unpaid-bills notice comes 1 s after the data: whatever it moves is counted too.
      await dialogNamed(page, cabinet.unpaidNotice).waitFor();
      const seen = await page.evaluate(
        () =>
          (window as unknown as { __coldStart: { shifts: number; guestScreen: boolean; moved: string[] } }).__coldStart,
      );
      expect(seen.guestScreen).toBe(false);
      expect(seen.shifts, seen.moved.join('\n')).toBe(0);
      expect(calls).toEqual(['list asked', 'user data answered']);
      expect(scripts.filter((script) => NOT_ON_START.test(script))).toEqual([]);
      expect(scripts.some((script) => /\/assets\/tickets-/.test(script))).toBe(true);
      // The modal's chunk comes with the first popup (here the unpaid-bills notice, after the load), not
      // on the list's path: the date filter's dialog and the bank notice's close button do not bring it.
      expect(beforeLoad.some((script) => /\/assets\/tickets-/.test(script))).toBe(true);
      expect(beforeLoad.filter((script) => /\/assets\/overlay-/.test(script))).toEqual([]);
      const js = await measureScripts(scripts);
      console.log(
        `cold-load JS of /cabinet/tickets: ${(js.gzip / 1024).toFixed(1)} KB gzip in ${scripts.length} scripts (budget ${COLD_JS_BUDGET / 1024} KB)`,
      );
      expect(
        js.gzip,
        `cold-load JS ${(js.gzip / 1024).toFixed(1)} KB gzip over the budget: ${scripts.join(', ')}`,
      ).toBeLessThanOrEqual(COLD_JS_BUDGET);
      expect(js.withLeaflet).toEqual([]);

      // The popups still come when wanted: the login form, for one, after logging out.
      await closeUnpaidNotice(page);
      await tab(page, 'Ещё').click();
      await button(dialog(page), 'Выйти').click();
      await logIn(page, PHONE, DEMO);
      expect(scripts.some((script) => /\/assets\/login-form-/.test(script))).toBe(true);
    });
  });
});

describe('the bottom tab bar', () => {
  it('on a phone: the guest tabs, the cabinet tabs once logged in, and the More panel', async () => {
    await withPage(browser, PHONE, 'phone-tab-bar', async (page) => {
      await page.goto('/');
      for (const name of ['Бонусы', 'О сервисе', 'Войти', 'Контакты', 'Ещё']) await tab(page, name).waitFor();
      await screenshot(page, 'phone-tab-bar-guest');

      // A clinic with an unpaid bill and an unread notification of its own (the demo account's may
      // have been read by another test): both tabs carry a count badge.
      const clinic = await backOffice.client('tab-bar-password-2026');
      await backOffice.bill({
        client_id: clinic.id,
        id_1c: 'СЧ-TAB-1',
        date: '2026-03-01',
        amount_document: '1000.00',
        status: 'Не оплачен',
      });
      await backOffice.notification(clinic.id, 'Счёт СЧ-TAB-1 выставлен');
      await logIn(page, PHONE, clinic);
      // The unpaid bill brings its notice a second later: closed as a user would, before going on.
      await closeUnpaidNotice(page);
      for (const name of ['Заявки', /Счета/, 'Ремонт', /Уведомления/, 'Ещё']) await tab(page, name).waitFor();
      expect(await tab(page, /Счета/).textContent()).toMatch(/\d/);
      expect(await tab(page, /Уведомления/).textContent()).toMatch(/\d/);
      await screenshot(page, 'phone-tab-bar-user');

      await tab(page, 'Ещё').click();
      const panel = dialog(page);
      await expectText(panel, clinic.email);
      await button(panel, 'Выйти').waitFor();
      await screenshot(page, 'phone-more-panel');
    });
  });

  it('is not shown on a desktop in the browser', async () => {
    await withPage(browser, DESKTOP, 'desktop-no-tab-bar', async (page) => {
      await page.goto('/');
      await button(page.getByRole('banner'), 'Войти').waitFor();
      expect(await visible(tabBar(page)).count()).toBe(0);
    });
  });
});

describe('installed (standalone) mode', () => {
  it('started from the manifest start_url, swaps the login, registration and reset forms in place', async () => {
    await withPage(browser, PHONE, 'standalone-forms', async (page) => {
      await page.goto('/cabinet/tickets?source=pwa');
      // No unauthorized screen and no popup: the login form itself, in the page.
      await passwordInput(loginForm(page)).waitFor();
      expect(await dialog(page).count()).toBe(0);
      expect(await visible(page.getByRole('heading', { name: text.unauthorizedTitle })).count()).toBe(0);
      await visible(tabBar(page)).waitFor();
      await screenshot(page, 'standalone-login');

      await switchView(loginForm(page), 'Регистрация');
      await registrationForm(page).getByLabel('Город', { exact: true }).waitFor();
      expect(await dialog(page).count()).toBe(0);
      await screenshot(page, 'standalone-register');

      await switchView(registrationForm(page), 'Уже зарегистрированы? Войти');
      await switchView(loginForm(page), 'Забыли пароль?');
      await button(resetRequestForm(page), 'Восстановить пароль').waitFor();
      expect(await dialog(page).count()).toBe(0);
      await screenshot(page, 'standalone-reset');
    });
  });

  it('hides Войти in the header while the login is in place, and closing it on a cabinet page goes home', async () => {
    await withPage(browser, PHONE, 'standalone-close-login', async (page) => {
      await page.goto('/cabinet/tickets?source=pwa');
      const login = loginForm(page);
      await passwordInput(login).waitFor();
      expect(await visible(page.getByRole('banner').getByRole('button', { name: 'Войти', exact: true })).count()).toBe(
        0,
      );
      await button(page.getByTestId('auth-in-place'), 'Закрыть').click();
      await page.waitForURL((url) => url.pathname === '/');
      await visible(page.getByRole('main').getByRole('heading', { level: 1 }))
        .first()
        .waitFor();
      expect(await login.count()).toBe(0);
    });
  });

  it('with display-mode standalone, logs in in place and shows the tab bar even on a wide window', async () => {
    await withPage(
      browser,
      DESKTOP,
      'standalone-display-mode',
      async (page) => {
        await page.goto('/cabinet/tickets');
        const login = loginForm(page);
        await passwordInput(login).waitFor();
        expect(await dialog(page).count()).toBe(0);
        await submitLogin(login, DEMO.email, DEMO.password);
        await tab(page, 'Заявки').waitFor();
        expect(new URL(page.url()).pathname).toBe('/cabinet/tickets');
        await screenshot(page, 'standalone-desktop-cabinet');
      },
      { standalone: true },
    );
  });
});

describe('errors on a phone (errors we can see)', () => {
  it("an uncaught error goes by beacon to the server log, without the address's query", async () => {
    // Not withPage: this page throws on purpose, which withPage counts as a failure.
    const { context, page } = await openPage(browser, PHONE);
    try {
      await page.goto('/?promocode=SECRET-IN-QUERY');
      await visible(page.getByRole('main')).waitFor();
      const marker = `deliberate e2e error ${Date.now()}`;
      const delivered = page.waitForResponse((response) => new URL(response.url()).pathname === '/ajax/client-errors');
      await page.evaluate(
        (message) =>
          setTimeout(() => {
            throw new Error(message);
          }),
        marker,
      );
      expect((await delivered).status()).toBe(200);
      const logged = () => serverLogLine(marker);
      await expect.poll(logged).toContain('client error');
      const line = await logged();
      expect(line).toContain('"source":"window"');
      expect(line).not.toContain('SECRET-IN-QUERY');
    } finally {
      await context.close();
    }
  });
});
