// The courier's app end to end at 360 px (issue 37, ADR 0047): the back office makes a courier and
// two stops on a clinic's tickets; the courier logs in, lands on its route, sees both stops on the
// list and on the map, loses the network, reloads, marks one 'Забрал' (with a photo taken then) and the
// other 'Не застал' with no connection; when the network is back the service worker sends both once —
// the feed holds one `stop.done`, naming the photo, which the back office can download, and one
// `stop.failed` — and the clinic's ticket shows the pickup. Tomorrow's stop offers no actions, only
// when it can be marked; an unknown courier address is the courier's own 404.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backOffice, PNG_BYTES } from './back-office.ts';
import {
  browserForFile,
  e2eServer,
  openControlled,
  PHONE,
  PHONE_WITH_WORKER,
  savedCopy,
  screenshot,
  settle,
  withPage,
  type ScreenSize,
} from './support.ts';
import { button, expectText, loginFromHome, visible, logIn } from './ui.ts';

const browser = browserForFile();

/** The phone: 360 px wide, with the service worker on. */
const PHONE_360: ScreenSize = {
  name: 'phone',
  options: { ...PHONE_WITH_WORKER.options, viewport: { width: 360, height: 780 } },
};

/** Today in Moscow, as the courier's route counts days. */
const moscowToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

async function world() {
  const clinic = await backOffice.client('courier-clinic-2026', { company: 'Клиника «Северная»' });
  const first = await backOffice.ticket({
    client_id: clinic.id,
    status: 1,
    instruments: [
      { serial_number: 'CR-101', type: 1, description: 'Не вращается', status: 1 },
      // A 'Свой вариант' the back office described: the card names it by that, not by its type.
      { serial_number: 'CR-102', type: 12, description: 'Фотополимерная лампа', status: 1 },
    ],
  });
  const second = await backOffice.ticket({
    client_id: clinic.id,
    status: 1,
    instruments: [{ serial_number: 'CR-201', type: 1, description: 'Люфт', status: 1 }],
  });
  const courier = await backOffice.courier('courier-e2e-password-2026');
  const date = moscowToday();
  const contact = { name: 'Ольга Кузнецова', phone: '+79161234567' };
  const pickup = await backOffice.stop({
    ticket_id: first.id,
    kind: 'pickup',
    courier_id: courier.id,
    date,
    window: '10:00-13:00',
    address: {
      address: 'Москва, ул. Тверская, 7',
      room: 'офис 12',
      comment: 'Вход со двора',
      coordinates: '55.7602,37.6085',
    },
    contact,
  });
  const missed = await backOffice.stop({
    ticket_id: second.id,
    kind: 'pickup',
    courier_id: courier.id,
    date,
    window: '14:00-18:00',
    address: { address: 'Москва, Ленинский проспект, 30', room: '', comment: '', coordinates: '55.7070,37.5870' },
    contact,
  });
  const { next } = await backOffice.events();
  const stopEvents = async () =>
    (await backOffice.events(next)).events.filter(
      (event) => event.type === 'stop.done' || event.type === 'stop.failed' || event.type === 'stop.en_route',
    );
  return { clinic, first, courier, pickup, missed, stopEvents };
}

const savedRoute = (page: Page) => savedCopy(page, 'courier-route');

/** The route's saved copy holds both stops (written to IndexedDB after the list was answered). */
async function routeSaved(page: Page, stopIds: number[]): Promise<void> {
  const saved = () => savedRoute(page);
  for (const id of stopIds) await expect.poll(saved, { timeout: 15_000 }).toContain(`\\"id\\":${id},`);
}

const stopRows = (page: Page) => page.getByTestId('courier-stop');

/** Takes the fake tile (and geo) server down with this status, or brings it back (null). */
const setTiles = (status: number | null) =>
  fetch(`${e2eServer().geoFakeUrl}/__fake/down`, { method: 'PUT', body: JSON.stringify({ status }) });

/** Whether nothing covers the element at its centre (in the page: passed to evaluate). */
function topmostAtCentre(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return top !== null && element.contains(top);
}

/** How many lines a control's label takes ('15 мин' on one, not '15' over 'мин'). */
const labelLines = (control: Locator) =>
  control.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

/** Whether the control is wholly on screen, above the courier's tab bar (not under it, nor below the fold). */
async function inSight(page: Page, control: Locator): Promise<boolean> {
  const box = await control.boundingBox();
  const bar = await page.getByRole('navigation', { name: 'Разделы курьера' }).boundingBox();
  return box !== null && bar !== null && box.y >= 0 && box.y + box.height <= bar.y;
}

describe("the courier's day", () => {
  it('lands on the route, shows it on the list and the map, marks two stops offline, and sends them once', async () => {
    const { clinic, first, courier, pickup, missed, stopEvents } = await world();

    await withPage(browser, PHONE_360, 'courier-day', async (page, context) => {
      // The clinics' login form; a courier lands on its route.
      await page.goto('/');
      await logIn(page, PHONE_360, courier);
      await page.waitForURL('**/courier');
      await openControlled(page, '/courier');

      await expect.poll(() => stopRows(page).count()).toBe(2);
      const [one, two] = [stopRows(page).nth(0), stopRows(page).nth(1)];
      await expectText(one, 'Клиника «Северная»');
      await expectText(one, 'Москва, ул. Тверская, 7, офис 12');
      await expectText(one, 'Вход со двора');
      await expectText(one, '10:00-13:00');
      await expectText(one, 'Забрать');
      await expectText(one, /2\s+инструмента/);
      await expectText(two, 'Москва, Ленинский проспект, 30');
      const tabs = page.getByRole('navigation', { name: 'Разделы курьера' });
      for (const name of ['Маршрут', 'Карта', 'Уведомления']) await visible(tabs.getByRole('link', { name })).waitFor();
      await visible(tabs.getByRole('button', { name: 'Ещё' })).waitFor();
      // The back office planned both stops for today before the login: each was a notice, counted on the tab.
      await visible(tabs.getByRole('link', { name: 'Уведомления, 2 непрочитанных' })).waitFor();
      await screenshot(page, 'phone-courier-route');

      // The map: a numbered marker for each stop, and its popup over everything on the map, also over
      // 'Карта недоступна' when the tile server is down.
      await setTiles(503);
      try {
        await tabs.getByRole('link', { name: 'Карта' }).click();
        await expect.poll(() => page.locator('.leaflet-marker-icon').count(), { timeout: 20_000 }).toBe(2);
        await visible(page.getByRole('link', { name: '1. Клиника «Северная»' })).waitFor();
        const unavailable = page.locator('output', { hasText: 'Карта недоступна' });
        await visible(unavailable).waitFor();
        await screenshot(page, 'phone-courier-map');
        await page.locator('.leaflet-marker-icon').first().click();
        const open = button(page, 'Открыть остановку');
        await open.waitFor();
        // The notice lets taps through (pointer-events: none), so a hit test would not see it: made hit-testable here.
        await unavailable.evaluate((element) => ((element as HTMLElement).style.pointerEvents = 'auto'));
        expect(await open.evaluate(topmostAtCentre)).toBe(true);
      } finally {
        await setTiles(null);
      }

      await tabs.getByRole('link', { name: 'Маршрут' }).click();
      await expect.poll(() => stopRows(page).count()).toBe(2);
      await routeSaved(page, [pickup.id, missed.id]);

      // No network: the route comes back from the phone, with its age.
      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => stopRows(page).count()).toBe(2);
      await visible(page.getByText(/^Обновлено /)).waitFor();

      // 'Забрал' on the first stop: the checklist (all ticked), who handed them over, Подтвердить.
      await stopRows(page).nth(0).getByRole('link').click();
      await visible(page.getByRole('heading', { name: '1. Клиника «Северная»' })).waitFor();
      await visible(page.getByRole('link', { name: 'Открыть в картах' })).waitFor();
      await expectText(page.getByRole('listitem').filter({ hasText: 'CR-102' }), /^Фотополимерная лампа, №\s+CR-102$/);
      await button(page, 'Забрал').click();
      const boxes = page.getByRole('checkbox');
      await expect.poll(() => boxes.count()).toBe(2);
      for (const box of await boxes.all()) expect(await box.isChecked()).toBe(true);
      await page.getByLabel('Кто передал инструменты').fill('Ольга Кузнецова');
      // A photo taken with no connection stays on the phone and goes with the action (ADR 0051).
      await page
        .getByLabel('Фото (необязательно)')
        .setInputFiles({ name: 'handover.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) });
      await expectText(
        page.getByTestId('courier-done-photo'),
        'Фото сохранено на телефоне и отправится вместе с отметкой',
      );
      await page.getByTestId('courier-done-photo').scrollIntoViewIfNeeded();
      await screenshot(page, 'phone-courier-done-form');
      await button(page, 'Подтвердить').click();
      await visible(page.getByTestId('courier-stop-pending')).waitFor();
      await expectText(page.getByTestId('courier-stop-pending'), 'Забрал: Ожидает отправки');
      await screenshot(page, 'phone-courier-stop');

      // 'Не застал' on the second: 'Закрыто'.
      await page.getByRole('link', { name: '← Маршрут' }).click();
      await expect.poll(() => stopRows(page).count()).toBe(2);
      await stopRows(page).nth(1).getByRole('link').click();
      await visible(page.getByRole('heading', { name: '2. Клиника «Северная»' })).waitFor();
      // 'Еду' opens its choices below the buttons, at the foot of the card: brought into sight, one line each.
      await button(page, 'Еду').click();
      for (const choice of ['15 мин', '30 мин', '1 час']) {
        await expect.poll(() => inSight(page, button(page, choice))).toBe(true);
        expect(await labelLines(button(page, choice))).toBe(1);
      }
      await button(page, 'Не застал').click();
      await page.getByRole('radio', { name: 'Закрыто' }).check();
      await button(page, 'Подтвердить').click();
      await expectText(page.getByTestId('courier-stop-pending'), 'Не застал: Ожидает отправки');
      // The form went with its 'Подтвердить': the focus is on what happened, not back at the top of the page.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Нет связи: отметка сохранена');
      expect(await stopEvents()).toEqual([]);

      // The network is back: the worker sends both, once each.
      await context.setOffline(false);
      await expect
        .poll(async () => (await stopEvents()).map((event) => event.type).sort(), { timeout: 60_000, interval: 500 })
        .toEqual(['stop.done', 'stop.failed']);
      await page.getByTestId('courier-stop-pending').waitFor({ state: 'detached', timeout: 30_000 });
      const events = await stopEvents();
      const done = events.find((event) => event.type === 'stop.done')?.payload;
      expect(done).toMatchObject({ stop_id: pickup.id, photo_file_ids: [expect.any(Number)] });
      // The photo arrived whole, once, and is the back office's to read.
      const [photoId] = (done as { photo_file_ids: number[] }).photo_file_ids;
      expect(Buffer.from(await backOffice.fileBytes(photoId!))).toEqual(Buffer.from(PNG_BYTES));
      expect(events.find((event) => event.type === 'stop.failed')?.payload).toMatchObject({
        stop_id: missed.id,
        reason: 'closed',
      });
      await settle(page);

      // 'Ещё' → 'Выйти': the home page, and the route is no longer on the phone.
      await tabs.getByRole('button', { name: 'Ещё' }).click();
      await button(page.getByRole('dialog', { name: 'Ещё' }), 'Выйти').click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => savedRoute(page)).toBe('');
    });

    // The clinic reads the pickup on its ticket.
    await withPage(browser, PHONE, 'courier-clinic-ticket', async (page) => {
      await loginFromHome(page, PHONE, clinic);
      await page.goto(`/cabinet/tickets/${first.id}`);
      await visible(page.getByText(/^Курьер забрал инструменты \d\d\.\d\d в \d\d:\d\d \(2 из 2\)$/)).waitFor();
    });
  });

  it("shows tomorrow's stop with when it can be marked instead of the actions, and its own 404 inside the courier's app", async () => {
    const clinic = await backOffice.client('courier-clinic-2026', { company: 'Клиника «Завтрашняя»' });
    const ticket = await backOffice.ticket({
      client_id: clinic.id,
      status: 1,
      instruments: [{ serial_number: 'CR-301', type: 1, description: 'Не вращается', status: 1 }],
    });
    const courier = await backOffice.courier('courier-e2e-password-2026');
    const tomorrow = new Date(Date.parse(`${moscowToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await backOffice.stop({
      ticket_id: ticket.id,
      kind: 'pickup',
      courier_id: courier.id,
      date: tomorrow,
      address: { address: 'Москва, ул. Арбат, 10', room: '', comment: '', coordinates: '55.7520,37.5930' },
      contact: { name: 'Ольга Кузнецова', phone: '+79161234567' },
    });

    await withPage(browser, PHONE_360, 'courier-tomorrow', async (page) => {
      await page.goto('/');
      await logIn(page, PHONE_360, courier);
      await page.waitForURL('**/courier');
      await button(page, 'Завтра').click();
      await expect.poll(() => stopRows(page).count()).toBe(1);
      await stopRows(page).nth(0).getByRole('link').click();
      const when = page.getByTestId('courier-stop-off-day');
      await visible(when).waitFor();
      await expectText(
        when,
        `Остановка запланирована на ${tomorrow.slice(8, 10)}.${tomorrow.slice(5, 7)}: отметить её можно в этот день.`,
      );
      for (const name of ['Еду', 'Забрал', 'Не застал']) expect(await button(page, name).count()).toBe(0);
      await screenshot(page, 'phone-courier-tomorrow-stop');

      // An address the courier's app does not have: its own 404, in its shell, back to the route by keyboard.
      await page.goto('/courier/no-such-page');
      await visible(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).waitFor();
      await visible(page.getByRole('navigation', { name: 'Разделы курьера' })).waitFor();
      expect(await page.getByRole('link', { name: 'На главную' }).count()).toBe(0);
      await page.getByRole('link', { name: 'К маршруту' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/courier');
      await visible(page.getByRole('heading', { level: 1, name: 'Маршрут' })).waitFor();
    });
  });
});
