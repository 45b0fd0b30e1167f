// What a new user trips on (ADR 0021, ADR 0022), in Chromium against the built app: the requests list's first
// screen on a 360 × 640 phone, its filters in the address (reload, Back), the empty-filter state, the
// calendar's tokens, a dead reset link, the 404 status, tab labels that fit, the guest's header links,
// and the login form's chunk fetched before the first 'Войти'.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, DEMO, DESKTOP, PHONE, screenshot, withPage, type ScreenSize } from './support.ts';
import {
  button,
  closeUnpaidNotice,
  dialogNamed,
  expectLoggedIn,
  openLogin,
  tabBar,
  visible,
  loginFromHome,
  logIn,
} from './ui.ts';

/** The smallest phone the portal is drawn for. */
const PHONE_360: ScreenSize = { name: 'phone', options: { ...PHONE.options, viewport: { width: 360, height: 640 } } };
const SCREENS = [
  { size: PHONE_360, tag: '360' },
  { size: DESKTOP, tag: '1280' },
] as const;

const browser = browserForFile();

/**
 * Logs the demo clinic in and closes its unpaid-bills notice where it opens, on the page the login
 * lands on, as a user would: on a page opened later it would not come again (its 7-day cookie).
 */
async function loginAsDemo(page: Page, size: ScreenSize): Promise<void> {
  await loginFromHome(page, size, DEMO);
  await closeUnpaidNotice(page);
}

/**
 * Opens the phone's folded filters ('Фильтры' or 'Фильтры · N') and waits until they are open: a tap
 * while Back restores the scroll position may land beside the button, so it is tapped until open.
 */
async function openFilters(page: Page): Promise<void> {
  const toggle = visible(page.getByRole('button', { name: /^Фильтры( · \d)?$/ }));
  await expect
    .poll(
      async () => {
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        return toggle.getAttribute('aria-expanded');
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBe('true');
}

/** The list's rows: cards on a phone, table rows from 768 px; each has its 'Подробнее' link. */
const moreLinks = (page: Page) =>
  visible(page.getByRole('main').getByRole('link', { name: /^Подробнее о заявке №\d+$/ }));

describe('the requests list', () => {
  it.each(SCREENS)(
    'at $tag px: the first ticket on the first screen, filters in the address through a reload and Back, and the empty-filter state',
    async ({ size, tag }) => {
      await withPage(browser, size, `list-${tag}`, async (page) => {
        await loginAsDemo(page, size);
        await page.goto('/cabinet/tickets');
        await moreLinks(page).first().waitFor();
        if (size === PHONE_360) {
          // Folded filters and a closable notice leave room: the first card starts on the first screen.
          const first = await page.getByRole('main').getByRole('listitem').first().boundingBox();
          expect(first!.y).toBeLessThan(640);
          await visible(page.getByRole('button', { name: 'Фильтры', exact: true })).waitFor();
          expect(await page.getByRole('search', { name: 'Фильтры заявок' }).isVisible()).toBe(false);
        }
        await screenshot(page, `list-${tag}`);

        // A number no ticket has: the filter is in the address, and the empty answer offers a way out.
        if (size === PHONE_360) await openFilters(page);
        await page.getByRole('textbox', { name: 'Номер заявки' }).fill('999999999');
        await page.waitForURL((url) => url.searchParams.get('number') === '999999999');
        await visible(page.getByText('Ничего не найдено')).waitFor();
        expect(await page.getByText('У вас пока нет открытых заявок.').count()).toBe(0);
        if (size === PHONE_360) await visible(page.getByRole('button', { name: 'Фильтры · 1' })).waitFor();
        await screenshot(page, `empty-filter-${tag}`);

        // A reload (or the same link shared) shows the same list.
        await page.reload();
        await visible(page.getByText('Ничего не найдено')).waitFor();
        if (size === PHONE_360) await openFilters(page);
        expect(await page.getByRole('textbox', { name: 'Номер заявки' }).inputValue()).toBe('999999999');

        await button(page.getByRole('main'), 'Сбросить фильтры').click();
        await page.waitForURL((url) => url.search === '');
        await moreLinks(page).first().waitFor();

        // A status filter, a ticket opened from it, then Back: the same filtered list.
        if (size === PHONE_360) await openFilters(page);
        const statuses = await page.getByRole('combobox', { name: 'Статус' }).locator('option').allTextContents();
        expect(statuses).not.toContain('Статус не определён');
        expect(statuses).not.toContain('Ошибка');
        await page.getByRole('checkbox', { name: 'Только мои заявки' }).check();
        await page.waitForURL((url) => url.searchParams.get('mine') === 'true');
        await moreLinks(page).first().click();
        await page.waitForURL(/\/cabinet\/tickets\/\d+$/);
        await page.goBack();
        await page.waitForURL((url) => url.pathname === '/cabinet/tickets' && url.searchParams.get('mine') === 'true');
        await moreLinks(page).first().waitFor();
        if (size === PHONE_360) await openFilters(page);
        expect(await page.getByRole('checkbox', { name: 'Только мои заявки' }).isChecked()).toBe(true);
      });
    },
  );

  it("the calendar takes the portal's colours for its arrows and today, and its month and year selects are 44 px tall", async () => {
    await withPage(browser, DESKTOP, 'calendar-tokens', async (page) => {
      await loginAsDemo(page, DESKTOP);
      await page.goto('/cabinet/tickets');
      await page.getByRole('button', { name: /^Период/ }).click();
      const picker = dialogNamed(page, 'Выберите период');
      await picker.locator('.rdp-chevron').first().waitFor();
      const look = await picker.evaluate((root) => ({
        chevron: getComputedStyle(root.querySelector('.rdp-chevron')!).fill,
        today: getComputedStyle(root.querySelector('.rdp-today') ?? root).color,
        // Layout heights (offsetHeight): the dialog's opening animation scales what getBoundingClientRect sees.
        selects: [...root.querySelectorAll('select')].map((select) => select.offsetHeight),
      }));
      expect(look.chevron).not.toBe('rgb(0, 0, 255)');
      expect(look.today).not.toBe('rgb(0, 0, 255)');
      expect(look.selects.length).toBe(2);
      for (const height of look.selects) expect(height).toBeGreaterThanOrEqual(44);
      await screenshot(page, 'calendar-1280');
    });
  });
});

describe('a used or expired reset link', () => {
  it.each(SCREENS)('at $tag px says so as the page opens, with the way to a new link', async ({ size, tag }) => {
    await withPage(browser, size, `reset-invalid-${tag}`, async (page) => {
      await page.goto(`/client/restore-password/${'x'.repeat(43)}`);
      await visible(page.getByText('Ссылка устарела или уже использована')).waitFor();
      expect(await page.getByLabel('Новый пароль').count()).toBe(0);
      await screenshot(page, `reset-invalid-${tag}`);
      await button(page.getByRole('main'), 'Запросить новую ссылку').click();
      await page
        .getByRole('form', { name: 'Восстановление пароля' })
        .getByLabel('Эл. почта', { exact: true })
        .waitFor();
    });
  });
});

describe('the shell', () => {
  it('answers an unknown path with HTTP 404 and the app’s 404 screen; a known one with 200', async () => {
    await withPage(browser, DESKTOP, 'status-404', async (page) => {
      const unknown = await page.goto('/no-such-page');
      expect(unknown?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Страница не найдена' }).waitFor();
      expect((await page.goto('/cabinet/tickets/abc'))?.status()).toBe(404);
      expect((await page.goto('/contacts'))?.status()).toBe(200);
      expect((await page.goto('/cabinet/tickets?status=5'))?.status()).toBe(200);
    });
  });

  it('every tab label fits at 360 px, for a guest and logged in', async () => {
    await withPage(browser, PHONE_360, 'tab-labels-360', async (page) => {
      const cutLabels = () =>
        tabBar(page).evaluate((bar) =>
          [...bar.querySelectorAll('li')]
            .map((item) => item.querySelector('span:last-child')!)
            .filter((label) => label.scrollWidth > label.clientWidth)
            .map((label) => label.textContent),
        );
      await page.goto('/');
      await visible(tabBar(page)).waitFor();
      expect(await cutLabels()).toEqual([]);
      await logIn(page, PHONE_360, DEMO);
      await expectLoggedIn(page, PHONE_360);
      await page.goto('/cabinet/notifications');
      await visible(tabBar(page).getByRole('link', { name: /Уведомления/ })).waitFor();
      expect(await cutLabels()).toEqual([]);
    });
  });

  it("desktop guests reach 'О сервисе' and 'Бонусы' from the header", async () => {
    await withPage(browser, DESKTOP, 'guest-header-1280', async (page) => {
      await page.goto('/');
      const header = page.getByRole('banner');
      await visible(header.getByRole('link', { name: 'О сервисе' })).click();
      await page.waitForURL('**/services');
      await visible(header.getByRole('link', { name: 'Бонусы' })).click();
      await page.waitForURL('**/loyalty');
      await screenshot(page, 'guest-header-1280');
    });
  });

  it('on a phone the repair form below the fold loads once the visitor scrolls, not with the page', async () => {
    await withPage(browser, PHONE, 'repair-form-on-scroll', async (page) => {
      const wizardChunks: string[] = [];
      const loginChunks: string[] = [];
      page.on('response', (response) => {
        const file = new URL(response.url()).pathname;
        if (/\/assets\/repair-wizard-[\w-]+\.js$/.test(file)) wizardChunks.push(file);
        if (/\/assets\/login-form-[\w-]+\.js$/.test(file)) loginChunks.push(file);
      });
      await page.goto('/');
      const section = page.locator('#form-repair');
      await section.waitFor();
      expect(await section.evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).toBe(true);
      // The login form's chunk comes when the page is idle: by then the page has asked for all it will unasked.
      await expect.poll(() => loginChunks.length, { timeout: 10_000, interval: 100 }).toBe(1);
      expect(wizardChunks).toEqual([]);

      await page.mouse.wheel(0, 400);
      await expect.poll(() => wizardChunks.length, { timeout: 10_000, interval: 100 }).toBe(1);
      await section.scrollIntoViewIfNeeded();
      await visible(section.getByRole('heading', { name: 'Контактная информация' })).waitFor();
    });
  });

  it("a guest's login form is fetched while the page is idle: the first 'Войти' waits for no chunk", async () => {
    await withPage(browser, DESKTOP, 'auth-preload', async (page) => {
      const formChunks: string[] = [];
      page.on('response', (response) => {
        if (/\/assets\/login-form-[\w-]+\.js$/.test(new URL(response.url()).pathname)) formChunks.push(response.url());
      });
      await page.goto('/');
      await expect.poll(() => formChunks.length, { timeout: 10_000, interval: 100 }).toBe(1);
      // From the click on, the form needs no script it does not have: only the ~1 s loader of portal.md §4.2 stands between.
      const scriptsAfterClick: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scriptsAfterClick.push(request.url());
      });
      await openLogin(page, DESKTOP);
      expect(scriptsAfterClick).toEqual([]);
      expect(formChunks).toHaveLength(1);
    });
  });
});
