// The service worker's ticket cache end to end (DESIGN.md §Offline design, ADR 0011), on
// a phone: the requests list and a ticket opened online still show after a reload with no network,
// from the worker's saved answers, with their age and the offline banner; logging out deletes them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CACHED_AT_HEADER, TICKET_CACHE_NAME } from '../../src/shared/api/ticket-cache.ts';
import { backOffice } from './back-office.ts';
import { browserForFile, PHONE, PHONE_WITH_WORKER, screenshot, settle, withPage } from './support.ts';
import { cabinet, logout, loginWithWorker, shownTicketIds, statementCard, visible } from './ui.ts';

const QUOTE = {
  series: 'CACHE-1',
  type: 1,
  name: 'Наконечник W&H (сохранённый)',
  defect: 'Шум подшипника',
  sum: '5400.00',
};
// 'интернетом' when the browser says it is offline, 'сервером' when it claims a network its requests
// do not get through (some Chromium builds after an offline reload): both are this banner.
const OFFLINE_BANNER = /^Нет связи с (интернетом|сервером)\. Показаны сохранённые данные\.$/;

const browser = browserForFile();

/** The names in Cache Storage, as the page sees them. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/**
 * Drops the page's own saved copies of the list and the tickets (IndexedDB 'portal'/'state', see
 * src/client/lib/idb-storage.ts), so what shows after the reload can only come from the worker.
 */
async function forgetPageCopies(page: Page): Promise<void> {
  await page.evaluate(
    (keys) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('state', 'readwrite');
          for (const key of keys) transaction.objectStore('state').delete(key);
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    ['tickets', 'tickets-list'],
  );
}

/** The age line beside the heading ('Обновлено несколько секунд назад'). */
const ageLine = (page: Page) => visible(page.getByRole('main').getByText(/^Обновлено .+ назад$/));

describe('the ticket cache', () => {
  it('shows the list and a ticket opened online after a reload with no network, and is gone after logout', async () => {
    const clinic = await backOffice.client('cache-password-2026');
    const ticket = await backOffice.ticket({
      client_id: clinic.id,
      status: 5,
      instruments: [{ serial_number: QUOTE.series, type: QUOTE.type, status: 2 }],
    });
    await backOffice.defect(ticket.id, { ...QUOTE, status: 1 });

    // Online: the list, then the ticket, both through the worker.
    await withPage(browser, PHONE_WITH_WORKER, 'offline-cache', async (page, context) => {
      await loginWithWorker(page, clinic, '/cabinet/tickets');
      await expect.poll(() => shownTicketIds(page)).toContain(ticket.id);
      await page.goto(`/cabinet/tickets/${ticket.id}`);
      await statementCard(page, QUOTE.name).waitFor();
      expect(await cacheNames(page)).toContain(TICKET_CACHE_NAME);
      // Fresh from the server: no age, no banner.
      expect(await ageLine(page).count()).toBe(0);
      expect(await page.getByText(OFFLINE_BANNER).count()).toBe(0);

      await forgetPageCopies(page);
      await context.setOffline(true);

      await page.reload();
      await visible(page.getByRole('heading', { level: 1, name: `Заявка на ремонт №${ticket.id}` })).waitFor();
      await statementCard(page, QUOTE.name).getByRole('button', { name: cabinet.approve, exact: true }).waitFor();
      await ageLine(page).waitFor();
      await visible(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).waitFor();
      await screenshot(page, 'phone-offline-ticket');

      await page.goto('/cabinet/tickets');
      await expect.poll(() => shownTicketIds(page)).toContain(ticket.id);
      await ageLine(page).waitFor();
      await visible(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).waitFor();
      await screenshot(page, 'phone-offline-list');

      // Back online: the banner goes, and the list is the server's again (no age). The worker's own
      // network comes back a moment after the page's in this emulation: wait for it before the reload.
      await context.setOffline(false);
      await page.getByText(OFFLINE_BANNER).waitFor({ state: 'detached' });
      await expect
        .poll(() =>
          page.evaluate(
            (header) => fetch('/ajax/cabinet/tickets?limit=50').then((response) => response.headers.has(header)),
            CACHED_AT_HEADER,
          ),
        )
        .toBe(false);
      await page.reload();
      await expect.poll(() => shownTicketIds(page)).toContain(ticket.id);
      await settle(page); // the list's refresh has answered
      expect(await ageLine(page).count()).toBe(0);
      expect(await page.getByText(OFFLINE_BANNER).count()).toBe(0);

      // The saved answers are account data: logging out deletes them (the app shell stays).
      await logout(page, PHONE);
      await expect.poll(() => cacheNames(page)).not.toContain(TICKET_CACHE_NAME);
      expect((await cacheNames(page)).some((name) => name.includes('precache'))).toBe(true);
    });
  });

  it("gives the next clinic on a shared phone none of the previous one's tickets, after a session that ended without a logout", async () => {
    const first = await backOffice.client('first-clinic-2026');
    const next = await backOffice.client('next-clinic-2026');
    const firstTicket = await backOffice.ticket({
      client_id: first.id,
      status: 5,
      instruments: [{ serial_number: 'SHARED-1', type: QUOTE.type, status: 2 }],
    });
    await backOffice.defect(firstTicket.id, { ...QUOTE, series: 'SHARED-1', status: 1 });
    const nextTicket = await backOffice.ticket({
      client_id: next.id,
      status: 5,
      instruments: [{ serial_number: 'SHARED-2', type: QUOTE.type, status: 2 }],
    });

    await withPage(browser, PHONE_WITH_WORKER, 'shared-phone', async (page, context) => {
      await loginWithWorker(page, first, '/cabinet/tickets');
      await expect.poll(() => shownTicketIds(page)).toContain(firstTicket.id);
      await page.goto(`/cabinet/tickets/${firstTicket.id}`);
      await statementCard(page, QUOTE.name).waitFor();

      // The first clinic's session ends without a logout (it expired): its cookie is simply gone. The
      // page noticed (the saved account is nobody now) but was closed before its wipe had finished.
      await context.clearCookies();
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('portal');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const store = open.result.transaction('state', 'readwrite').objectStore('state');
              const read = store.get('account');
              read.onsuccess = () => {
                const saved = JSON.parse(String(read.result)) as { state: { user: unknown } };
                saved.state.user = null;
                store.put(JSON.stringify(saved), 'account').onsuccess = () => resolve();
              };
            };
          }),
      );
      await page.close();
      const reopened = await context.newPage();
      await loginWithWorker(reopened, next, '/cabinet/tickets');
      await expect.poll(() => shownTicketIds(reopened)).toContain(nextTicket.id);
      expect(await shownTicketIds(reopened)).not.toContain(firstTicket.id);

      // Nothing of the first clinic is left in the worker's saved answers…
      const savedPaths = await reopened.evaluate(async (name) => {
        const cache = await caches.open(name);
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
      }, TICKET_CACHE_NAME);
      expect(savedPaths.some((path) => path.endsWith(`/${firstTicket.id}`))).toBe(false);

      // …and offline the next clinic sees its own list, and not the first clinic's ticket.
      await context.setOffline(true);
      await reopened.reload();
      await expect.poll(() => shownTicketIds(reopened)).toContain(nextTicket.id);
      expect(await shownTicketIds(reopened)).not.toContain(firstTicket.id);
      await reopened.goto(`/cabinet/tickets/${firstTicket.id}`);
      await visible(reopened.getByRole('main').getByText(/Нет связи/)).waitFor();
      expect(await reopened.getByText(QUOTE.name).count()).toBe(0);
      await screenshot(reopened, 'phone-shared-offline-foreign-ticket');
      await context.setOffline(false);
    });
  });
});
