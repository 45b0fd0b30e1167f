// The loyalty ledger end to end (issue 15): a clinic confirms it may take part on its Бонусы page;
// the back office marks a bill paid three days ago; the header's balance and the page grow by 5 %
// of the bill at once (2 days of activation have passed), on a desktop and on a 360 px phone.
import { describe, expect, it } from 'vitest';
import { backOffice } from './back-office.ts';
import { browserForFile, DESKTOP, PHONE, screenshot, withPage } from './support.ts';
import { cabinetNav, headerPoints, visible, loginFromHome } from './ui.ts';

const browser = browserForFile();

const DAY_MS = 24 * 60 * 60 * 1000;

describe('Бонусы (issue 15)', () => {
  it('a bill paid three days ago adds 5 % to the header balance and the Бонусы page', async () => {
    const clinic = await backOffice.client('loyalty-password-2026');
    const billNumber = `СЧ-E2E-${clinic.id}`;

    await withPage(browser, DESKTOP, 'loyalty-desktop', async (page) => {
      await loginFromHome(page, DESKTOP, clinic);
      await page.goto('/cabinet/tickets');
      await cabinetNav(page).getByRole('link', { name: 'Бонусы' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Бонусы' })).waitFor();
      await headerPoints(page, '0').waitFor();

      // An account the back office opened has not confirmed the participant condition yet.
      const notice = page.getByRole('region', { name: 'Начисление бонусов' });
      await visible(notice.getByText(/Бонусы не начисляются/)).waitFor();
      await notice.getByRole('button', { name: 'Подтверждаю' }).click();
      await notice.waitFor({ state: 'detached' });

      // The bill is issued and then marked paid with the payment three days ago (the clinic never has an unpaid bill to be told about).
      const { id: billId } = await backOffice.bill({ client_id: clinic.id, id_1c: billNumber, date: '2026-03-01', amount_document: '12000.00', status: 'Не оплачен' });
      await backOffice.patchBill(billId, 'Оплачен', new Date(Date.now() - 3 * DAY_MS).toISOString());
      await page.reload();
      const balance = page.getByRole('region', { name: 'Доступно' });
      await visible(balance.getByText('600')).waitFor();
      await headerPoints(page, '600').waitFor();
      const ledger = page.getByRole('list', { name: 'История бонусов' });
      const row = ledger.getByRole('listitem').first();
      await visible(row.getByText('+600')).waitFor();
      expect(await row.getByRole('link', { name: `Счёт №${billNumber}` }).isVisible()).toBe(true);
      await screenshot(page, 'loyalty-bonuses-desktop');
    });

    await withPage(browser, PHONE, 'loyalty-phone', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await loginFromHome(page, PHONE, clinic);
      await page.goto('/cabinet/bonuses');
      await visible(page.getByRole('region', { name: 'Доступно' }).getByText('600')).waitFor();
      await visible(page.getByRole('list', { name: 'История бонусов' }).getByText(`Счёт №${billNumber}`)).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);
      await screenshot(page, 'loyalty-bonuses-360');
    });
  });
});
