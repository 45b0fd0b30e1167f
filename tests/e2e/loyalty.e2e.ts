// The loyalty ledger end to end: an account the back office opened takes part at once
// — its Бонусы page says it earns, with nothing to confirm; the back office marks a bill paid now
// (earlier payments, from before the account, earn nothing), and the page shows 5 % of the bill
// waiting for its activation date in 2 days, on a desktop and on a 360 px phone.
import { describe, expect, it } from 'vitest';
import { backOffice, integration } from './back-office.ts';
import { browserForFile, DESKTOP, PHONE, screenshot, withPage } from './support.ts';
import { cabinetNav, headerPoints, visible, loginFromHome } from './ui.ts';
import { DAY_MS } from '../../src/shared/durations.ts';

const browser = browserForFile();

describe('Бонусы', () => {
  it('a bill paid now shows 5 % waiting for activation on the Бонусы page', async () => {
    const clinic = await backOffice.client('loyalty-password-2026');
    const billNumber = `СЧ-E2E-${clinic.id}`;

    await withPage(browser, DESKTOP, 'loyalty-desktop', async (page) => {
      await loginFromHome(page, DESKTOP, clinic);
      await page.goto('/cabinet/tickets');
      await cabinetNav(page).getByRole('link', { name: 'Бонусы' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Бонусы' })).waitFor();
      await headerPoints(page, '0').waitFor();

      // An account the back office opened is a participant from then: told it earns, nothing to confirm.
      const notice = page.getByRole('region', { name: 'Начисление бонусов' });
      await visible(notice.getByText(/Вы участник программы лояльности/)).waitFor();
      expect(await page.getByRole('button', { name: 'Подтверждаю' }).count()).toBe(0);

      // The bill is issued and then marked paid now (paid_at defaults to the moment).
      const { id: billId } = await backOffice.bill({
        client_id: clinic.id,
        id_1c: billNumber,
        date: '2026-03-01',
        amount_document: '12000.00',
        status: 'Не оплачен',
      });
      await backOffice.patchBill(billId, 'Оплачен');
      await page.reload();
      await visible(page.getByRole('region', { name: 'Ожидают активации: 600' })).waitFor();
      // The day the ledger says, as the page writes it in the browser's zone (Moscow, support.ts):
      // computing it here from the clock in UTC failed around Moscow's midnight.
      const { entries } = await integration<{ entries: Array<{ delta: number; activates_at: string | null }> }>(
        `/clients/${clinic.id}/points`,
      );
      const accrual = entries.find((entry) => entry.delta === 600);
      expect(accrual?.activates_at).toBeTruthy();
      expect(new Date(accrual!.activates_at!).getTime() - Date.now()).toBeGreaterThan(DAY_MS);
      const activates = new Intl.DateTimeFormat('ru-RU', {
        day: '2-digit',
        month: '2-digit',
        timeZone: 'Europe/Moscow',
      }).format(new Date(accrual!.activates_at!));
      await visible(page.getByText(`ещё 600 бонусов станут доступны ${activates}`)).waitFor();
      await headerPoints(page, '0').waitFor(); // pending points are not spendable yet
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
      await visible(page.getByRole('region', { name: 'Ожидают активации: 600' })).waitFor();
      await visible(page.getByRole('list', { name: 'История бонусов' }).getByText(`Счёт №${billNumber}`)).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);
      await screenshot(page, 'loyalty-bonuses-360');
    });
  });
});
