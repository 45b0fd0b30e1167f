// Telegram end to end (cabinet.md §2 Personal data, API.md §Notifications, ADR 0019): the clinic
// opens Личные данные and finds the bot's start link with its token; Telegram posts `/start <token>`
// to the webhook (here the test does, as Telegram would, with the secret); after a reload the page
// says 'Подключено'; the back office posts a notification and the fake Bot API receives it in the
// chat. The server runs against the local fake of the Bot API (tests/setup/telegram-fake.ts).
import { describe, expect, it } from 'vitest';
import { FAKE_BOT_NAME, FAKE_WEBHOOK_SECRET, telegramUpdate, type ReceivedMessage } from '../setup/telegram-fake.ts';
import { backOffice } from './back-office.ts';
import { browserForFile, DESKTOP, PHONE, baseURL, e2eServer, screenshot, withPage } from './support.ts';
import { dialog, loginForm, submitLogin, tab, visible, loginFromHome } from './ui.ts';

const browser = browserForFile();

async function messagesTo(chatId: number): Promise<string[]> {
  const answer = (await (await fetch(`${e2eServer().telegramFakeUrl}/__fake/messages`)).json()) as {
    received: ReceivedMessage[];
  };
  return answer.received.filter((message) => message.chat_id === String(chatId)).map((message) => message.text);
}

describe('Telegram', () => {
  it('links the chat from Личные данные through the webhook, and the next notification reaches it', async () => {
    const clinic = await backOffice.client('telegram-password-2026');
    const chatId = 900_000 + Math.floor(Math.random() * 99_999);
    await withPage(browser, PHONE, 'telegram', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await loginFromHome(page, PHONE, clinic);
      await page.goto('/cabinet/profile');
      const block = page.getByRole('region', { name: 'Уведомления в Telegram' });
      const open = block.getByRole('link', { name: 'Открыть Telegram' });
      await visible(open).waitFor();
      await visible(block.getByRole('img', { name: 'QR-код для подключения Telegram' })).waitFor();
      const link = new URL((await open.getAttribute('href')) ?? '');
      expect(`${link.origin}${link.pathname}`).toBe(`https://t.me/${FAKE_BOT_NAME}`);
      const token = link.searchParams.get('start') ?? '';
      expect(token).toMatch(/^[\w-]{32}$/);
      await block.scrollIntoViewIfNeeded();
      await screenshot(page, 'telegram-link-360');

      await block.getByRole('button', { name: 'Показать QR-код крупно' }).click();
      const qrDialog = page.getByRole('dialog', { name: 'QR-код для входа в Telegram-бот' });
      await visible(qrDialog.getByText(/наведите на QR-код/)).waitFor();
      await screenshot(page, 'telegram-qr-modal-360');
      await page.keyboard.press('Escape');
      await qrDialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);

      // What Telegram does when the user presses Start in the chat the link opened.
      const refused = await fetch(`${baseURL()}/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': 'not-the-secret-0123456789' },
        body: JSON.stringify(telegramUpdate(chatId, `/start ${token}`)),
      });
      expect(refused.status).toBe(403);
      const update = await fetch(`${baseURL()}/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': FAKE_WEBHOOK_SECRET },
        body: JSON.stringify(telegramUpdate(chatId, `/start ${token}`)),
      });
      expect(update.status).toBe(200);
      await expect
        .poll(() => messagesTo(chatId), { timeout: 15_000 })
        .toEqual([expect.stringMatching(/^Готово! Уведомления сервисного центра/)]);

      await page.reload();
      await visible(block.getByText('Подключено')).waitFor();
      await visible(block.getByRole('button', { name: 'Отключить' })).waitFor();
      await block.scrollIntoViewIfNeeded();
      await screenshot(page, 'telegram-connected-360');

      await backOffice.notification(clinic.id, 'Инструмент SN-77 готов к выдаче');
      await expect.poll(() => messagesTo(chatId), { timeout: 15_000 }).toHaveLength(2);
      expect((await messagesTo(chatId))[1]).toBe(
        `Инструмент SN-77 готов к выдаче\n\n${baseURL()}/cabinet/notifications`,
      );
    });
  });

  it('on a desktop: the block with its QR code beside the link, and the push switch on Уведомления', async () => {
    const clinic = await backOffice.client('telegram-desk-password-2026');
    await withPage(browser, DESKTOP, 'telegram-desktop', async (page) => {
      await loginFromHome(page, DESKTOP, clinic);
      await page.goto('/cabinet/profile');
      const qr = page.getByRole('img', { name: 'QR-код для подключения Telegram' });
      await visible(qr).waitFor();
      await qr.scrollIntoViewIfNeeded();
      await screenshot(page, 'telegram-link-1280');

      // Chromium has the Push API: the switch is offered, off until pressed (permission is asked then).
      await page.goto('/cabinet/notifications');
      const toggle = page.getByRole('switch', { name: 'Присылать уведомления на это устройство' });
      await visible(toggle).waitFor();
      expect(await toggle.isChecked()).toBe(false);
      await screenshot(page, 'push-switch-1280');
    });
  });

  it("in the installed app on a phone: the More panel offers 'Присылать уведомления на это устройство'", async () => {
    const clinic = await backOffice.client('push-panel-password-2026');
    await withPage(
      browser,
      PHONE,
      'push-more-panel',
      async (page) => {
        await page.setViewportSize({ width: 360, height: 780 });
        await page.goto('/cabinet/tickets?source=pwa');
        await submitLogin(loginForm(page), clinic.email, clinic.password);
        await tab(page, 'Ещё').click();
        const toggle = dialog(page).getByRole('switch', { name: 'Присылать уведомления на это устройство' });
        await visible(toggle).waitFor();
        expect(await toggle.isChecked()).toBe(false);
        await toggle.scrollIntoViewIfNeeded();
        await screenshot(page, 'push-more-panel-360');
      },
      { standalone: true },
    );
  });
});
