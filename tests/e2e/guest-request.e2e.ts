// A new clinic's first repair request without an account, on the narrowest phone (portal.md §1,
// §2.1, §6; docs/api.md, the guest endpoints): from the home page through the wizard under the login
// offer, the code read from the mailed .eml, the address from the geo fake, a photo, the sent screen;
// then the mailed password logs in and the ticket is in Заявки. An address that has an account gets
// no code: the wizard offers its login, the e-mail filled in, and goes on as that clinic's.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { backOffice, PNG_BYTES } from './back-office.ts';
import {
  browserForFile,
  DEMO,
  mailCount,
  nextMail,
  passwordFrom,
  PHONE,
  screenshot,
  settle,
  uniqueEmail,
  withPage,
} from './support.ts';
import {
  button,
  dialog,
  emailInput,
  fillRepairAddress,
  loginForm,
  shownTicketIds,
  submitLogin,
  tab,
  visible,
  acceptRepairConsents,
  fillTurbine,
  confirmMailedCode,
} from './ui.ts';

const browser = browserForFile();
const OFFER = 'Уже есть аккаунт? Войдите — данные подставятся сами';

/** A guest on the home page at 360 px, the wizard reached by the hero's 'Оставить заявку'. */
async function openWizardAsGuest(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await visible(page.getByRole('main').getByRole('link', { name: 'Оставить заявку', exact: true })).click();
  const form = page.getByRole('region', { name: 'Заявка на ремонт' });
  await visible(form.getByRole('group', { name: OFFER })).waitFor();
  return form;
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 360);

describe('a guest’s first repair request (360 px)', () => {
  it('from the home page: the code from the mail, the address, a photo, sent; the mailed password logs in and the ticket is listed', async () => {
    const email = uniqueEmail('guest');
    const { next: feedStart } = await backOffice.events();

    await withPage(browser, PHONE, 'guest-request', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto('/');
      // The shell names a guest 'Гость' (portal.md §3 User data).
      await tab(page, 'Ещё').click();
      await visible(dialog(page).getByText('Гость', { exact: true })).waitFor();
      await screenshot(page, 'guest-01-more-panel-360');
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      await screenshot(page, 'guest-02-home-360');

      const form = await openWizardAsGuest(page);
      await visible(form.getByRole('heading', { name: 'Контактная информация' })).waitFor();
      expect(await fits(page)).toBe(true);
      await screenshot(page, 'guest-03-step-1-offer-360');

      await button(form, 'Продолжить без регистрации').click();
      await form.getByLabel('Имя', { exact: true }).fill('Ольга');
      await form.getByLabel('Фамилия', { exact: true }).fill('Петрова-Водкина');
      await emailInput(form).fill(email);
      const phone = form.getByLabel('Телефон', { exact: true });
      await phone.pressSequentially('9161234567');
      await expect.poll(() => phone.inputValue()).toBe('+7 (916) 123-45-67');
      expect(await fits(page)).toBe(true);
      await screenshot(page, 'guest-04-step-1-contact-360');

      await confirmMailedCode(form, email, { shot: 'guest-05-step-1-code-360' });

      await visible(form.getByRole('heading', { name: 'Адрес' })).waitFor();
      // No saved addresses yet: the clinic's name is typed.
      expect(await form.getByLabel('Сохранённый адрес').count()).toBe(0);
      await form.getByLabel('Название клиники').fill('Клиника «Жемчуг»');
      await fillRepairAddress(form);
      expect(await fits(page)).toBe(true);
      await screenshot(page, 'guest-06-step-2-360');
      await button(form, 'Далее').click();

      await visible(form.getByRole('heading', { name: 'Оборудование' })).waitFor();
      await form
        .getByLabel(/Фото инструментов/)
        .setInputFiles({ name: 'rotor.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) });
      await visible(form.getByRole('list', { name: 'Фото к заявке' }).getByText('rotor.png')).waitFor();
      await fillTurbine(form, 'SN-GUEST-1', 'Не вращается головка');
      await acceptRepairConsents(form);
      expect(await fits(page)).toBe(true);
      await screenshot(page, 'guest-07-step-3-360');

      const beforeCredentials = await mailCount(email);
      await button(form, 'Отправить заявку').click();
      const sent = form.getByText(/^Заявка №\d+ отправлена\.$/);
      await visible(sent).waitFor();
      const ticketId = Number(/№(\d+)/.exec((await sent.textContent()) ?? '')![1]);
      await visible(
        form.getByText(new RegExp(`логин и пароль отправлены на ${email.replace(/[.+]/g, '\\$&')}`)),
      ).waitFor();
      expect(await fits(page)).toBe(true);
      await screenshot(page, 'guest-08-sent-360');

      // The back office learns of the new clinic and of its ticket, the photo with it.
      const events = (await backOffice.events(feedStart)).events;
      const clientCreated = events.filter(
        (event) => event.type === 'client.created' && (event.payload as { email?: string }).email === email,
      );
      expect(clientCreated).toHaveLength(1);
      const created = events.filter(
        (event) => event.type === 'ticket.created' && (event.payload as { ticket_id: number }).ticket_id === ticketId,
      );
      expect(created).toHaveLength(1);
      expect((created[0]!.payload as { file_ids: number[] }).file_ids).toHaveLength(1);

      // 'Войти' opens the login with the mailed address; the mailed password logs in, and Заявки lists the ticket.
      const password = passwordFrom(await nextMail(email, beforeCredentials));
      await button(form, 'Войти').click();
      const login = loginForm(page);
      await login.waitFor();
      await settle(page);
      await visible(login.getByText(email, { exact: true })).waitFor();
      await screenshot(page, 'guest-09-login-360');
      await submitLogin(login, email, password);
      await page.waitForURL('**/cabinet/tickets');
      await expect.poll(() => shownTicketIds(page)).toContain(ticketId);
      expect(await fits(page)).toBe(true);
      await screenshot(page, 'guest-10-tickets-360');
    });
  });

  it('an address that has an account: no code, the login with the e-mail filled in, then the clinic’s own wizard', async () => {
    await withPage(browser, PHONE, 'guest-request-registered', async (page) => {
      const form = await openWizardAsGuest(page);
      await button(form, 'Продолжить без регистрации').click();
      await form.getByLabel('Имя', { exact: true }).fill('Ольга');
      await form.getByLabel('Фамилия', { exact: true }).fill('Петрова');
      await emailInput(form).fill(DEMO.email);
      await form.getByLabel('Телефон', { exact: true }).pressSequentially('9161234567');
      const before = await mailCount(DEMO.email);
      await button(form, 'Далее').click();

      const notice = visible(form.getByText('Этот адрес уже зарегистрирован. Войдите, чтобы оставить заявку'));
      await notice.waitFor();
      expect(await form.getByRole('form', { name: 'Подтверждение эл. почты' }).count()).toBe(0);
      expect(await mailCount(DEMO.email)).toBe(before);
      await visible(form.getByRole('button', { name: 'Забыли пароль?' })).waitFor();
      expect(await fits(page)).toBe(true);
      await screenshot(page, 'guest-11-registered-360');

      await button(form, 'Войти').click();
      const login = loginForm(page);
      await login.waitFor();
      await settle(page);
      expect(await emailInput(login).inputValue()).toBe(DEMO.email);
      await submitLogin(login, DEMO.email, DEMO.password);
      // Logged in from the wizard: it goes on here as the clinic's, its contact read from the account.
      await visible(form.getByText(DEMO.email, { exact: true })).waitFor();
      await visible(form.getByRole('heading', { name: 'Контактная информация' })).waitFor();
      expect(await form.getByRole('group', { name: OFFER }).count()).toBe(0);
      expect(await form.getByLabel('Имя', { exact: true }).count()).toBe(0);
    });
  });
});
