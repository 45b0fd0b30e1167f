// Every screen checked by axe-core at 360 px (DESIGN.md: keyboard and screen-reader access on every
// screen): each route a guest and a clinic can open (the last test holds the list against the route
// tree), with its real content (not the skeleton), a new clinic's empty lists and failed loads, and
// the popups, against the WCAG 2.0–2.2 A and AA rules and axe's best practices. A violation fails the
// test with its rule, impact and the selectors of the elements. Each popup is also opened with the
// keyboard: Tab stays inside, Escape closes it, the focus goes back to its opener.
import { createRequire } from 'node:module';
import type AxeCore from 'axe-core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTE_PATTERNS } from '../../src/shared/app-route-patterns.gen.ts';
import { backOffice } from './back-office.ts';
import {
  baseURL,
  browserForFile,
  CABINET_ROUTES,
  DEMO,
  DESKTOP,
  PHONE,
  withPage,
  settle,
  withContextPage,
  type ScreenSize,
} from './support.ts';
import {
  button,
  cabinet,
  closeUnpaidNotice,
  dialog,
  dialogNamed,
  loginForm,
  loginFromHome,
  openLogin,
  registrationForm,
  resetRequestForm,
  statementCard,
  switchView,
  tab,
  visible,
  logIn,
} from './ui.ts';

const axeSource: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** The smallest phone the portal is laid out for. */
const PHONE_360: ScreenSize = { name: 'phone', options: { ...PHONE.options, viewport: { width: 360, height: 740 } } };

/** WCAG 2.0–2.2 A and AA, and axe's best practices (heading order, landmarks, one main, …). */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Nodes left out of the check, each with the reason (a false positive or a product decision);
 * selectors as axe takes them. Never a whole rule.
 */
const EXCLUDED: string[] = [];

/**
 * Waits until nothing moves: a popup fading or sliding in is checked at its final colours. Endless
 * animations and scroll-driven ones (the desktop cabinet nav's fading edges) never end: not waited for.
 */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity ||
          animation.timeline !== document.timeline,
      ),
  );
}

/** Waits until the page shows its content: a heading in main, nothing busy, no skeleton. */
async function contentShown(page: Page): Promise<void> {
  await visible(page.getByRole('main').getByRole('heading', { level: 1 }))
    .first()
    .waitFor();
  await settle(page);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-skeleton]')].every((element) => element.getClientRects().length === 0),
  );
}

/** axe-core's WCAG A/AA violations of the page as it is now. */
async function violationsOf(page: Page): Promise<Violation[]> {
  await animationsDone(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Evaluated through the DevTools protocol, so the app's Content-Security-Policy does not block it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const { axe } = window as unknown as { axe: typeof AxeCore };
      const results = await axe.run({ include: [document], exclude: exclude.map((selector) => [selector]) } as never, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { tags: RULE_TAGS, exclude: EXCLUDED },
  );
}

/** The paths checked so far: the last test holds them against the route tree. */
const checkedPaths = new Set<string>();

/** Fails with every violation listed: rule, impact, what it asks, and the nodes. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  checkedPaths.add(new URL(page.url()).pathname);
  const violations = await violationsOf(page);
  const report = violations
    .map((v) => `${v.rule} (${v.impact}): ${v.help}\n${v.targets.map((target) => `    ${target}`).join('\n')}`)
    .join('\n');
  // Thrown whole: an assertion's message would cut the list short.
  if (report) throw new Error(`axe violations on ${where}:\n${report}`);
}

/**
 * A popup as a keyboard user meets it: opened from `opener` with Enter, checked by axe, Tab going
 * round its controls without reaching the page behind, Escape closing it, the focus back on the opener.
 * Past its last control the platform's modal <dialog> lets the focus out to the browser's own controls
 * (the page's body is then the active element) and the next Tab brings it back to the first.
 */
async function checkPopup(
  page: Page,
  opener: Locator,
  popup: Locator,
  where: string,
  content: Locator = popup,
): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await popup.waitFor();
  await content.waitFor();
  await settle(page);
  await expectAccessible(page, where);
  const stops = await popup.evaluate(
    (element) => element.querySelectorAll('a[href], button, input, select, textarea, [tabindex="0"]').length,
  );
  const path: string[] = [];
  for (let press = 0; press <= stops + 1; press += 1) {
    await page.keyboard.press('Tab');
    path.push(
      await popup.evaluate((element) => {
        const active = document.activeElement;
        if (active && element.contains(active)) return 'popup';
        if (active === null || active === document.body) return 'browser';
        return active.outerHTML.slice(0, 160);
      }),
    );
  }
  expect(
    path.filter((stop) => stop !== 'popup' && stop !== 'browser'),
    `Tab in ${where}: ${path}`,
  ).toEqual([]);
  expect(path.join(' '), `Tab in ${where} goes round`).toMatch(/^(popup )+browser popup/);
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'detached' });
  expect(await opener.evaluate((element) => element === document.activeElement), `focus back after ${where}`).toBe(
    true,
  );
}

/**
 * A fresh context at 360 px, or at `size` (one per role: its pages share it); the returned function
 * gives it, logged in as `account` on the first call (a login waits like a test, so it runs inside the
 * first one).
 */
function contextFor(
  account?: () => { email: string; password: string },
  size: ScreenSize = PHONE_360,
): () => Promise<BrowserContext> {
  let context: BrowserContext | undefined;
  let loggedIn = false;
  beforeAll(async () => {
    context = await browser.newContext({ ...size.options, baseURL: baseURL() });
  });
  afterAll(async () => {
    await context?.close();
  });
  return async () => {
    if (account && !loggedIn) {
      await withContextPage(context!, 'a11y-login', async (page) => {
        const who = account();
        if (who.email === DEMO_COURIER.email) {
          // The clinics' login form; a courier lands on its route.
          await page.goto('/');
          await logIn(page, size, who);
          await page.waitForURL('**/courier');
          return;
        }
        await loginFromHome(page, size, who);
        // The unpaid bills' notice opens once a week over every page: checked, then closed as a user would.
        if (who.email === DEMO.email) {
          await dialogNamed(page, cabinet.unpaidNotice).waitFor();
          await settle(page);
          await expectAccessible(page, 'the unpaid bills notice');
          await closeUnpaidNotice(page);
        }
      });
      loggedIn = true;
    }
    return context!;
  };
}

/** Opens `path`, waits for its content, and checks it. */
async function checkRoute(context: () => Promise<BrowserContext>, path: string): Promise<void> {
  await withContextPage(await context(), `a11y${path.replace(/\W+/g, '-')}`, async (page) => {
    await page.goto(path);
    await contentShown(page);
    await expectAccessible(page, path);
  });
}

const browser = browserForFile();
/** The demo courier printed at start (README). */
const DEMO_COURIER = { email: 'courier@service.test', password: 'courier-password-2026' } as const;

describe('accessibility at 360 px: a guest', () => {
  const guest = contextFor();

  it.each([
    '/',
    '/contacts',
    '/loyalty',
    '/privacy',
    '/service-centres',
    '/services',
    '/rules/loyalty',
    '/guide/2',
    '/no-such-page',
    '/cabinet/tickets',
    '/client/restore-password/not-a-real-code',
  ])('%s', (path) => checkRoute(guest, path));

  it('the check itself finds a button without a name', async () => {
    await withContextPage(await guest(), 'a11y-self-check', async (page) => {
      await page.goto('/privacy');
      await contentShown(page);
      await page.evaluate(() => document.querySelector('main')!.append(document.createElement('button')));
      expect((await violationsOf(page)).map((violation) => violation.rule)).toContain('button-name');
    });
  });

  it('the login popup and the More menu', async () => {
    await withContextPage(await guest(), 'a11y-guest-popups', async (page) => {
      await page.goto('/');
      await contentShown(page);
      await checkPopup(page, tab(page, 'Войти'), dialog(page), 'the login popup');
      await checkPopup(page, tab(page, 'Ещё'), dialog(page), 'the More menu (guest)');
    });
  });

  it("the login popup's registration and reset views, the loyalty rules over them, the loyalty slideshow", async () => {
    await withContextPage(await guest(), 'a11y-guest-auth-views', async (page) => {
      await page.goto('/');
      await contentShown(page);
      const login = await openLogin(page, PHONE_360);
      await switchView(login, 'Регистрация');
      await expectAccessible(page, 'the registration view');
      const rulesLink = registrationForm(page).getByRole('link', { name: 'правилами программы лояльности' });
      const rules = dialogNamed(page, 'Правила программы лояльности');
      await checkPopup(
        page,
        rulesLink,
        rules,
        'the loyalty rules over the registration',
        rules.getByRole('heading', { name: 'Термины' }),
      );
      await switchView(registrationForm(page), 'Уже зарегистрированы? Войти');
      await switchView(loginForm(page), 'Забыли пароль?');
      await resetRequestForm(page).waitFor();
      await expectAccessible(page, 'the reset view');

      await page.goto('/loyalty');
      await contentShown(page);
      const slides = dialogNamed(page, 'Как работает бонусная программа');
      const howItWorks = page.getByRole('button', { name: 'Как это работает: 4 шага' });
      await checkPopup(page, howItWorks, slides, 'the loyalty slideshow', visible(slides.getByText('Шаг 1 из 4')));
    });
  });

  it("the repair wizard's first step", async () => {
    await withContextPage(await guest(), 'a11y-guest-wizard', async (page) => {
      await page.goto('/');
      await visible(page.getByRole('main').getByRole('link', { name: 'Оставить заявку', exact: true })).click();
      const form = page.getByRole('region', { name: 'Заявка на ремонт' });
      await visible(form.getByRole('heading', { name: 'Контактная информация' })).waitFor();
      await settle(page);
      await expectAccessible(page, "the repair wizard's first step");
    });
  });
});

describe('accessibility at 1280 px: the demo clinic', () => {
  const clinic = contextFor(() => DEMO, DESKTOP);

  // The desktop layouts: the lists as tables, the cabinet's navigation in a row.
  it.each([...CABINET_ROUTES, '/cabinet/bonuses', '/cabinet/repair', '/'])('%s', (path) => checkRoute(clinic, path));

  it("the cabinet's navigation and header, and the bell's panel (a disclosure: Escape closes it, the focus back on the bell)", async () => {
    await withContextPage(await clinic(), 'a11y-desktop-bell', async (page) => {
      await page.goto('/cabinet/tickets');
      await contentShown(page);
      await expectAccessible(page, '/cabinet/tickets at 1280 px');
      const bell = page.getByRole('banner').getByRole('button', { name: /^Уведомления/ });
      await bell.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('region', { name: 'Уведомления' });
      await panel.getByRole('link', { name: 'Показать все' }).waitFor();
      await settle(page);
      await expectAccessible(page, "the bell's panel");
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await bell.evaluate((element) => element === document.activeElement)).toBe(true);
    });
  });
});

describe('accessibility at 360 px: the demo clinic', () => {
  const clinic = contextFor(() => DEMO);

  it('logs in, with the unpaid bills notice', async () => {
    await clinic();
  });

  it.each([...CABINET_ROUTES, '/cabinet/bonuses', '/cabinet/repair'])('%s', (path) => checkRoute(clinic, path));

  it('the date filter dialog and the More menu', async () => {
    await withContextPage(await clinic(), 'a11y-clinic-popups', async (page) => {
      await page.goto('/cabinet/tickets');
      await contentShown(page);
      await button(page.getByRole('main'), /^Фильтры/).click();
      const period = visible(page.getByRole('button', { name: /^Период/ }));
      await checkPopup(page, period, dialogNamed(page, 'Выберите период'), 'the date filter dialog');
      await checkPopup(page, tab(page, 'Ещё'), dialog(page), 'the More menu (clinic)');
    });
  });
});

describe('accessibility at 360 px: the demo courier', () => {
  const courier = contextFor(() => DEMO_COURIER);
  // The seed's first stop is the demo courier's (src/server/db/seed-courier.ts).
  it.each(['/courier', '/courier/map', '/courier/notifications', '/courier/password', '/courier/stops/1'])(
    '%s',
    (path) => checkRoute(courier, path),
  );
});

describe('accessibility at 360 px: a new clinic (empty lists) with a quote to decide', () => {
  const QUOTE = { series: 'A11Y-1', type: 1, name: 'Турбинный наконечник (a11y)', defect: 'Шумит', sum: '5000.00' };
  let account: { id: number; email: string; password: string };
  let ticketId = 0;
  beforeAll(async () => {
    account = await backOffice.client('a11y-password-2026');
  });
  const fresh = contextFor(() => account);

  it.each(['/cabinet/tickets', '/cabinet/notifications', '/cabinet/bills', '/cabinet/address', '/cabinet/accesses'])(
    '%s (empty)',
    (path) => checkRoute(fresh, path),
  );

  it.each([
    ['/cabinet/tickets', '/ajax/cabinet/tickets'],
    ['/cabinet/bills', '/ajax/cabinet/bills'],
    ['/cabinet/notifications', '/ajax/cabinet/notifications'],
  ])('%s when its list cannot be loaded (the network fails)', async (path, api) => {
    await withContextPage(await fresh(), `a11y${path.replace(/\W+/g, '-')}-failed`, async (page) => {
      await page.route(
        (url) => url.pathname === api,
        (route) => route.abort('internetdisconnected'),
      );
      await page.goto(path);
      await visible(page.getByRole('main').getByRole('button', { name: 'Повторить' })).waitFor();
      await contentShown(page);
      await expectAccessible(page, `${path} (failed)`);
    });
  });

  it('a ticket page and its approval, rejection and question popups', async () => {
    const ticket = await backOffice.ticket({
      client_id: account.id,
      status: 5,
      instruments: [{ serial_number: QUOTE.series, type: QUOTE.type, status: 2 }],
    });
    ticketId = ticket.id;
    await backOffice.defect(ticketId, { ...QUOTE, status: 1 });
    await withContextPage(await fresh(), 'a11y-ticket', async (page) => {
      await page.goto(`/cabinet/tickets/${ticketId}`);
      await visible(page.getByRole('heading', { name: cabinet.statementsHeading })).waitFor();
      await contentShown(page);
      await expectAccessible(page, `/cabinet/tickets/${ticketId}`);

      const approve = button(statementCard(page, QUOTE.name), cabinet.approve);
      await checkPopup(page, approve, dialogNamed(page, cabinet.approveDialog), 'the approval popup');
      const reject = button(statementCard(page, QUOTE.name), cabinet.reject);
      await checkPopup(page, reject, dialogNamed(page, cabinet.rejectDialog), 'the rejection popup');
      const discuss = button(statementCard(page, QUOTE.name), cabinet.discuss);
      await checkPopup(page, discuss, dialogNamed(page, cabinet.discussDialog), 'the question popup');
    });
  });

  it("the installed app's repair sheet, at its wizard's first step", async () => {
    await withPage(
      browser,
      PHONE_360,
      'a11y-repair-sheet',
      async (page) => {
        await loginFromHome(page, PHONE_360, account);
        const sheet = dialogNamed(page, 'Заявка на ремонт');
        const firstStep = visible(sheet.getByRole('heading', { name: 'Контактная информация' }));
        await checkPopup(page, tab(page, 'Ремонт'), sheet, "the repair sheet's first step", firstStep);
      },
      { standalone: true },
    );
  });
});

describe('accessibility at 360 px: coverage', () => {
  // '/cabinet' only redirects to '/cabinet/tickets'.
  const REDIRECTS = new Set(['/cabinet']);

  it('every page of the route tree was checked (a new page gets its line above)', () => {
    const segments = (path: string) => path.split('/').filter(Boolean);
    const covered = (pattern: string) =>
      [...checkedPaths].some((path) => {
        const [want, got] = [segments(pattern), segments(path)];
        return want.length === got.length && want.every((part, index) => part.startsWith('$') || part === got[index]);
      });
    expect(APP_ROUTE_PATTERNS.filter((pattern) => !REDIRECTS.has(pattern) && !covered(pattern))).toEqual([]);
  });
});
