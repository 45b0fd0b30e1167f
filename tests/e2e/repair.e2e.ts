// The repair request wizard end to end on a phone (portal.md §2.1; issue 12): the central tab leads
// to it, three steps with a suggested address (the geo fake), a photo and two instruments, then the
// ticket is in the list and the back office's feed has exactly one ticket.created naming the photo,
// which GET /api/v1/files/{id} returns.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backOffice, PNG_BYTES } from './back-office.ts';
import { PHONE, baseURL, launchBrowser, screenshot, withPage } from './support.ts';
import { button, expectLoggedIn, openLogin, shownTicketIds, submitLogin, tab, visible } from './ui.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the repair wizard (issue 12)', () => {
  it('on a phone (360 px): the central tab, three steps with a photo and two instruments, one ticket and one event', async () => {
    const clinic = await backOffice.client('clinic-password-2026');
    const { next: feedStart } = await backOffice.events();

    await withPage(browser, PHONE, 'repair-wizard', async (page) => {
      // The narrowest phone the portal is made for; nothing may be wider than its 360 px (a wider page
      // would zoom out, widening innerWidth with it).
      await page.setViewportSize({ width: 360, height: 780 });
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= 360);
      await page.goto('/');
      await submitLogin(await openLogin(page, PHONE), clinic.email, clinic.password);
      await expectLoggedIn(page, PHONE);

      // In a phone's browser the central tab leads to the home page's form (in the installed app: a sheet).
      await tab(page, 'Ремонт').click();
      const sheet = page.getByRole('region', { name: 'Заявка на ремонт' });
      await visible(sheet.getByRole('heading', { name: 'Контактная информация' })).waitFor();
      expect(await fits()).toBe(true);
      await screenshot(page, 'repair-step-1-360');
      await button(sheet, 'Далее').click();

      await visible(sheet.getByRole('heading', { name: 'Адрес' })).waitFor();
      await sheet.getByRole('combobox', { name: 'Адрес' }).fill('Тверская 7');
      await sheet.getByRole('option', { name: 'Россия, Москва, Тверская улица, 7' }).click();
      await expect.poll(() => sheet.getByLabel('Страна / регион').inputValue()).toBe('Россия');
      await sheet.getByLabel('Индекс').fill('125009');
      await sheet.getByLabel('Офис / квартира').fill('офис 12');
      const firstDay = await sheet.getByLabel('Дата, когда забрать инструменты').locator('option').nth(1).getAttribute('value');
      await sheet.getByLabel('Дата, когда забрать инструменты').selectOption(firstDay!);
      await sheet.getByRole('option', { name: /Головной сервисный центр/ }).waitFor({ state: 'attached' });
      await sheet.getByLabel('Сервисный центр').selectOption({ label: 'Головной сервисный центр — Москва' });
      expect(await fits()).toBe(true);
      await screenshot(page, 'repair-step-2-360');
      await button(sheet, 'Далее').click();

      await visible(sheet.getByRole('heading', { name: 'Оборудование' })).waitFor();
      await sheet.getByLabel(/Фото инструментов/).setInputFiles({
        name: 'rotor.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PNG_BYTES),
      });
      await visible(sheet.getByRole('list', { name: 'Загруженные фото' }).getByText('rotor.png')).waitFor();
      await sheet.getByLabel('Серийный номер').fill('SN-100');
      await sheet.getByLabel('Тип инструмента').selectOption({ label: 'Турбина' });
      await sheet.getByLabel('Описание неисправности').fill('Не вращается головка');
      await button(sheet, 'Добавить').click();
      const second = sheet.getByRole('group', { name: 'Инструмент 2' });
      await second.getByLabel('Серийный номер').fill('SN-200');
      await second.getByLabel('Тип инструмента').selectOption({ label: 'Свой вариант' });
      await second.getByLabel('Название инструмента').fill('Апекслокатор');
      await second.getByLabel('Описание неисправности').fill('Не включается');
      await sheet.getByLabel(/обработку персональных данных/).check();
      await sheet.getByLabel(/правилами программы лояльности/).check();
      expect(await fits()).toBe(true);
      await screenshot(page, 'repair-step-3-360');
      await button(sheet, 'Отправить заявку').click();

      const sent = sheet.getByText(/^Заявка №\d+ отправлена\.$/);
      await visible(sent).waitFor();
      const ticketId = Number(/№(\d+)/.exec((await sent.textContent()) ?? '')![1]);
      await screenshot(page, 'repair-sent-360');
      await sheet.getByRole('link', { name: 'Мои заявки' }).click();
      await expect.poll(() => shownTicketIds(page)).toContain(ticketId);

      const created = (await backOffice.events(feedStart)).events.filter((event) => event.type === 'ticket.created');
      expect(created).toHaveLength(1);
      const payload = created[0]!.payload as {
        ticket_id: number;
        source: string;
        file_ids: number[];
        instruments: unknown[];
      };
      expect(payload).toMatchObject({ ticket_id: ticketId, source: 'portal' });
      expect(payload.instruments).toHaveLength(2);
      expect(payload.file_ids).toHaveLength(1);
      const file = await fetch(`${baseURL()}/api/v1/files/${payload.file_ids[0]}`, { headers: { authorization: `Bearer ${inject('integrationToken')}` } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
    });
  });
});
