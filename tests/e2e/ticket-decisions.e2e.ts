// The ticket once the clinic has decided on every quote (ADR 0021: the ticket must not ask for what
// was already done): a fresh clinic whose ticket waits with three quotes (set up by the back office
// through the integration API). On a 360 × 640 phone the clinic approves one, rejects one and
// discusses one; then neither the ticket page nor the requests list says 'Требует согласования',
// each card's badge says its decision, the discussion's question stays on its card, the cost leaves
// the rejected quote out, and the history has its own way back. The 1280 × 800 desktop sees the same.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOffice } from './back-office.ts';
import { DESKTOP, PHONE, launchBrowser, screenshot, withPage, type ScreenSize } from './support.ts';
import {
  button,
  cabinet,
  chooseRadio,
  dialogNamed,
  expectDecision,
  expectText,
  statementCard,
  visible,
  loginFromHome,
} from './ui.ts';

/** The smallest phone the portal is laid out for. */
const SMALL_PHONE: ScreenSize = { name: 'phone', options: { ...PHONE.options, viewport: { width: 360, height: 640 } } };

const QUOTES = {
  approve: {
    series: 'TD-101',
    type: 1,
    name: 'Турбинный наконечник NSK Pana-Max (решения)',
    defect: 'Износ подшипников',
    sum: '10000.00',
  },
  reject: {
    series: 'TD-202',
    type: 2,
    name: 'Угловой наконечник NSK Ti-Max X25L (решения)',
    defect: 'Люфт цанги',
    sum: '4000.00',
  },
  discuss: {
    series: 'TD-303',
    type: 3,
    name: 'Скалер EMS Piezon (решения)',
    defect: 'Не держит частоту',
    sum: '6000.00',
  },
} as const;
const QUESTION = 'Можно ли заменить только пьезоэлемент?';
const NEEDS_DECISION = 'Требует согласования';

let browser: Browser;
let clinic: { id: number; email: string; password: string };
let ticketId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  clinic = await backOffice.client('decisions-password-2026');
  const quotes = Object.values(QUOTES);
  const ticket = await backOffice.ticket({
    client_id: clinic.id,
    status: 5,
    instruments: quotes.map((quote) => ({ serial_number: quote.series, type: quote.type, status: 2 })),
  });
  ticketId = ticket.id;
  for (const quote of quotes) await backOffice.defect(ticketId, { ...quote, status: 1 });
});
afterAll(async () => {
  await browser?.close();
});

async function login(page: Page, size: ScreenSize): Promise<void> {
  await loginFromHome(page, size, clinic);
  await page.waitForURL((url) => url.pathname === '/cabinet/tickets');
}

async function openTicket(page: Page): Promise<void> {
  await page.goto(`/cabinet/tickets/${ticketId}`);
  await visible(page.getByRole('heading', { level: 1, name: `Заявка на ремонт №${ticketId}` })).waitFor();
  await visible(page.getByRole('heading', { name: cabinet.statementsHeading })).waitFor();
}

/** The ticket as it must look after the three decisions. */
async function expectDecided(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expectDecision(statementCard(page, QUOTES.approve.name), cabinet.decided.approved);
  await expectDecision(statementCard(page, QUOTES.reject.name), cabinet.decided.rejected);
  await expectDecision(statementCard(page, QUOTES.discuss.name), cabinet.decided.discussed);
  await expectText(statementCard(page, QUOTES.discuss.name), QUESTION);
  await expectText(statementCard(page, QUOTES.reject.name), cabinet.rejectReason);
  await expectText(main, cabinet.decided.approved);
  expect(await main.getByText(NEEDS_DECISION).count()).toBe(0);
  // No mass actions left over, disabled or not: the block says what was decided instead.
  const summary = visible(page.getByRole('region', { name: 'Согласование работ' }));
  await expectText(summary, 'Решения по всем ведомостям уже приняты.');
  expect(await summary.getByRole('button').count()).toBe(0);
  // 10 000 + 6 000: the rejected 4 000 is not a cost of works any more.
  await expectText(summary, /Стоимость работ\s*16\s000,00\s₽/);
}

describe('a ticket after a decision on every quote', () => {
  it('on a 360 px phone: approve, reject, discuss; the page and the list stop asking, the history has a way back', async () => {
    await withPage(browser, SMALL_PHONE, 'ticket-decisions-phone', async (page) => {
      await login(page, SMALL_PHONE);
      await openTicket(page);
      await expectText(page.getByRole('main'), NEEDS_DECISION);

      const approved = statementCard(page, QUOTES.approve.name);
      await button(approved, cabinet.approve).click();
      const confirm = dialogNamed(page, cabinet.approveDialog);
      await button(confirm, cabinet.approve).click();
      await confirm.waitFor({ state: 'detached' });
      await expectDecision(approved, cabinet.decided.approved);

      const rejected = statementCard(page, QUOTES.reject.name);
      await button(rejected, cabinet.reject).click();
      const reject = dialogNamed(page, cabinet.rejectDialog);
      await chooseRadio(reject, cabinet.rejectReason);
      await button(reject, cabinet.rejectSubmit).click();
      await reject.waitFor({ state: 'detached' });

      const discussed = statementCard(page, QUOTES.discuss.name);
      await button(discussed, cabinet.discuss).click();
      const discuss = dialogNamed(page, cabinet.discussDialog);
      await discuss.getByLabel(cabinet.comment, { exact: true }).fill(QUESTION);
      await button(discuss, cabinet.send).click();
      await discuss.waitFor({ state: 'detached' });

      // At once, without a reload…
      await expectDecided(page);
      // …and after one (the server has it all).
      await page.reload();
      await visible(page.getByRole('heading', { name: cabinet.statementsHeading })).waitFor();
      await expectDecided(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'ticket-after-decisions-360');
      await visible(page.getByRole('heading', { name: cabinet.statementsHeading })).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
      await screenshot(page, 'ticket-after-decisions-360-statements');

      // The history replaces the statements with its own way back; Escape goes back too.
      const toggle = visible(page.getByRole('button', { name: 'Показать историю' }));
      await toggle.click();
      const history = visible(page.getByRole('region', { name: 'История заявки' }));
      await expectText(history, /МСК/);
      const back = history.getByRole('button', { name: 'Вернуться к ведомостям' });
      await back.waitFor();
      expect(await history.getByRole('link', { name: 'Перейти к заявке' }).count()).toBe(0);
      await screenshot(page, 'ticket-history-360');
      await back.click();
      await visible(page.getByRole('heading', { name: cabinet.statementsHeading })).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Показать историю');
      await toggle.click();
      await history.waitFor();
      await page.keyboard.press('Escape');
      await visible(page.getByRole('heading', { name: cabinet.statementsHeading })).waitFor();

      // The list agrees: no 'Требует согласования', no attention mark on the number.
      await page.goto('/cabinet/tickets');
      const more = visible(page.getByRole('link', { name: `Подробнее о заявке №${ticketId}` }));
      await more.waitFor();
      // Its card (the status filter's options say 'Требует согласования' too, as they should).
      const card = visible(page.getByRole('main').getByRole('listitem').filter({ has: more }));
      // A question still waits for the service centre's answer: its move, not 'Работы согласованы' yet.
      await expectText(card, 'Ожидает одобрения');
      expect(await card.getByText(NEEDS_DECISION).count()).toBe(0);
      expect(await card.locator('[data-attention]').count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'tickets-list-after-decisions-360');
    });
  });

  it('on a 1280 px desktop: the same decided ticket', async () => {
    await withPage(browser, DESKTOP, 'ticket-decisions-desktop', async (page) => {
      await login(page, DESKTOP);
      await openTicket(page);
      await expectDecided(page);
      await screenshot(page, 'ticket-after-decisions-1280');
      await statementCard(page, QUOTES.discuss.name).scrollIntoViewIfNeeded();
      await screenshot(page, 'ticket-after-decisions-1280-discussed');
    });
  });
});
