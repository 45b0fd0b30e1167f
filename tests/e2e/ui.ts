// The screens as the tests see them: accessible roles, labels and the spec's Russian texts
// (portal.md §2.3–2.5, §4.2, §5; cabinet.md §2, §Password change). One place to adjust when a
// label changes.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  PHONE_WITH_WORKER,
  codeFrom,
  mailCount,
  nextMail,
  openControlled,
  screenshot,
  settle,
  type ScreenSize,
} from './support.ts';

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
    await visible(
      header.getByRole('link', { name: 'Личный кабинет' }).or(header.getByRole('button', { name: 'Выйти' })),
    )
      .first()
      .waitFor();
  }
}

/**
 * The offline flows (in a `withPage` of PHONE_WITH_WORKER: support.ts blocks the worker for the
 * online ones): logs in as `account` and opens `path` under the worker's control.
 */
export async function loginWithWorker(
  page: Page,
  account: { email: string; password: string },
  path: string,
): Promise<void> {
  await loginFromHome(page, PHONE_WITH_WORKER, account);
  await openControlled(page, path);
}

/** Logs in through the header's (or the tab bar's) 'Войти' of the page shown, as a user does. */
export async function logIn(page: Page, size: ScreenSize, account: { email: string; password: string }): Promise<void> {
  await submitLogin(await openLogin(page, size), account.email, account.password);
}

/** Logs in from the home page, and waits until the page says so. */
export async function loginFromHome(
  page: Page,
  size: ScreenSize,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto('/');
  await logIn(page, size, account);
  await expectLoggedIn(page, size);
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

/**
 * The cabinet's requests, ticket page, decision popups and bills (cabinet.md §2, §4, §5; portal.md
 * §4.6). The messages of the decision forms come from the shared contract, as the app shows them.
 */
export const cabinet = {
  numberFilter: 'Номер заявки',
  statusFilter: 'Статус',
  onlyMine: 'Только мои заявки',
  clearNumber: 'Очистить номер заявки',
  clearStatus: 'Сбросить статус',
  statementsHeading: 'Дефектные ведомости',
  approveAll: 'Согласовать все',
  approveSelected: 'Согласовать выбранные',
  /** The buttons of a statement card. */
  approve: 'Согласовать',
  discuss: 'Обсудить',
  reject: 'Отказ',
  tradeIn: 'Обмен на новый инструмент',
  details: 'Подробнее',
  statementPdf: 'Скачать ведомость (PDF)',
  /** The decision a card shows once made (statement-card.tsx DECISION_LABELS). */
  decided: {
    approved: 'Работы согласованы',
    rejected: 'Отказ от ремонта',
    discussed: 'На обсуждении',
    tradeIn: 'Обмен на новый инструмент',
  },
  /** Popup titles. */
  approveDialog: 'Согласовать ремонт?',
  pointsDialog: 'Списание бонусов',
  rejectDialog: 'Отказ от ремонта',
  discussDialog: 'Вопрос по ремонту',
  tradeInDialog: 'Получите новый инструмент в счет старого!',
  unpaidNotice: 'У вас есть неоплаченные счета',
  /** Popup controls. */
  spendOnRepair: 'Списать в счет ремонта',
  chooseGift: 'Выбрать подарок',
  withoutPoints: 'Согласовать без использования бонусов',
  ballsInput: 'Сколько бонусов списать',
  spendAndApprove: 'Списать и согласовать',
  rejectSubmit: 'Отказаться от ремонта',
  rejectReason: 'Дорогой ремонт',
  comment: 'Комментарий',
  send: 'Отправить',
  tradeInApprove: 'Согласовать в счет нового инструмента',
  understood: 'Понятно',
  close: 'Закрыть',
  /** Bill statuses as shown (API.md §Codes). */
  paid: 'Оплачен',
  unpaid: 'Не оплачен',
  noData: 'Нет данных',
  bills: 'Счета',
  billsWithUnpaid: 'Счета, 1 неоплаченный счёт',
};

/** A defect statement card of the ticket page, by the instrument's name. */
export function statementCard(page: Page, name: string): Locator {
  return visible(page.getByRole('article', { name, exact: true }));
}

/** An open popup by its title. */
export function dialogNamed(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name, exact: true });
}

/**
 * The demo clinic has unpaid bills: on a cabinet page of a browser that has not seen the notice this
 * week, it opens 1 s after the data (portal.md §4.6) and makes the rest inert. Waits for it and
 * closes it, as a user would.
 */
export async function closeUnpaidNotice(page: Page): Promise<void> {
  const notice = dialogNamed(page, cabinet.unpaidNotice);
  await notice.waitFor();
  await button(notice, cabinet.close).click();
  await notice.waitFor({ state: 'detached' });
}

/** Waits until the card shows the decision made on it, and no decision buttons any more. */
export async function expectDecision(card: Locator, label: string): Promise<void> {
  await card.getByText(new RegExp(`Решение:\\s*${label}`)).waitFor();
  expect(await card.getByRole('button', { name: cabinet.approve, exact: true }).count()).toBe(0);
}

/** The request numbers the list shows (table rows or cards: each has 'Подробнее о заявке №N'), in order. */
export async function shownTicketIds(page: Page): Promise<number[]> {
  const links = visible(page.getByRole('main').getByRole('link', { name: /^Подробнее о заявке №\d+$/ }));
  const names = await links.evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
  return names.map((name) => Number(/№(\d+)/.exec(name)?.[1]));
}

/** The points balance in the header ('5 000 бонусов'). */
export function headerPoints(page: Page, points: string): Locator {
  return visible(page.getByRole('banner').getByText(new RegExp(`^${points.replace(/\s/g, '\\s')}\\sбонус`))).first();
}

/**
 * Picks an option of a radio group as a user does: by tapping its row (the label covers the row,
 * circle included, so the label is what receives the tap), then checks that it is picked.
 */
export async function chooseRadio(scope: Locator, name: string): Promise<void> {
  await scope.getByText(name, { exact: true }).click();
  expect(await scope.getByRole('radio', { name, exact: true }).isChecked()).toBe(true);
}

/** The repair wizard's step 2 (or the main form's address) with a suggested address, the first pickup day and the head centre. */
export async function fillRepairAddress(scope: Locator): Promise<void> {
  await visible(scope.getByRole('heading', { name: 'Адрес' })).waitFor();
  await scope.getByRole('combobox', { name: 'Адрес', exact: true }).fill('Тверская 7');
  await scope.getByRole('option', { name: 'Россия, Москва, Тверская улица, 7', exact: true }).click();
  await expect.poll(() => scope.getByLabel('Страна / регион').inputValue()).toBe('Россия');
  // The provider knows the house's postcode (the geo fake answers as Photon and Nominatim do): Индекс comes with it.
  await expect.poll(() => scope.getByLabel('Индекс').inputValue()).toBe('125009');
  await choosePickupDayAndCentre(scope);
}

/** The address step's first pickup day and the head centre, once the address is in. */
export async function choosePickupDayAndCentre(scope: Locator): Promise<void> {
  const firstDay = await scope
    .getByLabel('Дата, когда забрать инструменты')
    .locator('option')
    .nth(1)
    .getAttribute('value');
  await scope.getByLabel('Дата, когда забрать инструменты').selectOption(firstDay!);
  await scope.getByRole('option', { name: /Головной сервисный центр/ }).waitFor({ state: 'attached' });
  await scope.getByLabel('Сервисный центр').selectOption({ label: 'Головной сервисный центр — Москва' });
}

/** One turbine on the equipment step, by its serial number and fault. */
export async function fillTurbine(scope: Locator, serialNumber: string, description: string): Promise<void> {
  await scope.getByLabel('Серийный номер').fill(serialNumber);
  await scope.getByLabel('Тип инструмента').selectOption({ label: 'Турбина' });
  await scope.getByLabel('Описание неисправности').fill(description);
}

/** Ticks the two consents a repair request needs: personal data and the loyalty rules. */
export async function acceptRepairConsents(scope: Locator): Promise<void> {
  await scope.getByLabel(/обработку персональных данных/).check();
  await scope.getByLabel(/правилами программы лояльности/).check();
}

/**
 * The repair wizard's step 1 left for an e-mail not yet proven (a guest's, or an account the back
 * office opened with its own password): `next` mails a code, the wizard asks for it before step 2
 * (portal.md §2.1), and the code is read from the mail and confirmed. `shot` names the screenshot
 * of the code form, taken once its resend countdown shows.
 */
export async function confirmMailedCode(
  scope: Locator,
  email: string,
  { next = 'Далее', shot }: { next?: string; shot: string },
): Promise<void> {
  const before = await mailCount(email);
  await button(scope, next).click();
  const form = visible(scope.getByRole('form', { name: 'Подтверждение эл. почты' }));
  await form.waitFor();
  await visible(form.getByRole('button', { name: /Отправить код повторно \(\d+\sс\)/ })).waitFor();
  await screenshot(scope.page(), shot);
  await form.getByLabel('Код из письма').pressSequentially(codeFrom(await nextMail(email, before)));
  await button(form, 'Подтвердить').click();
}
