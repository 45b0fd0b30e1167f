// Access shared with a colleague end to end (cabinet.md §2 Accesses): clinic A gives B
// access by e-mail; B sees A's ticket in the list with A as its author and approves a quote (the
// event names B); A takes it back; B's list, the ticket page and a direct PDF link are refused, and
// the copy B's device saved of A's ticket is gone after B's next start.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { downloadPaths } from '../../src/shared/api/tickets.ts';
import { backOffice } from './back-office.ts';
import { browserForFile, DESKTOP, openPage, savedCopy, screenshot, withPage } from './support.ts';
import {
  button,
  cabinet,
  dialogNamed,
  expectDecision,
  shownTicketIds,
  statementCard,
  visible,
  loginFromHome,
} from './ui.ts';

const browser = browserForFile();

async function login(page: Page, account: { email: string; password: string }) {
  await loginFromHome(page, DESKTOP, account);
}

/** What the device keeps of the ticket pages (the persisted ticket store). */
const savedTickets = (page: Page) => savedCopy(page, 'tickets');

describe('Доступы', () => {
  it('A gives B access, B approves a quote of A, A takes it back and B has nothing of A any more', async () => {
    const owner = await backOffice.client('owner-password-2026');
    const colleague = await backOffice.client('colleague-password-2026');
    const quote = {
      series: 'ACC-1',
      type: 1,
      name: 'Наконечник (общий доступ)',
      defect: 'Люфт ротора',
      sum: '5200.00',
    };
    const ticket = await backOffice.ticket({
      client_id: owner.id,
      status: 5,
      instruments: [{ serial_number: quote.series, type: quote.type, status: 2 }],
    });
    const defect = await backOffice.defect(ticket.id, { ...quote, status: 1 });
    const { next: feedStart } = await backOffice.events();

    const a = await openPage(browser, DESKTOP);
    try {
      await login(a.page, owner);
      await a.page.goto('/cabinet/accesses');
      await visible(a.page.getByText('Нет связанных аккаунтов')).waitFor();
      await button(a.page, 'Добавить пользователя').click();
      const grant = dialogNamed(a.page, 'Добавить пользователя');
      await grant.getByLabel('Эл. почта коллеги').fill(colleague.email);
      await button(grant, 'Выдать доступ').click();
      await visible(grant.getByText('Доступ выдан')).waitFor();
      await button(grant, 'Готово').click();
      await visible(a.page.getByRole('list', { name: 'Связанные аккаунты' }).getByText(colleague.email)).waitFor();
      await screenshot(a.page, 'accesses-granted');

      await withPage(browser, DESKTOP, 'accesses-colleague', async (b) => {
        await login(b, colleague);
        await b.goto('/cabinet/tickets');
        await expect.poll(() => shownTicketIds(b)).toContain(ticket.id);
        await visible(b.getByText(owner.email).first()).waitFor();
        await b.goto(`/cabinet/tickets/${ticket.id}`);
        const card = statementCard(b, quote.name);
        await button(card, cabinet.approve).click();
        await button(dialogNamed(b, cabinet.approveDialog), cabinet.approve).click();
        await expectDecision(card, 'Работы согласованы');
        const approved = (await backOffice.events(feedStart)).events.filter(
          (event) => event.type === 'defect.approved',
        );
        expect(approved.map((event) => event.payload)).toEqual([
          expect.objectContaining({ defect_id: defect.id, actor_client_id: colleague.id }),
        ]);
        expect(await savedTickets(b)).toContain(quote.name);

        // A takes the access back.
        await a.page.getByRole('button', { name: `Удалить доступ ${colleague.email}` }).click();
        await button(dialogNamed(a.page, 'Отозвать доступ?'), 'Отозвать').click();
        await visible(a.page.getByText('Нет связанных аккаунтов')).waitFor();

        // B's next start: the saved copy of A's ticket is gone, and A's ticket is refused everywhere.
        await b.goto('/cabinet/tickets');
        await expect.poll(() => savedTickets(b)).not.toContain(quote.name);
        await expect.poll(() => shownTicketIds(b)).not.toContain(ticket.id);
        await b.goto(`/cabinet/tickets/${ticket.id}`);
        await visible(b.getByRole('heading', { name: 'Заявка не найдена' })).waitFor();
        expect((await b.request.get(downloadPaths.ticketPdf(ticket.id))).status()).toBe(404);
        await screenshot(b, 'accesses-revoked');
      });
    } finally {
      await a.context.close();
    }
  });
});
