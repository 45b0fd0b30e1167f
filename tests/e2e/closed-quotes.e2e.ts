// A quote the back office cancels while the clinic has the ticket open (cabinet.md §4): on a 360 px
// phone the clinic taps 'Согласовать' on what it still sees as open; the server refuses with what
// happened, nothing is approved, and the ticket shows the statement cancelled without its buttons.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionMessages } from '#shared/screens/decisions.ts';
import { backOffice } from './back-office.ts';
import { PHONE, launchBrowser, screenshot, withPage, type ScreenSize } from './support.ts';
import { button, cabinet, dialogNamed, expectText, loginFromHome, statementCard, visible } from './ui.ts';

const SMALL_PHONE: ScreenSize = { name: 'phone', options: { ...PHONE.options, viewport: { width: 360, height: 640 } } };
const QUOTE = {
  series: 'CQ-404',
  type: 1,
  name: 'Турбинный наконечник W&H (отменённая ведомость)',
  defect: 'Износ подшипников',
  sum: '9000.00',
  status: 1,
};

let browser: Browser;
let clinic: { id: number; email: string; password: string };
let ticketId: number;
let quoteId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  clinic = await backOffice.client('closed-quotes-password-2026');
  const ticket = await backOffice.ticket({
    client_id: clinic.id,
    status: 5,
    instruments: [{ serial_number: QUOTE.series, type: QUOTE.type, status: 2 }],
  });
  ticketId = ticket.id;
  quoteId = (await backOffice.defect(ticketId, QUOTE)).id;
});
afterAll(async () => {
  await browser?.close();
});

async function openTicket(page: Page): Promise<void> {
  await loginFromHome(page, SMALL_PHONE, clinic);
  await page.waitForURL((url) => url.pathname === '/cabinet/tickets');
  await page.goto(`/cabinet/tickets/${ticketId}`);
  await visible(page.getByRole('heading', { name: cabinet.statementsHeading })).waitFor();
}

describe('a quote cancelled while the clinic looks at it', () => {
  it('the tap is refused with what happened, and the ticket then shows it cancelled with no buttons', async () => {
    await withPage(browser, SMALL_PHONE, 'closed-quote-phone', async (page) => {
      await openTicket(page);
      const card = statementCard(page, QUOTE.name);
      await button(card, cabinet.approve).waitFor();

      await backOffice.patchDefect(quoteId, { status: 4 });

      await button(card, cabinet.approve).click();
      const confirm = dialogNamed(page, cabinet.approveDialog);
      await button(confirm, cabinet.approve).click();
      // The popup turns into the refusal: what happened, and what changed.
      const refused = dialogNamed(page, 'Ведомость изменилась');
      await expectText(refused, decisionMessages.statementCancelled);
      await expectText(refused, 'Статус: было «Требует согласования», стало «Отменена»');
      await screenshot(page, 'closed-quote-refused-360');
      await button(refused, 'Понятно').click();
      await refused.waitFor({ state: 'detached' });

      await expectText(card, 'Отменена');
      await expectText(card, /Сервисный центр отменил ведомость/);
      expect(await card.getByRole('button', { name: cabinet.approve }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Согласовать все' }).count()).toBe(0);
      await screenshot(page, 'closed-quote-after-360');

      const decided = (await backOffice.events()).events.filter(
        (event) => event.type === 'defect.approved' && event.payload.defect_id === quoteId,
      );
      expect(decided).toHaveLength(0);
    });
  });
});
