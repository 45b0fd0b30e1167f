// A clinic's team at 360 px (issue 41, ADR 0049): the owner invites an address with no account at
// 'Только заявки'; the colleague accepts from the mailed link (a first tap on a dead network keeps
// the form), lands in the owner's tickets, sees no bills of the owner's and no decision buttons; the
// owner raises the level in place ('Изменить доступ'); the colleague approves a quote, and is told of
// the owner's ticket in Уведомления. On the way the colleague makes a request for the clinic
// ('Оставить заявку от имени клиники'), which the owner finds in the clinic's tickets.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backOffice } from './back-office.ts';
import {
  browserForFile,
  nextMail,
  openPage,
  PHONE,
  screenshot,
  uniqueEmail,
  withPage,
  type ScreenSize,
} from './support.ts';
import {
  acceptRepairConsents,
  button,
  cabinet,
  dialogNamed,
  expectDecision,
  fillRepairAddress,
  fillTurbine,
  loginFromHome,
  shownTicketIds,
  statementCard,
  visible,
} from './ui.ts';

const browser = browserForFile();

/** The narrowest phone the portal is made for. */
const PHONE_360: ScreenSize = { name: 'phone', options: { ...PHONE.options, viewport: { width: 360, height: 740 } } };

/** The invitation link of the mail, as a path (`/client/invitation/{token}`). */
function invitationPath(text: string): string {
  const link = /https?:\/\/[^\s"'<>]+\/client\/invitation\/[^\s"'<>]+/.exec(text)?.[0];
  if (!link) throw new Error(`no invitation link in the mail:\n${text}`);
  return new URL(link).pathname;
}

/** Taps the level's row (its label covers the row, hint and circle included), as a user does. */
async function chooseLevel(scope: ReturnType<typeof dialogNamed>, label: string) {
  await scope.locator('label', { hasText: new RegExp(`^${label}`) }).click();
  expect(await scope.getByRole('radio', { name: new RegExp(`^${label}`) }).isChecked()).toBe(true);
}

describe("a clinic's team", () => {
  it('invites a receptionist at «Только заявки», who accepts, reads tickets only, and approves once the level is raised', async () => {
    const owner = await backOffice.client('team-owner-password-2026');
    const quote = { series: 'TEAM-1', type: 1, name: 'Наконечник (команда)', defect: 'Люфт ротора', sum: '7300.00' };
    const ticket = await backOffice.ticket({
      client_id: owner.id,
      status: 5,
      instruments: [{ serial_number: quote.series, type: quote.type, status: 2 }],
    });
    await backOffice.defect(ticket.id, { ...quote, status: 1 });
    // Paid: the unpaid-bills notice would cover the pages (portal.md §4.6), and this bill is only to be not shown.
    await backOffice.bill({
      client_id: owner.id,
      id_1c: 'TEAM-BILL-1',
      date: '2026-03-01',
      amount_document: '7300.00',
      status: 'Оплачен',
    });
    const email = uniqueEmail('receptionist');

    const a = await openPage(browser, PHONE_360);
    try {
      await loginFromHome(a.page, PHONE_360, owner);
      await a.page.goto('/cabinet/accesses');
      await visible(a.page.getByText('Нет связанных аккаунтов')).waitFor();
      await button(a.page, 'Добавить пользователя').click();
      const grant = dialogNamed(a.page, 'Добавить пользователя');
      await grant.getByLabel('Эл. почта коллеги').fill(email);
      await chooseLevel(grant, 'Только заявки');
      await button(grant, 'Выдать доступ').click();
      await visible(grant.getByText('Приглашение отправлено')).waitFor();
      await button(grant, 'Готово').click();
      const list = a.page.getByRole('list', { name: 'Связанные аккаунты' });
      await visible(list.getByText('Приглашение отправлено')).waitFor();
      await screenshot(a.page, 'team-invited');

      const mail = await nextMail(email, 0);
      // The owner trying the link in the same browser is told who is logged in, not given the form
      // (accepting would replace the owner's session; the server refuses it too).
      await a.page.goto(invitationPath(`${mail.text}\n${mail.html ?? ''}`));
      await visible(a.page.getByText(`Вы вошли как ${owner.email}.`, { exact: false })).waitFor();
      expect(await a.page.getByRole('form', { name: 'Принять приглашение' }).count()).toBe(0);
      await visible(button(a.page.getByRole('main'), 'Выйти')).waitFor();
      await screenshot(a.page, 'team-invitation-logged-in');
      await a.page.goto('/cabinet/accesses');
      await visible(list.getByText('Приглашение отправлено')).waitFor();

      await withPage(browser, PHONE_360, 'team-colleague', async (b: Page) => {
        await b.goto(invitationPath(`${mail.text}\n${mail.html ?? ''}`));
        const form = b.getByRole('form', { name: 'Принять приглашение' });
        await visible(form.getByText(/Только заявки/)).waitFor();
        await form.getByLabel('Имя').fill('Мария');
        await form.getByLabel('Фамилия').fill('Белова');
        await form.getByLabel('Телефон').pressSequentially('9120001122');
        await form.getByLabel('Пароль', { exact: true }).fill('светлый-кабинет-42');
        await form.getByLabel('Повторите пароль').fill('светлый-кабинет-42');
        // A dead network on a phone that still says online, on this first visit (no service worker yet):
        // the call fails, then the chunk of the probe that watches for the server's return; the page says
        // so and keeps what was typed, it does not reload itself into the browser's error page. (The
        // chunks a guest's page preloads once idle are in by then.)
        await b.waitForLoadState('networkidle');
        const pageErrors: string[] = [];
        b.on('pageerror', (error) => pageErrors.push(error.message));
        await b.route('**/*', (route) => route.abort('internetdisconnected'));
        await button(form, 'Принять приглашение').click();
        await visible(form.getByText(/^Нет связи с сервером/)).waitFor();
        await b.unroute('**/*');
        expect(await form.getByLabel('Имя').inputValue()).toBe('Мария');
        expect(pageErrors).toEqual([]);
        await button(form, 'Принять приглашение').click();

        // Logged in, in the owner's tickets.
        await b.waitForURL('**/cabinet/tickets');
        await expect.poll(() => shownTicketIds(b)).toContain(ticket.id);
        await screenshot(b, 'team-colleague-tickets');
        // 'Только заявки' and no bills of their own: no Счета in the tab bar (ADR 0054).
        const tabs = b.getByRole('navigation', { name: 'Меню приложения' });
        await visible(tabs.getByRole('link', { name: 'Заявки' })).waitFor();
        expect(await tabs.getByRole('link', { name: /^Счета/ }).count()).toBe(0);

        // A request of the colleague's own for the clinic ('Оставить заявку от имени клиники'): it goes to the owner's tickets.
        await button(b, 'Оставить заявку от имени клиники').click();
        const sheet = visible(b.getByRole('dialog', { name: 'Заявка на ремонт' }));
        await visible(sheet.getByText(/^Заявка от имени клиники «.+»/)).waitFor();
        await visible(sheet.getByRole('heading', { name: 'Контактная информация' })).waitFor();
        await button(sheet, 'Далее').click();
        await fillRepairAddress(sheet);
        await button(sheet, 'Далее').click();
        await visible(sheet.getByRole('heading', { name: 'Оборудование' })).waitFor();
        await fillTurbine(sheet, 'SN-TEAM-REQUEST', 'Не вращается');
        await acceptRepairConsents(sheet);
        await screenshot(b, 'team-colleague-request');
        await button(sheet, 'Отправить заявку').click();
        const sent = visible(sheet.getByText(/^Заявка №\d+ отправлена\.$/));
        await sent.waitFor();
        const requestId = Number(/№(\d+)/.exec((await sent.textContent()) ?? '')![1]);
        await sheet.getByRole('link', { name: 'Мои заявки' }).click();
        await expect.poll(() => shownTicketIds(b)).toContain(requestId);
        // No bills of the owner's.
        await b.goto('/cabinet/bills');
        await visible(b.getByRole('heading', { level: 1 })).waitFor();
        expect(await b.getByText('TEAM-BILL-1').count()).toBe(0);
        // The ticket to read: no decision buttons, no cost.
        await b.goto(`/cabinet/tickets/${ticket.id}`);
        const card = statementCard(b, quote.name);
        await card.waitFor();
        expect(await card.getByRole('button', { name: cabinet.approve, exact: true }).count()).toBe(0);
        expect(await b.getByText(/7\s300/).count()).toBe(0);
        await screenshot(b, 'team-colleague-read-only');

        // The owner opens Доступы again (the colleague is listed now, no longer invited) and raises the level in place.
        await a.page.reload();
        await visible(list.getByText('Только заявки')).waitFor();
        await a.page.getByRole('button', { name: `Изменить доступ ${email}` }).click();
        const change = dialogNamed(a.page, 'Изменить доступ');
        await chooseLevel(change, 'Заявки и согласования');
        await button(change, 'Сохранить').click();
        await change.waitFor({ state: 'detached' });
        await visible(list.getByText('Заявки и согласования')).waitFor();

        // The colleague's next request follows it: the quote can be approved.
        await b.reload();
        const open = statementCard(b, quote.name);
        await button(open, cabinet.approve).click();
        await button(dialogNamed(b, cabinet.approveDialog), cabinet.approve).click();
        await expectDecision(open, cabinet.decided.approved);
        await screenshot(b, 'team-colleague-approved');

        // The back office tells the owner about the ticket: the colleague is told too, in Уведомления.
        await backOffice.notification(owner.id, 'Инструменты команды отправлены в клинику', {
          ticket_id: ticket.id,
          topic: 'ticket',
        });
        await b.goto('/cabinet/notifications');
        await visible(b.getByText('Инструменты команды отправлены в клинику')).waitFor();
        // 'Заявки и согласования' gives bills: Счета is back in the tab bar.
        await visible(tabs.getByRole('link', { name: /^Счета/ })).waitFor();
        // The owner finds the colleague's request among the clinic's own.
        await a.page.goto('/cabinet/tickets');
        await expect.poll(() => shownTicketIds(a.page)).toContain(requestId);
      });
    } finally {
      await a.context.close();
    }
  });
});
