// The site's notices end to end (portal.md §2.3, §4.6): the back office sets a banner, a
// visitor sees it about 2 s after load, closes it and does not see it again after a reload; a blocked
// ad probe opens the ad-blocker notice once; the loyalty rules open from the registration form in
// place; the loyalty slideshow on /loyalty.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { placeholderPng } from '../../src/server/lib/png.ts';
import { backOffice, integration } from './back-office.ts';
import { browserForFile, DESKTOP, PHONE, PHONE_WITH_WORKER, openControlled, screenshot, withPage } from './support.ts';
import { dialogNamed, openLogin, registrationForm, switchView, visible } from './ui.ts';

const BANNER = 'Специальное предложение';
const ADBLOCK = 'Отключите блокировщик рекламы';

const browser = browserForFile();
afterAll(async () => {
  // Every other test file shares this server: the banner must not stay on.
  await integration('/banner', { method: 'PUT', json: { is_active: false } });
});

/** Counts the page's requests to a path from now on. */
function countRequests(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/** The load's notices have run: their ad probe (made in the same effect as the banner check) went out. */
const noticesChecked = (page: Page) =>
  page.waitForRequest((request) => new URL(request.url()).pathname === '/ads/adsbygoogle.js');

describe('the site’s notices', () => {
  it('the banner the back office sets shows about 2 s after load, closes, and not again after a reload', async () => {
    const picture = await backOffice.file(placeholderPng(480, [231, 240, 250], [11, 92, 171]), 'весенняя-акция.png');
    await integration('/banner', {
      method: 'PUT',
      json: { is_active: true, link: 'https://example.com/actions', image_file_id: picture.id },
    });

    await withPage(browser, PHONE, 'notices-banner', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto('/');
      const banner = dialogNamed(page, BANNER);
      await banner.waitFor();
      // Not before 2 s after the page started (the shell starts the clock on mounting, later still).
      expect(await page.evaluate(() => performance.now())).toBeGreaterThanOrEqual(2000);
      const link = banner.getByRole('link', { name: `${BANNER} (откроется в новой вкладке)` });
      expect(await link.getAttribute('href')).toBe('https://example.com/actions');
      expect(
        await banner.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      ).toBe(480);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);
      await screenshot(page, 'notices-banner-360');

      await banner.getByRole('button', { name: 'Закрыть' }).click();
      await banner.waitFor({ state: 'detached' });

      const bannerAsks = countRequests(page, '/ajax/banner/get');
      const checked = noticesChecked(page);
      await page.reload();
      await checked;
      // The day's cookie spares even the question: no answer, no banner.
      expect(bannerAsks()).toBe(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
    });

    await withPage(browser, DESKTOP, 'notices-banner-desktop', async (page) => {
      await page.goto('/');
      await dialogNamed(page, BANNER).waitFor();
      await screenshot(page, 'notices-banner-desktop');
    });
    await integration('/banner', { method: 'PUT', json: { is_active: false } });
  });

  it('a blocked ad probe opens the ad-blocker notice once in 7 days', async () => {
    await withPage(browser, PHONE, 'notices-adblock', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      // What a blocker does to an ad script's address.
      await page.route('**/ads/adsbygoogle.js', (route) => route.abort('blockedbyclient'));
      await page.goto('/');
      const notice = dialogNamed(page, ADBLOCK);
      await notice.waitFor();
      await screenshot(page, 'notices-adblock-360');
      await notice.getByRole('button', { name: 'Хорошо, отключу' }).click();
      await notice.waitFor({ state: 'detached' });

      const probes = countRequests(page, '/ads/adsbygoogle.js');
      // The banner check goes out in the same effect as the probe would: once it has, the probe would have too.
      const checked = page.waitForRequest((request) => new URL(request.url()).pathname === '/ajax/banner/get');
      await page.reload();
      await checked;
      expect(probes()).toBe(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
    });
  });

  it('the probe goes past the service worker to the network, and is in none of its caches', async () => {
    await withPage(browser, PHONE_WITH_WORKER, 'notices-probe-worker', async (page) => {
      await openControlled(page, '/');
      const probe = page.waitForResponse((response) => new URL(response.url()).pathname === '/ads/adsbygoogle.js');
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const answer = await probe;
      expect(answer.status()).toBe(200);
      expect(answer.fromServiceWorker()).toBe(false);
      const cached = await page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
        }
        return paths;
      });
      expect(cached.length).toBeGreaterThan(0);
      expect(cached.filter((path) => path.startsWith('/ads/'))).toEqual([]);
    });
  });

  it('the loyalty rules open from the registration form in place, and the slideshow on /loyalty', async () => {
    await withPage(browser, PHONE, 'notices-rules', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto('/');
      const login = await openLogin(page, PHONE);
      await switchView(login, 'Регистрация');
      const form = registrationForm(page);
      await form.getByLabel('Имя', { exact: true }).fill('Мария');
      const rulesLink = form.getByRole('link', { name: 'правилами программы лояльности' });
      expect(await rulesLink.getAttribute('href')).toBe('/rules/loyalty');
      await rulesLink.click();

      const rules = dialogNamed(page, 'Правила программы лояльности');
      await visible(rules.getByRole('heading', { name: 'Термины' })).waitFor();
      // Without SUPPORT_EMAIL the rules name the central office's address (the contacts page's).
      await visible(rules.getByRole('link', { name: /^[^\s@]+@[^\s@]+$/ })).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);
      await screenshot(page, 'notices-rules-360');
      await page.keyboard.press('Escape');
      await rules.waitFor({ state: 'detached' });
      expect(await form.getByLabel('Имя', { exact: true }).inputValue()).toBe('Мария');
      expect(await form.getByRole('checkbox', { name: /обработку персональных данных/ }).isChecked()).toBe(false);

      await page.goto('/loyalty');
      await page.getByRole('button', { name: 'Как это работает: 4 шага' }).click();
      const slides = dialogNamed(page, 'Как работает бонусная программа');
      await visible(slides.getByText('Шаг 1 из 4')).waitFor();
      expect(await slides.getByRole('button', { name: 'Назад' }).count()).toBe(0);
      await screenshot(page, 'notices-slideshow-360');
      for (let step = 2; step <= 4; step += 1) {
        await slides.getByRole('button', { name: 'Далее' }).click();
        await visible(slides.getByText(`Шаг ${step} из 4`)).waitFor();
      }
      expect(await slides.getByRole('button', { name: 'Далее' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await slides.waitFor({ state: 'detached' });
    });
  });
});
