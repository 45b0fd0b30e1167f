// The screens as the tests see them: accessible roles, labels and the spec's Russian texts
// (portal.md §2.3–2.5, §4.2, §5; cabinet.md §2, §Password change). One place to adjust when a
// label changes.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { settle, type ScreenSize } from './support.ts';

export const text = {
  notFoundTitle: 'Страница не найдена',
  notFoundText: 'Данной страницы на сайте больше нет',
  home: 'На главную',
  unauthorizedTitle: 'Вы не авторизованы в личном кабинете',
  unauthorizedText: 'Для доступа к этой странице требуется авторизация',
  passwordChanged: 'Пароль успешно изменен!',
  loginToCabinet: 'Войти в личный кабинет',
  passwordsDiffer: 'Пароли не совпали',
  /** Server messages (src/server/services). */
  badCredentials: 'Неверный e-mail или пароль',
  resetSent: 'Ссылка для восстановления пароля отправлена на вашу почту',
  registered: /Регистрация прошла успешно/,
};

/** Visible elements only (the header and the tab bar both exist in the DOM at every width). */
export function visible(locator: Locator): Locator {
  return locator.locator('visible=true');
}

/** The open dialog (login, registration and reset are popups in browser mode). */
export function dialog(page: Page): Locator {
  return page.getByRole('dialog');
}

/** The bottom tab bar of phones and installed mode (portal.md §2.5). */
export function tabBar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Меню приложения' });
}

/** The cabinet's top navigation of tablets and desktops (cabinet.md §Profile shell). */
export function cabinetNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Разделы личного кабинета' });
}

/** A tab of the bar, link or button. */
export function tab(page: Page, name: string | RegExp): Locator {
  const bar = tabBar(page);
  return visible(bar.getByRole('link', { name }).or(bar.getByRole('button', { name }))).first();
}

/** Clicks a button that switches the auth view, then waits for the switch loader to go. */
export async function switchView(scope: Page | Locator, name: string | RegExp): Promise<void> {
  await button(scope, name).click();
  await settle('page' in scope ? scope.page() : scope);
}

export function button(scope: Page | Locator, name: string | RegExp): Locator {
  return visible(scope.getByRole('button', { name, exact: typeof name === 'string' })).first();
}

/** The 'Войти' that opens the login: in the header on a desktop, the central tab on a phone. */
export async function openLogin(page: Page, size: ScreenSize): Promise<Locator> {
  const scope = size.name === 'phone' ? tabBar(page) : page.getByRole('banner');
  await button(scope, 'Войти').click();
  const form = loginForm(page);
  await form.waitFor();
  await settle(page);
  return form;
}

/** The login form, in a popup or in place. */
export function loginForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Вход в личный кабинет' });
}

export function registrationForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Регистрация' });
}

export function codeForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Подтверждение эл. почты' });
}

export function resetRequestForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Восстановление пароля' });
}

export function passwordInput(scope: Page | Locator): Locator {
  return scope.getByLabel('Пароль', { exact: true });
}

export function emailInput(scope: Page | Locator): Locator {
  return scope.getByLabel('Эл. почта', { exact: true });
}

/**
 * Fills and sends the login form. Right after registration the e-mail is shown as text instead of
 * an input (portal.md §4.2); then it is checked instead of typed.
 */
export async function submitLogin(form: Locator, email: string, password: string): Promise<void> {
  await passwordInput(form).waitFor();
  await settle(form.page());
  const emailField = emailInput(form);
  if (await emailField.count()) await emailField.fill(email);
  else await expectText(form, email);
  await passwordInput(form).fill(password);
  await button(form, 'Войти').click();
}

/** Logged in: the logged-in tab bar on a phone, the header's cabinet link or exit on a desktop. */
export async function expectLoggedIn(page: Page, size: ScreenSize): Promise<void> {
  if (size.name === 'phone') {
    await tab(page, 'Заявки').waitFor();
  } else {
    const header = page.getByRole('banner');
    await visible(header.getByRole('link', { name: 'Личный кабинет' }).or(header.getByRole('button', { name: 'Выйти' })))
      .first()
      .waitFor();
  }
}

/** Logout: More → Выйти on a phone; the header's Выйти (shown on cabinet pages) on a desktop. */
export async function logout(page: Page, size: ScreenSize): Promise<void> {
  if (size.name === 'phone') {
    await tab(page, 'Ещё').click();
    await button(dialog(page), 'Выйти').click();
    await tab(page, 'Войти').waitFor();
  } else {
    await page.goto('/cabinet/tickets');
    await button(page.getByRole('banner'), 'Выйти').click();
    await button(page.getByRole('banner'), 'Войти').waitFor();
  }
}

/** The text of the elements that describe `field` (aria-describedby): where the error under it is. */
export async function describedText(field: Locator): Promise<string> {
  return field.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
  });
}

/** Waits until `field` is described by a text matching `pattern` (the error under it). */
export async function expectFieldError(field: Locator, pattern: string | RegExp): Promise<void> {
  await expect
    .poll(() => describedText(field), { timeout: 15_000, interval: 100 })
    .toMatch(typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern);
}

export async function expectText(scope: Page | Locator, value: string | RegExp): Promise<void> {
  await visible(scope.getByText(value)).first().waitFor();
}
