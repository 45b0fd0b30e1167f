// The service worker's outbox end to end (issue 4 "Service worker", ADR 0010), on a phone: a
// statement approved with no network is kept by the worker, shown as waiting, reaches the server
// exactly once when the connection is back, and the card then shows it agreed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_QUEUED_MESSAGE } from '../../src/shared/api/outbox.ts';
import { backOffice } from './back-office.ts';
import { launchBrowser, screenshot } from './support.ts';
import { button, cabinet, dialogNamed, expectDecision, expectText, openWithWorker, statementCard, visible } from './ui.ts';

const QUOTE = { series: 'OFF-1', type: 1, name: 'Наконечник Sirona T1 (офлайн)', defect: 'Люфт ротора', sum: '7300.00' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a decision made offline', () => {
  it('is kept by the service worker, shown as waiting, and applied once when back online', async () => {
    const clinic = await backOffice.client('offline-password-2026');
    const ticket = await backOffice.ticket({ client_id: clinic.id, status: 5, instruments: [{ serial_number: QUOTE.series, type: QUOTE.type, status: 2 }] });
    const defect = await backOffice.defect(ticket.id, { ...QUOTE, status: 1 });
    const { next } = await backOffice.events();
    const approvals = async () =>
      (await backOffice.events(next)).events.filter((event) => event.type === 'defect.approved' && event.payload.defect_id === defect.id);

    const { context, page } = await openWithWorker(browser, clinic, `/cabinet/tickets/${ticket.id}`);
    try {
      const card = statementCard(page, QUOTE.name);
      await button(card, cabinet.approve).waitFor();

      await context.setOffline(true);
      await button(card, cabinet.approve).click();
      const confirm = dialogNamed(page, cabinet.approveDialog);
      await button(confirm, cabinet.approve).click();
      await confirm.waitFor({ state: 'detached' });
      await expectText(page, OUTBOX_QUEUED_MESSAGE);
      await card.getByText(/Ожидает отправки/).waitFor();
      const panel = visible(page.getByRole('region', { name: 'Решения, ожидающие отправки' }));
      await panel.waitFor();
      await screenshot(page, 'phone-offline-queued');
      expect(await approvals()).toEqual([]);

      await context.setOffline(false);
      // 'online' makes the page ask the worker to drain; the worker retries on its own too.
      await expect.poll(async () => (await approvals()).length, { timeout: 60_000, interval: 500 }).toBe(1);
      await expectDecision(card, cabinet.decided.approved);
      await panel.waitFor({ state: 'detached' });
      // Nothing more arrives later (the key makes any replay a no-op).
      await page.waitForTimeout(1000);
      expect(await approvals()).toHaveLength(1);
    } catch (error) {
      await screenshot(page, 'FAILED-offline-outbox').catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
