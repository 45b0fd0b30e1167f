// The repair request wizard end to end on a phone (portal.md §2.1; ADR 0015): the central tab leads
// to it, three steps with a suggested address (the geo fake), a photo and two instruments, then the
// ticket is in the list and the back office's feed has exactly one ticket.created naming the photo,
// which GET /api/v1/files/{id} returns. In the installed app: logged in from the wizard's first step,
// and sent from a basement — the service worker keeps the request, photo included, and sends it
// exactly once when the network is back.
import { describe, expect, inject, it } from 'vitest';
import { backOffice, PNG_BYTES } from './back-office.ts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { CSRF_HEADER } from '../../src/shared/api/headers.ts';
import { OUTBOX_REQUEST_QUEUED_MESSAGE } from '../../src/shared/screens/outbox.ts';
import {
  browserForFile,
  DESKTOP,
  PHONE,
  PHONE_WITH_WORKER,
  baseURL,
  e2eServer,
  nextMail,
  openControlled,
  passwordFrom,
  screenshot,
  withPage,
} from './support.ts';
import {
  button,
  dialogNamed,
  fillRepairAddress,
  loginForm,
  shownTicketIds,
  submitLogin,
  tab,
  visible,
  loginFromHome,
  acceptRepairConsents,
  fillTurbine,
  choosePickupDayAndCentre,
  confirmMailedCode,
} from './ui.ts';

const browser = browserForFile();

/** The installed app's full-screen repair sheet. */
function repairSheet(page: Page): Locator {
  return visible(page.getByRole('dialog', { name: 'Заявка на ремонт' }));
}

/** Step 1 left for an account the back office opened with its own password: its e-mail is not proven. */
function leaveContactStep(scope: Locator, email: string, next = 'Далее'): Promise<void> {
  return confirmMailedCode(scope, email, { next, shot: 'repair-email-code-360' });
}

/**
 * A clinic the back office opened without a password (the one mailed to it proves the mailbox: the
 * wizard asks no code), logged in and given a saved address through the API alone, so no screen of
 * the app was opened for it yet.
 */
async function clinicWithSavedAddress(context: BrowserContext, address: { name: string; address: string }) {
  const clinic = await backOffice.client('', { password: undefined });
  const password = passwordFrom(await nextMail(clinic.email, 0));
  const api = context.request;
  const headers = async () => ({
    origin: baseURL(),
    [CSRF_HEADER]: ((await (await api.get('/ajax/user/data')).json()) as { csrf_token: string }).csrf_token,
  });
  const login = await api.post('/ajax/login', {
    headers: await headers(),
    data: { email: clinic.email, password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const saved = await api.post('/ajax/cabinet/addresses/save', {
    headers: await headers(),
    data: { ...address, apartment: 'офис 12' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return clinic;
}

/** The page's saved copy under `key` (IndexedDB 'portal'/'state', src/client/lib/idb-storage.ts): its state, or null. */
function pageCopy(page: Page, key: string): Promise<Record<string, unknown> | null> {
  return page.evaluate(
    (name) =>
      new Promise<Record<string, unknown> | null>((resolve, reject) => {
        const open = indexedDB.open('portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('state').objectStore('state').get(name);
          read.onsuccess = () => {
            open.result.close();
            // Each copy is kept with its account (src/client/lib/account-scoped.ts), around zustand's own.
            const owned = typeof read.result === 'string' ? (JSON.parse(read.result) as { value: string }) : null;
            resolve(owned ? (JSON.parse(owned.value) as { state: Record<string, unknown> }).state : null);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    key,
  );
}

/** What makes a button look like one of ours: colours, border, corners, type and height. */
const LOOKS = [
  'color',
  'backgroundColor',
  'borderTopColor',
  'borderTopStyle',
  'borderTopWidth',
  'borderTopLeftRadius',
  'fontSize',
  'fontWeight',
  'minHeight',
] as const;

function buttonLooks(locator: Locator): Promise<string[]> {
  return locator.evaluate((element, keys) => {
    const style = getComputedStyle(element);
    return keys.map((key) => style[key]);
  }, LOOKS);
}

/** The same for the photo zone's file button: the Russian label drawn right after the hidden native input. */
function fileButtonLooks(page: Page): Promise<string[]> {
  return page.getByLabel(/Фото инструментов/).evaluate((element, keys) => {
    const style = getComputedStyle(element.nextElementSibling!);
    return keys.map((key) => style[key]);
  }, LOOKS);
}

describe('the repair wizard', () => {
  it('on a phone (360 px): the central tab, three steps with a photo and two instruments, one ticket and one event', async () => {
    const clinic = await backOffice.client('clinic-password-2026');
    const { next: feedStart } = await backOffice.events();

    await withPage(browser, PHONE, 'repair-wizard', async (page) => {
      // The narrowest phone the portal is made for; nothing may be wider than its 360 px (a wider page
      // would zoom out, widening innerWidth with it).
      await page.setViewportSize({ width: 360, height: 780 });
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= 360);
      await loginFromHome(page, PHONE, clinic);

      // In a phone's browser the central tab leads to the home page's form (in the installed app: a sheet).
      await tab(page, 'Ремонт').click();
      const sheet = page.getByRole('region', { name: 'Заявка на ремонт' });
      await visible(sheet.getByRole('heading', { name: 'Контактная информация' })).waitFor();
      expect(await fits()).toBe(true);
      await screenshot(page, 'repair-step-1-360');
      await leaveContactStep(sheet, clinic.email);

      await fillRepairAddress(sheet);
      // 'Далее' with a required field empty: the field comes into sight with its message and takes the focus.
      const zip = sheet.getByLabel('Индекс');
      await zip.fill('');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await button(sheet, 'Далее').click();
      await expect.poll(() => zip.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(
        await zip.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      ).toBe(true);
      expect(await zip.getAttribute('aria-invalid')).toBe('true');
      await zip.fill('125009');
      await sheet.getByLabel('Офис / квартира').fill('офис 12');
      await sheet.getByLabel('Комментарий к адресу').fill('Вход со двора');
      // The centres this address may use, on the map: a marker's card chooses one.
      await sheet.getByLabel('Сервисный центр').selectOption('');
      await button(sheet, 'Показать на карте').click();
      await visible(sheet.getByTitle('Головной сервисный центр')).click();
      await visible(sheet.locator('.leaflet-popup')).waitFor();
      await screenshot(page, 'repair-step-2-map-360');
      await button(sheet.locator('.leaflet-popup'), 'Выбрать').click();
      await expect
        .poll(async () => sheet.getByLabel('Сервисный центр').locator('option:checked').textContent())
        .toBe('Головной сервисный центр — Москва');
      expect(await fits()).toBe(true);
      await screenshot(page, 'repair-step-2-360');
      await button(sheet, 'Далее').click();

      await visible(sheet.getByRole('heading', { name: 'Оборудование' })).waitFor();
      // The new step starts in sight under the sticky header, its title holding the focus.
      const headerBottom = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
      const stepRowTop = await sheet
        .locator('[aria-current="step"]')
        .evaluate((step) => step.getBoundingClientRect().top);
      expect(stepRowTop).toBeGreaterThanOrEqual(headerBottom);
      expect(
        await sheet
          .getByRole('heading', { name: 'Оборудование' })
          .evaluate((title) => title === document.activeElement),
      ).toBe(true);
      await sheet.getByLabel(/Фото инструментов/).setInputFiles({
        name: 'rotor.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PNG_BYTES),
      });
      await visible(sheet.getByRole('list', { name: 'Фото к заявке' }).getByText('rotor.png')).waitFor();
      await fillTurbine(sheet, 'SN-100', 'Не вращается головка');
      await sheet.getByLabel('На гарантии').check();
      await button(sheet, 'Добавить').click();
      const second = sheet.getByRole('group', { name: 'Инструмент 2' });
      await second.getByLabel('Серийный номер').fill('SN-200');
      await second.getByLabel('Тип инструмента').selectOption({ label: 'Свой вариант' });
      await second.getByLabel('Название инструмента').fill('Апекслокатор');
      await second.getByLabel('Описание неисправности').fill('Не включается');
      await acceptRepairConsents(sheet);
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
      const file = await fetch(`${baseURL()}/api/v1/files/${payload.file_ids[0]}`, {
        headers: { authorization: `Bearer ${inject('integrationToken')}` },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');

      // The ticket says what was asked for: the courier's lines in sight, the rest one tap away.
      await page.goto(`/cabinet/tickets/${ticketId}`);
      const card = visible(page.getByRole('region', { name: 'Заявка клиники' }));
      await card.waitFor();
      await card.getByText('Россия, Москва, Тверская улица, 7, офис 12').waitFor();
      await card.getByText('Вход со двора').waitFor();
      await card.getByText('Ольга Кузнецова').waitFor();
      await card
        .getByText(/^\d{2}\.\d{2}\.\d{4}, (понедельник|вторник|среда|четверг|пятница|суббота|воскресенье)$/)
        .waitFor();
      expect(await card.getByRole('link', { name: /^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/ }).getAttribute('href')).toMatch(
        /^tel:\+7\d{10}$/,
      );
      expect(await card.getByRole('link', { name: 'Открыть в картах' }).getAttribute('href')).toContain('55.757718');
      await button(card, 'Подробнее о заявке').click();
      await card.getByText(/Турбина, №\sSN-100/).waitFor();
      await card.getByText(/Свой вариант: Апекслокатор, №\sSN-200/).waitFor();
      await card.getByText('Не вращается головка').waitFor();
      await card.getByText('Не включается').waitFor();
      // Only the first instrument was marked as under warranty.
      await card.getByRole('listitem').filter({ hasText: 'SN-100' }).getByText('На гарантии').waitFor();
      expect(await card.getByText('На гарантии').count()).toBe(1);
      await card.getByText('Клиника «Дентал Плюс»').waitFor();
      await card.getByText('Головной сервисный центр').waitFor();
      const photo = card.getByRole('img', { name: 'rotor.png' });
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      // A thumbnail, capped in size, that opens the photo itself full size.
      expect((await photo.boundingBox())!.width).toBeLessThanOrEqual(96);
      const full = await card.getByRole('link', { name: 'Открыть фото rotor.png' }).getAttribute('href');
      const original = await page.request.get(full!);
      expect(original.status()).toBe(200);
      expect(original.headers()['content-type']).toBe('image/png');
      expect(Buffer.from(await original.body())).toEqual(Buffer.from(PNG_BYTES));
      expect(await fits()).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'ticket-request-card-360');
    });
  });
  it('with the geo provider down (360 px): one calm line, the map says so, and the request goes through marked unchecked', async () => {
    const clinic = await backOffice.client('clinic-password-2026');
    const { next: feedStart } = await backOffice.events();
    const setGeo = (status: number | null) =>
      fetch(`${e2eServer().geoFakeUrl}/__fake/down`, { method: 'PUT', body: JSON.stringify({ status }) });
    await setGeo(503);
    try {
      await withPage(browser, PHONE, 'repair-geo-down', async (page) => {
        await page.setViewportSize({ width: 360, height: 780 });
        await loginFromHome(page, PHONE, clinic);
        await tab(page, 'Ремонт').click();
        const sheet = page.getByRole('region', { name: 'Заявка на ремонт' });
        await leaveContactStep(sheet, clinic.email);

        await visible(sheet.getByRole('heading', { name: 'Адрес' })).waitFor();
        const address = sheet.getByRole('combobox', { name: 'Адрес', exact: true });
        await address.fill('Москва, Тверская улица, 7');
        await sheet.getByLabel('Страна / регион').click();
        await visible(sheet.getByText('Не удалось проверить адрес — мы уточним его по телефону')).waitFor();
        expect(await address.getAttribute('aria-invalid')).not.toBe('true');
        // Typed by hand, since no checked address brought it.
        await sheet.getByLabel('Страна / регион').fill('Россия');
        await sheet.getByLabel('Индекс').fill('125009');
        await choosePickupDayAndCentre(sheet);
        await button(sheet, 'Показать на карте').click();
        await visible(sheet.getByText('Карта недоступна')).waitFor();
        await screenshot(page, 'repair-geo-down-step-2-360');
        await button(sheet, 'Скрыть карту').click();
        await button(sheet, 'Далее').click();

        await visible(sheet.getByRole('heading', { name: 'Оборудование' })).waitFor();
        await fillTurbine(sheet, 'SN-300', 'Не вращается головка');
        await acceptRepairConsents(sheet);
        await button(sheet, 'Отправить заявку').click();
        const sent = sheet.getByText(/^Заявка №\d+ отправлена\.$/);
        await visible(sent).waitFor();
        const ticketId = Number(/№(\d+)/.exec((await sent.textContent()) ?? '')![1]);

        const created = (await backOffice.events(feedStart)).events.filter((event) => event.type === 'ticket.created');
        expect(created).toHaveLength(1);
        expect(created[0]!.payload).toMatchObject({
          ticket_id: ticketId,
          address: { address: 'Москва, Тверская улица, 7', checked: false },
        });
      });
    } finally {
      await setGeo(null);
    }
  });

  it('installed, from a basement: logged in from step 1, sent offline with a photo, one ticket once the network is back', async () => {
    const clinic = await backOffice.client('basement-password-2026');
    const { next: feedStart } = await backOffice.events();

    await withPage(
      browser,
      PHONE_WITH_WORKER,
      'repair-offline-standalone',
      async (page, context) => {
        await page.setViewportSize({ width: 360, height: 780 });
        // The manifest's shortcut 'Новая заявка на ремонт': a guest's wizard asks to log in first; the
        // form takes the page's place, and the wizard is there again afterwards.
        await openControlled(page, '/?source=pwa#form-repair');
        const homeForm = page.getByRole('region', { name: 'Заявка на ремонт' });
        await button(homeForm, 'Войти').click();
        await submitLogin(loginForm(page), clinic.email, clinic.password);
        await visible(homeForm.getByRole('heading', { name: 'Контактная информация' })).waitFor();

        // The central tab of the logged-in app opens the same wizard as a full-screen sheet.
        await tab(page, 'Ремонт').click();
        const sheet = repairSheet(page);
        await visible(sheet.getByRole('heading', { name: 'Контактная информация' })).waitFor();
        await expect.poll(() => sheet.getByLabel('Телефон').inputValue()).toMatch(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
        await leaveContactStep(sheet, clinic.email);
        await fillRepairAddress(sheet);
        await button(sheet, 'Далее').click();
        await visible(sheet.getByRole('heading', { name: 'Оборудование' })).waitFor();

        // The basement: the photo cannot be uploaded, so it stays on the phone and goes with the request.
        await context.setOffline(true);
        await sheet
          .getByLabel(/Фото инструментов/)
          .setInputFiles({ name: 'basement.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) });
        await visible(
          sheet.getByRole('list', { name: 'Фото к заявке' }).getByText('Будет отправлено вместе с заявкой'),
        ).waitFor();
        await fillTurbine(sheet, 'SN-BASEMENT', 'Не вращается');
        await acceptRepairConsents(sheet);
        await button(sheet, 'Отправить заявку').click();
        await visible(sheet.getByText(OUTBOX_REQUEST_QUEUED_MESSAGE)).waitFor();
        await screenshot(page, 'repair-queued-360');
        expect(
          (await backOffice.events(feedStart)).events.filter((event) => event.type === 'ticket.created'),
        ).toHaveLength(0);

        // Back online: the worker sends it, and the wizard names the new ticket.
        await context.setOffline(false);
        const sent = sheet.getByText(/^Заявка №\d+ отправлена\.$/);
        await visible(sent).waitFor({ timeout: 30_000 });
        const ticketId = Number(/№(\d+)/.exec((await sent.textContent()) ?? '')![1]);
        await sheet.getByRole('link', { name: 'Мои заявки' }).click();
        await expect.poll(() => shownTicketIds(page)).toContain(ticketId);

        // Focus and 'online' ask the worker to drain again: still one ticket.
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        const created = (await backOffice.events(feedStart)).events.filter((event) => event.type === 'ticket.created');
        expect(created.map((event) => (event.payload as { ticket_id: number }).ticket_id)).toEqual([ticketId]);
        const fileIds = (created[0]!.payload as { file_ids: number[] }).file_ids;
        expect(fileIds).toHaveLength(1);
        const file = await fetch(`${baseURL()}/api/v1/files/${fileIds[0]}`, {
          headers: { authorization: `Bearer ${inject('integrationToken')}` },
        });
        expect(file.status).toBe(200);
        expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(PNG_BYTES));
      },
      { standalone: true },
    );
  });
  it('installed, never opened online: after the list alone, the wizard offline has the saved address and the centre, and its request waits for the network', async () => {
    await withPage(
      browser,
      PHONE_WITH_WORKER,
      'repair-offline-never-opened',
      async (page, context) => {
        await page.setViewportSize({ width: 360, height: 780 });
        const place = { name: 'Склад на Тверской', address: 'Россия, Москва, Тверская улица, 7' };
        const clinic = await clinicWithSavedAddress(context, place);
        const { next: feedStart } = await backOffice.events();

        // The requests list only, under the worker: once it is idle the page keeps the wizard's copies.
        await openControlled(page, '/cabinet/tickets');
        await visible(page.getByRole('main').getByText('У вас пока нет открытых заявок.')).waitFor();
        await expect
          .poll(async () => {
            const addresses = await pageCopy(page, 'addresses');
            const copies = await pageCopy(page, 'repair-offline-copies');
            return {
              addresses: (addresses?.addresses as { name: string }[] | undefined)?.map((entry) => entry.name),
              centres: ((copies?.centres as unknown[] | undefined)?.length ?? 0) > 0,
              calendar: copies?.calendar != null,
            };
          })
          .toEqual({ addresses: [place.name], centres: true, calendar: true });

        // The basement: the app comes from the worker, the wizard from the copies.
        await context.setOffline(true);
        await page.reload();
        await tab(page, 'Ремонт').click();
        const sheet = repairSheet(page);
        await visible(sheet.getByRole('heading', { name: 'Контактная информация' })).waitFor();
        await button(sheet, 'Далее').click();
        await visible(sheet.getByRole('heading', { name: 'Адрес' })).waitFor();
        await sheet.getByLabel('Сохранённый адрес').selectOption({ label: `${place.name}: ${place.address}` });
        expect(await sheet.getByLabel('Офис / квартира').inputValue()).toBe('офис 12');
        // No check of the address without a network: what the check would bring is typed.
        await visible(sheet.getByText('Не удалось проверить адрес — мы уточним его по телефону')).waitFor();
        await sheet.getByLabel('Страна / регион').fill('Россия');
        await sheet.getByLabel('Индекс').fill('125009');
        await choosePickupDayAndCentre(sheet);
        await screenshot(page, 'repair-offline-never-opened-360');
        await button(sheet, 'Далее').click();
        await visible(sheet.getByRole('heading', { name: 'Оборудование' })).waitFor();
        await fillTurbine(sheet, 'SN-NEVER-OPENED', 'Не вращается');
        await acceptRepairConsents(sheet);
        await button(sheet, 'Отправить заявку').click();
        await visible(sheet.getByText(OUTBOX_REQUEST_QUEUED_MESSAGE)).waitFor();

        // Back online the worker sends it: the saved address and the chosen centre, as typed offline.
        await context.setOffline(false);
        const sent = sheet.getByText(/^Заявка №\d+ отправлена\.$/);
        await visible(sent).waitFor({ timeout: 30_000 });
        const created = (await backOffice.events(feedStart)).events.filter((event) => event.type === 'ticket.created');
        expect(created).toHaveLength(1);
        const offices = (await (await context.request.get('/ajax/offices')).json()) as {
          data: { id: number; name: string }[];
        };
        expect(created[0]!.payload).toMatchObject({
          contact: { email: clinic.email },
          address: { address: place.address, room: 'офис 12' },
          office_id: offices.data.find((office) => office.name === 'Головной сервисный центр')!.id,
        });
      },
      { standalone: true },
    );
  });
  it('on a desktop: every cabinet page offers the main form; instruments in the dialog, a last look, thanks, the ticket in the list', async () => {
    const clinic = await backOffice.client('main-form-password-2026');
    await withPage(browser, DESKTOP, 'repair-main-form', async (page) => {
      await loginFromHome(page, DESKTOP, clinic);
      await page.goto('/cabinet/bills');
      await page.getByRole('link', { name: 'Новая заявка' }).click();
      const form = page.getByRole('main');
      const greeting = visible(form.getByText(`Здравствуйте, ${'Ольга'}!`));
      await greeting.waitFor();
      // The form does not offer itself; at 1280 px the greeting stands beside the form, not above it.
      expect(await page.getByRole('link', { name: 'Новая заявка' }).count()).toBe(0);
      const formColumn = (await button(form, 'Отправить заявку').boundingBox())!;
      const aside = (await greeting.boundingBox())!;
      expect(aside.x).toBeGreaterThan(formColumn.x + formColumn.width);
      expect(aside.y).toBeLessThan(formColumn.y);
      // The photo zone's file button looks like the form's other secondary buttons.
      expect(await fileButtonLooks(page)).toEqual(await buttonLooks(button(form, 'Добавить инструмент')));
      // A new address through the address book's own dialog, chosen in the form at once.
      await button(form, 'Добавить адрес').click();
      const addAddress = dialogNamed(page, 'Новый адрес');
      await addAddress.getByLabel('Название').fill('Склад');
      await addAddress.getByRole('combobox', { name: 'Адрес' }).fill('Тверская 7');
      await addAddress.getByRole('option', { name: 'Россия, Москва, Тверская улица, 7' }).click();
      await visible(addAddress.getByText('Адрес найден')).waitFor();
      await addAddress.getByLabel('Квартира / офис').fill('офис 12');
      await button(addAddress, 'Сохранить').click();
      await addAddress.waitFor({ state: 'detached' });
      await expect
        .poll(async () => form.getByLabel('Сохранённый адрес').locator('option:checked').textContent())
        .toBe('Склад: Россия, Москва, Тверская улица, 7');
      expect(await form.getByLabel('Офис / квартира').inputValue()).toBe('офис 12');
      await fillRepairAddress(form);

      await button(form, 'Добавить инструмент').click();
      const adding = page.getByRole('dialog', { name: 'Добавление инструмента' });
      await fillTurbine(adding, 'SN-MAIN-1', 'Не вращается головка');
      await button(adding, 'Сохранить').click();
      await visible(
        form.getByRole('list', { name: 'Инструменты в заявке' }).getByText('Серийный номер: SN-MAIN-1'),
      ).waitFor();
      await acceptRepairConsents(form);
      await screenshot(page, 'repair-main-form-desktop');

      // The back office opened this account with its own password: the e-mail is confirmed first.
      await leaveContactStep(form, clinic.email, 'Отправить заявку');
      const attention = page.getByRole('dialog', { name: 'Внимание' });
      await button(attention, 'Отправить').click();
      const thanks = page.getByRole('dialog', { name: 'Спасибо!' });
      await visible(thanks.getByText('Ваша заявка успешно отправлена!')).waitFor();
      const ticketId = Number(/№(\d+)/.exec((await thanks.textContent()) ?? '')![1]);
      await screenshot(page, 'repair-main-form-thanks');
      await thanks.getByRole('link', { name: 'Мои заявки' }).click();
      await expect.poll(() => shownTicketIds(page)).toContain(ticketId);

      // The same form on the narrowest phone: nothing wider than the screen.
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto('/cabinet/repair');
      await visible(page.getByRole('button', { name: 'Добавить инструмент' })).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);
      await screenshot(page, 'repair-main-form-360');
    });
  });
});
