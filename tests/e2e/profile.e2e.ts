// The clinic's own data end to end on a phone (cabinet.md §2 Personal data): a bad phone
// is refused with the spec's words, a good one saves with 'Данные успешно изменены!' and the More
// panel shows the new name at once; a new e-mail becomes the login only with the code mailed to it.
import { describe, expect, it } from 'vitest';
import { backOffice } from './back-office.ts';
import { browserForFile, PHONE, codeFrom, mailCount, nextMail, screenshot, uniqueEmail, withPage } from './support.ts';
import {
  button,
  dialog,
  dialogNamed,
  expectFieldError,
  expectLoggedIn,
  logout,
  tab,
  visible,
  loginFromHome,
  logIn,
} from './ui.ts';

const browser = browserForFile();

describe('Личные данные', () => {
  it('on a phone: a bad phone, then a saved name the More panel shows, then a new e-mail with its code', async () => {
    const clinic = await backOffice.client('profile-password-2026');
    await withPage(browser, PHONE, 'profile', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await loginFromHome(page, PHONE, clinic);
      await page.goto('/cabinet/profile');
      const form = page.getByRole('form', { name: 'Личные данные' });

      const phone = form.getByLabel('Телефон');
      await phone.fill('');
      await phone.pressSequentially('91612');
      await button(form, 'Сохранить').click();
      await expectFieldError(phone, 'Номер телефона должен начинаться с +7');
      await screenshot(page, 'profile-bad-phone-360');

      await phone.fill('');
      await phone.pressSequentially('9031234567');
      await form.getByLabel('Имя').fill('Мария');
      await button(form, 'Сохранить').click();
      await button(dialogNamed(page, 'Данные успешно изменены!'), 'OK').click();
      await tab(page, 'Ещё').click();
      await visible(dialog(page).getByText('Мария Кузнецова')).waitFor();
      await dialog(page).getByRole('button', { name: 'Закрыть' }).first().click();

      const next = uniqueEmail('profile-new');
      const before = await mailCount(next);
      await form.getByLabel('Эл. почта').fill(next);
      await button(form, 'Сохранить').click();
      // Nothing changed yet, so no success: the code form says where the code went and takes the focus.
      const code = page.getByRole('form', { name: 'Подтверждение нового адреса' });
      const codeField = code.getByLabel('Код из письма');
      await expect.poll(() => codeField.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The old address stays the login until the code from the new one is entered.
      expect(await form.getByLabel('Эл. почта').inputValue()).toBe(clinic.email);
      expect(await codeField.getAttribute('aria-invalid')).not.toBe('true');
      await screenshot(page, 'profile-email-code-waiting-360');
      await codeField.pressSequentially(codeFrom(await nextMail(next, before)));
      await screenshot(page, 'profile-email-code-360');
      await button(code, 'Подтвердить').click();
      await button(dialogNamed(page, `Адрес эл. почты изменён: теперь для входа служит ${next}`), 'OK').click();
      await expect.poll(() => form.getByLabel('Эл. почта').inputValue()).toBe(next);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);

      await logout(page, PHONE);
      await logIn(page, PHONE, { email: next, password: clinic.password });
      await expectLoggedIn(page, PHONE);
    });
  });
});
