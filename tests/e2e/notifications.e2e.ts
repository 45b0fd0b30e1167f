// Notifications end to end on a phone (cabinet.md §2 Notifications; ADR 0019): the tab's badge counts the unread
// ones; the page marks them 'Новое', and once shown they count as read: the badge goes at once.
import { describe, expect, it } from 'vitest';
import { backOffice } from './back-office.ts';
import { browserForFile, DESKTOP, PHONE, screenshot, withPage } from './support.ts';
import { tab, visible, loginFromHome } from './ui.ts';

const browser = browserForFile();

describe('Уведомления', () => {
  it('on a phone: the badge counts the unread ones, the page shows them as new, and then the badge is gone', async () => {
    const clinic = await backOffice.client('notes-password-2026');
    await backOffice.notification(clinic.id, 'Инструмент SN-1 готов к выдаче');
    await backOffice.notification(clinic.id, 'Счёт №42 выставлен');
    await withPage(browser, PHONE, 'notifications', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await loginFromHome(page, PHONE, clinic);
      await expect.poll(() => tab(page, /Уведомления/).textContent()).toContain('2');

      await tab(page, /Уведомления/).click();
      // Exact: the home page's 'Последние уведомления' stays on screen until the tab's page has loaded.
      const list = page.getByRole('list', { name: 'Уведомления', exact: true });
      await visible(list.getByText('Счёт №42 выставлен')).waitFor();
      expect(await list.getByText('Новое').count()).toBe(2);
      await screenshot(page, 'notifications-360');
      await expect.poll(() => tab(page, /Уведомления/).textContent()).not.toMatch(/\d/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);

      await page.getByRole('link', { name: 'Показать все' }).click();
      await visible(page.getByRole('heading', { name: 'История' })).waitFor();

      // The feedback box in the footer: sent once, then the form stays disabled.
      const { next: feedStart } = await backOffice.events();
      const toggle = page.getByRole('button', { name: 'Предложить улучшение' });
      await toggle.scrollIntoViewIfNeeded();
      await toggle.click();
      await page.getByLabel('Ваше предложение').fill('Хочется видеть статус курьера на карте');
      await page.getByRole('button', { name: 'Отправить', exact: true }).click();
      await visible(page.getByText('Спасибо! Ваше предложение отправлено.')).waitFor();
      expect(await page.getByLabel('Ваше предложение').isDisabled()).toBe(true);
      const sent = (await backOffice.events(feedStart)).events.filter((event) => event.type === 'feedback.sent');
      expect(sent.map((event) => event.payload)).toEqual([
        { client_id: clinic.id, comment: 'Хочется видеть статус курьера на карте' },
      ]);
    });
  });

  it("on a phone with no connection: one failure with one 'Повторить' (not the list's and the e-mail switch's), and all back by itself with the connection", async () => {
    const clinic = await backOffice.client('notes-offline-password-2026');
    await backOffice.notification(clinic.id, 'Инструмент SN-2 готов к выдаче');
    await withPage(browser, PHONE, 'notifications-offline', async (page, context) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await loginFromHome(page, PHONE, clinic);
      // Once with the network: the page's code and its switches' chunks are loaded (no service worker here).
      await tab(page, /Уведомления/).click();
      const list = page.getByRole('list', { name: 'Уведомления', exact: true });
      const mailSwitch = page.getByRole('switch', { name: 'Дублировать уведомления на e-mail' });
      await visible(list.getByText('Инструмент SN-2 готов к выдаче')).waitFor();
      await visible(mailSwitch).waitFor();
      await tab(page, 'Заявки').click();
      await visible(page.getByRole('heading', { name: 'Заявки' })).waitFor();

      await context.setOffline(true);
      await tab(page, /Уведомления/).click();
      const main = page.getByRole('main');
      await visible(main.getByRole('alert')).waitFor();
      // Both loads have failed by now: the switch's ends in nothing rather than a second alert.
      await mailSwitch.waitFor({ state: 'detached' });
      expect(await main.getByRole('alert').allTextContents()).toEqual([
        'Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.',
      ]);
      expect(await main.getByRole('button', { name: 'Повторить' }).count()).toBe(1);
      await screenshot(page, 'notifications-offline-360');

      // Back online: what failed loads again by itself (lib/use-remote.ts), no tap needed.
      await context.setOffline(false);
      await visible(list.getByText('Инструмент SN-2 готов к выдаче')).waitFor();
      await visible(mailSwitch).waitFor();
      expect(await main.getByRole('alert').count()).toBe(0);
    });
  });

  it('on a desktop: the latest on the home page, then the bell under /cabinet counts them, lists them and resets on closing', async () => {
    const clinic = await backOffice.client('bell-password-2026');
    await backOffice.notification(clinic.id, 'Ведомость №7 готова');
    await backOffice.notification(clinic.id, 'Курьер приедет завтра');
    await withPage(browser, DESKTOP, 'notifications-bell', async (page) => {
      await loginFromHome(page, DESKTOP, clinic);
      await page.goto('/');
      const latest = page.getByRole('list', { name: 'Последние уведомления' });
      await visible(latest.getByText('Курьер приедет завтра')).waitFor();
      expect(await latest.getByRole('listitem').count()).toBe(2);

      await page.goto('/cabinet/bills');
      const bell = page.getByRole('banner').getByRole('button', { name: /^Уведомления/ });
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Уведомления, 2 непрочитанных');
      await bell.click();
      const panel = page.getByRole('region', { name: 'Уведомления' });
      await visible(panel.getByText('Ведомость №7 готова')).waitFor();
      await screenshot(page, 'notifications-bell-desktop');
      await page.keyboard.press('Escape');
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Уведомления');
    });
  });

  it('/cabinet/history pages through 30 entries the back office wrote: 20 on the first page, the other 10 on the second, newest first', async () => {
    const clinic = await backOffice.client('history-password-2026');
    // Each back-office credit writes one history line in its transaction (services/loyalty/points.ts): the cheapest real path to 30.
    for (let n = 1; n <= 30; n += 1) await backOffice.points(clinic.id, 1, `Запись ${n}`);
    const line = (n: number) => `Начислено 1\u00A0бонус: Запись ${n}`;
    const newestFirst = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, index) => line(from - index));

    await withPage(browser, DESKTOP, 'notifications-history', async (page) => {
      await loginFromHome(page, DESKTOP, clinic);
      await page.goto('/cabinet/history');
      const list = page.getByRole('list', { name: 'История', exact: true });
      const shownLines = () => list.getByRole('listitem').locator('p').allTextContents();
      await visible(list.getByText(line(30), { exact: true })).waitFor();
      expect(await shownLines()).toEqual(newestFirst(30, 11));

      const pages = page.getByRole('navigation', { name: 'Страницы истории' });
      expect(await pages.getByRole('button', { name: 'Назад' }).isDisabled()).toBe(true);
      expect(await pages.getByRole('button', { name: 'Вперёд' }).isEnabled()).toBe(true);
      expect(await pages.getByRole('button', { name: /^Страница \d+$/ }).count()).toBe(2);
      expect(await pages.getByRole('button', { name: 'Страница 1' }).getAttribute('aria-current')).toBe('page');
      await screenshot(page, 'notifications-history-page-1');

      await pages.getByRole('button', { name: 'Страница 2' }).click();
      await expect
        .poll(() => pages.getByRole('button', { name: 'Страница 2' }).getAttribute('aria-current'))
        .toBe('page');
      await expect.poll(shownLines).toEqual(newestFirst(10, 1));
      // The page change scrolls back to the list's start, and its first entry is clear of the sticky header.
      const headerBottom = (await page.getByRole('banner').boundingBox())?.height ?? 0;
      const firstTop = (await list.getByRole('listitem').first().boundingBox())?.y ?? -1;
      expect(firstTop).toBeGreaterThanOrEqual(headerBottom);
      expect(await pages.getByRole('button', { name: 'Вперёд' }).isDisabled()).toBe(true);
      await screenshot(page, 'notifications-history-page-2');

      await pages.getByRole('button', { name: 'Назад' }).click();
      await expect.poll(shownLines).toEqual(newestFirst(30, 11));
    });
  });
});
