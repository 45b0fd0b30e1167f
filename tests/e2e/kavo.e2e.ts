// KAVO ID end to end (cabinet.md §2 Provider identity page, Settings; ADR 0018) against the local
// OpenID Connect provider the global setup starts (oidc-provider, PKCE required): 'Привязать KAVO
// ID' takes the browser to the provider's login and consent and back; the profile comes from the
// provider; the city is picked from the suggestions; Настройки lists the identity and unlinks it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backOffice } from './back-office.ts';
import { browserForFile, DESKTOP, PHONE, screenshot, withPage, type ScreenSize } from './support.ts';
import { button, dialogNamed, visible, loginFromHome } from './ui.ts';

const browser = browserForFile();

/** Through the provider's own pages, as its user would (logged in there already: straight to the consent). */
async function linkAt(page: Page, login: string, consent: 'Разрешить' | 'Отказать') {
  await button(page.getByRole('main'), 'Привязать KAVO ID').click();
  const loginPage = page.getByRole('heading', { name: 'Вход в KAVO ID' });
  const consentPage = page.getByRole('heading', { name: 'Доступ к данным KAVO ID' });
  await loginPage.or(consentPage).waitFor();
  if (await loginPage.isVisible()) {
    await page.getByLabel('Логин').fill(login);
    await page.getByRole('button', { name: 'Войти' }).click();
  }
  await consentPage.waitFor();
  await page.getByRole('button', { name: consent }).click();
  await page.waitForURL(/\/cabinet\/kavo-id/);
}

async function loggedInAt(page: Page, size: ScreenSize, path: string) {
  const clinic = await backOffice.client('kavo-password-2026');
  await loginFromHome(page, size, clinic);
  await page.goto(path);
}

describe('KAVO ID', () => {
  it('on a desktop: a denied consent links nothing; an accepted one links, shows and saves the profile; Настройки unlinks it', async () => {
    await withPage(browser, DESKTOP, 'kavo-desktop', async (page) => {
      await loggedInAt(page, DESKTOP, '/cabinet/kavo-id');
      await visible(page.getByText('Нет привязанных аккаунтов KAVO ID')).waitFor();

      await linkAt(page, 'kavo-ivanova', 'Отказать');
      const refused = dialogNamed(page, 'Ошибка');
      await visible(refused.getByText(/Ничего не привязано/)).waitFor();
      await button(refused, 'OK').click();
      expect(new URL(page.url()).search).toBe('');
      await visible(page.getByText('Нет привязанных аккаунтов KAVO ID')).waitFor();

      await linkAt(page, 'kavo-ivanova', 'Разрешить');
      await button(dialogNamed(page, 'KAVO ID привязан'), 'OK').click();
      const form = page.getByRole('form', { name: 'Профиль KAVO ID' });
      await expect.poll(() => form.getByLabel('Фамилия').inputValue()).toBe('Иванова');
      expect(await form.getByLabel('Телефон').inputValue()).toBe('+7 (916) 123-45-67');
      const save = button(form, 'Сохранить');
      expect(await save.isDisabled()).toBe(true);

      const city = form.getByRole('combobox', { name: 'Город' });
      await city.fill('');
      await city.pressSequentially('Алм');
      await page.getByRole('option', { name: 'Казахстан, Алматы' }).click();
      await screenshot(page, 'kavo-profile-desktop');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'kavo-page-desktop');
      await save.click();
      await button(dialogNamed(page, 'Данные успешно изменены!'), 'OK').click();
      await page.reload();
      await expect
        .poll(() =>
          page.getByRole('form', { name: 'Профиль KAVO ID' }).getByRole('combobox', { name: 'Город' }).inputValue(),
        )
        .toBe('Казахстан, Алматы');

      await page.goto('/cabinet/settings');
      const linked = page.getByRole('list', { name: 'Привязанные аккаунты KAVO ID' });
      await visible(linked.getByText('Иванова Мария Петровна')).waitFor();
      await linked.scrollIntoViewIfNeeded();
      await screenshot(page, 'kavo-settings-desktop');
      await button(linked, 'Отвязать Иванова Мария Петровна').click();
      await button(dialogNamed(page, 'Отвязать пользователя?'), 'Отвязать').click();
      await button(dialogNamed(page, 'Пользователь отвязан'), 'OK').click();
      await visible(page.getByText('Нет привязанных аккаунтов KAVO ID')).waitFor();
    });
  });

  it('on a phone at 360 px: the page and the profile fit', async () => {
    await withPage(browser, PHONE, 'kavo-phone', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await loggedInAt(page, PHONE, '/cabinet/kavo-id');
      await linkAt(page, 'kavo-sidorov', 'Разрешить');
      await button(dialogNamed(page, 'KAVO ID привязан'), 'OK').click();
      await expect
        .poll(() => page.getByRole('form', { name: 'Профиль KAVO ID' }).getByLabel('Фамилия').inputValue())
        .toBe('Сидоров');
      await screenshot(page, 'kavo-profile-360');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);
    });
  });
});
