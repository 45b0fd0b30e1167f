// Accounts end to end, at a phone and a desktop size, on the built app: registration with the code
// from the e-mail, login with the mailed password, a wrong password, reset by the mailed link,
// the password change in the cabinet, logout (portal.md §2.3–2.5, §4.2, §5; cabinet.md §Password change).
import { describe, expect, inject, it } from 'vitest';
import {
  browserForFile,
  DEMO,
  SIZES,
  baseURL,
  codeFrom,
  mailCount,
  nextMail,
  passwordFrom,
  resetPathFrom,
  screenshot,
  uniqueEmail,
  withPage,
} from './support.ts';
import {
  button,
  closeUnpaidNotice,
  codeForm,
  dialog,
  emailInput,
  expectFieldError,
  expectLoggedIn,
  expectText,
  loginForm,
  logout,
  openLogin,
  passwordInput,
  registrationForm,
  resetRequestForm,
  submitLogin,
  switchView,
  text,
  visible,
  loginFromHome,
} from './ui.ts';

const browser = browserForFile();

/** An account made through the integration API (API.md): known password, no UI needed. */
async function createClient(label: string, password: string): Promise<string> {
  const email = uniqueEmail(label);
  const response = await fetch(`${baseURL()}/api/v1/clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inject('integrationToken')}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      name: 'Анна',
      surname: 'Иванова',
      phone: '79123456789',
      company: 'Клиника «Улыбка»',
      password,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return email;
}

describe.each(SIZES)('accounts on a $name', (size) => {
  it('registers with the e-mailed code, then logs in with the e-mailed password', async () => {
    await withPage(browser, size, `${size.name}-register`, async (page) => {
      const email = uniqueEmail(`reg-${size.name}`);
      await page.goto('/');
      const login = await openLogin(page, size);
      await switchView(login, 'Регистрация');

      const form = registrationForm(page);
      await form.getByLabel('Имя', { exact: true }).fill('Мария');
      await form.getByLabel('Фамилия', { exact: true }).fill('Петрова');
      const phone = form.getByLabel('Телефон', { exact: true });
      await phone.pressSequentially('9123456789');
      await expect.poll(() => phone.inputValue()).toBe('+7 (912) 345-67-89');
      await emailInput(form).fill(email);
      await form.getByLabel('Название клиники', { exact: true }).fill('Стоматология «Жемчуг»');
      await form.getByLabel('Город', { exact: true }).fill('Казань');
      await form.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
      // The consent above makes the clinic a loyalty participant: no other box to tick (ADR 0016, amended).
      expect(await form.getByRole('checkbox', { name: /старше 18 лет/ }).count()).toBe(0);
      await screenshot(page, `${size.name}-register-form`);

      const before = await mailCount(email);
      await button(form, 'Зарегистрироваться').click();
      const code = codeFrom(await nextMail(email, before));

      // The code step: the form's fields are locked, the code has the #-#-#-# mask, and the resend
      // button waits out its 30-second countdown, showing the seconds.
      const step = codeForm(page);
      const codeInput = step.getByLabel('Код из письма');
      await codeInput.pressSequentially(code);
      await expect.poll(() => codeInput.inputValue()).toBe(code.split('').join('-'));
      const resend = button(step, /Отправить код повторно \(\d+\sс\)/);
      expect(await resend.isDisabled()).toBe(true);
      expect(await form.getByLabel('Имя', { exact: true }).isEditable()).toBe(false);
      await screenshot(page, `${size.name}-register-code`);

      const credentialsBefore = await mailCount(email);
      await button(step, 'Подтвердить').click();
      const password = passwordFrom(await nextMail(email, credentialsBefore));
      await expectText(page, text.registered);
      await screenshot(page, `${size.name}-register-done`);

      // 'Войти' from the success message: the login shows the verified e-mail as text.
      await button(dialog(page), 'Войти').click();
      const loginAfter = loginForm(page);
      await passwordInput(loginAfter).waitFor();
      expect(await emailInput(loginAfter).count()).toBe(0);
      await expectText(loginAfter, email);
      await screenshot(page, `${size.name}-login-verified-email`);
      await submitLogin(loginAfter, email, password);
      await expectLoggedIn(page, size);
      await page.waitForURL((url) => url.pathname === '/cabinet/tickets');
      await screenshot(page, `${size.name}-logged-in`);
    });
  });

  it('logs the demo user in and out', async () => {
    await withPage(browser, size, `${size.name}-login-logout`, async (page) => {
      await page.goto('/');
      const login = await openLogin(page, size);
      await screenshot(page, `${size.name}-login`);
      await submitLogin(login, DEMO.email, DEMO.password);
      await expectLoggedIn(page, size);
      // The demo clinic has unpaid bills: their notice opens 1 s after the data, on any page (portal.md §4.6).
      await closeUnpaidNotice(page);
      expect(await dialog(page).count()).toBe(0);

      await logout(page, size);
      await page.goto('/cabinet/tickets');
      await visible(page.getByRole('heading', { name: text.unauthorizedTitle })).waitFor();
      await expectText(page, text.unauthorizedText);
      await button(page.getByRole('main'), 'Войти').waitFor();
      await screenshot(page, `${size.name}-unauthorized`);
    });
  });

  it('shows the server message under the password for a wrong password', async () => {
    await withPage(browser, size, `${size.name}-wrong-password`, async (page) => {
      await page.goto('/');
      const login = await openLogin(page, size);
      await submitLogin(login, DEMO.email, 'wrong-password-123');
      await expectFieldError(passwordInput(login), text.badCredentials);
      await screenshot(page, `${size.name}-login-wrong-password`);
      // Still a guest, the popup still open.
      expect(await loginForm(page).isVisible()).toBe(true);
    });
  });

  it('resets the password by the e-mailed link, then logs in with the new one', async () => {
    const email = await createClient(`reset-${size.name}`, 'old-password-2026');
    await withPage(browser, size, `${size.name}-reset`, async (page) => {
      await page.goto('/');
      const login = await openLogin(page, size);
      await switchView(login, 'Забыли пароль?');

      const form = resetRequestForm(page);
      const before = await mailCount(email);
      await emailInput(form).fill(email);
      await button(form, 'Восстановить пароль').click();
      await expectText(page, text.resetSent);
      await screenshot(page, `${size.name}-reset-sent`);

      const resetPath = resetPathFrom(await nextMail(email, before));
      expect(resetPath).toMatch(/^\/client\/restore-password\/[^/?#]+$/);
      await page.goto(resetPath);
      await page.getByLabel('Новый пароль', { exact: true }).fill('new-password-2026');
      await page.getByLabel('Повторите пароль', { exact: true }).fill('new-password-2026');
      await screenshot(page, `${size.name}-reset-form`);
      await button(page, 'Сохранить пароль').click();
      await expectText(page, text.passwordChanged);
      await screenshot(page, `${size.name}-reset-done`);

      await button(page, text.loginToCabinet).click();
      await submitLogin(loginForm(page), email, 'new-password-2026');
      await expectLoggedIn(page, size);
    });
  });

  it('changes the password at /cabinet/password', async () => {
    const email = await createClient(`change-${size.name}`, 'first-password-2026');
    await withPage(browser, size, `${size.name}-change-password`, async (page) => {
      await loginFromHome(page, size, { email, password: 'first-password-2026' });

      await page.goto('/cabinet/password');
      const newPassword = page.getByLabel('Новый пароль', { exact: true });
      const confirmation = page.getByLabel('Повторите пароль', { exact: true });
      await newPassword.waitFor();
      // The logged-in variant has no code field.
      expect(await page.getByLabel(/код/i).count()).toBe(0);
      await page.getByLabel('Текущий пароль', { exact: true }).fill('first-password-2026');
      await newPassword.fill('second-password-2026');
      // The strength hint's checker comes with the form, not with the app.
      await visible(page.getByText(/^Надёжность пароля: /)).waitFor();
      await confirmation.fill('second-password-20');
      await button(page, 'Сохранить пароль').click();
      await expectFieldError(confirmation, text.passwordsDiffer);
      await screenshot(page, `${size.name}-password-change-mismatch`);

      await confirmation.fill('second-password-2026');
      await button(page, 'Сохранить пароль').click();
      await expectText(page, text.passwordChanged);
      await screenshot(page, `${size.name}-password-changed`);

      await logout(page, size);
      await page.goto('/');
      const login = await openLogin(page, size);
      await submitLogin(login, email, 'first-password-2026');
      await expectFieldError(passwordInput(login), text.badCredentials);
      await submitLogin(login, email, 'second-password-2026');
      await expectLoggedIn(page, size);
    });
  });
});
