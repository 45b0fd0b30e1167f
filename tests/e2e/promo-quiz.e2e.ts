// Promo codes and the bonus survey end to end (ADR 0017; cabinet.md §2 Promo code; portal.md §2.4,
// §2.7, §4.2–4.4): codes and a quiz the back office made through the integration API; the clinic
// applies a code on /cabinet/promocode (the balance grows; the second time the popup says why not),
// a guest's ?promocode= link leads through the login to the credited code, and a two-question survey
// ends with '+N бонусов' and the header's balance. The 20-way races are server tests.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoQuestionSurvey } from '../setup/quiz-fixtures.ts';
import { backOffice, integration } from './back-office.ts';
import { browserForFile, DESKTOP, PHONE, screenshot, withPage } from './support.ts';
import { button, dialogNamed, submitLogin, tab, visible, loginFromHome, loginForm } from './ui.ts';

const PASSWORD = 'promo-quiz-password-2026';
const SURVEY_ITEM = 'Пройдите опрос — получите бонусы!';

const browser = browserForFile();
const quizzes: number[] = [];
afterAll(async () => {
  // Other files' clinics are not offered this file's survey.
  for (const id of quizzes) await integration(`/quizzes/${id}`, { method: 'PATCH', json: { active: false } });
});

const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

async function promocode(points: number): Promise<string> {
  const code = unique('E2E-');
  await integration<{ id: number }>('/promocodes', { method: 'POST', status: 201, json: { code, points } });
  return code;
}

/** The header's balance (shown under /cabinet). */
function balance(page: Page, points: number) {
  return visible(page.getByRole('banner').getByText(new RegExp(`^${points}\\sбонус`))).first();
}

async function logIn(page: Page, size: typeof PHONE | typeof DESKTOP, account: { email: string; password: string }) {
  await loginFromHome(page, size, account);
}

describe('promo codes', () => {
  it('on a desktop: a code from the back office raises the balance; the second time the popup says it was used', async () => {
    const clinic = await backOffice.client(PASSWORD);
    const code = await promocode(300);
    await withPage(browser, DESKTOP, 'promocode-desktop', async (page) => {
      await logIn(page, DESKTOP, clinic);
      await page.goto('/cabinet/promocode');
      await page.getByRole('heading', { level: 1, name: 'Применить купон' }).waitFor();
      await balance(page, 0).waitFor();
      const form = page.getByRole('form', { name: 'Применить купон' });
      await form.getByLabel('Промокод').fill(code.toLowerCase());
      await button(form, 'Подтвердить').click();
      const popup = dialogNamed(page, 'Поздравляем!');
      await visible(popup.getByText(/300\sбонусов/)).waitFor();
      await screenshot(page, 'promocode-credited-1280');
      await button(popup, 'Отлично').click();
      await balance(page, 300).waitFor();

      await form.getByLabel('Промокод').fill(code);
      await button(form, 'Подтвердить').click();
      const refused = dialogNamed(page, 'Вы уже использовали этот промокод');
      await refused.waitFor();
      await screenshot(page, 'promocode-refused-1280');
      await button(refused, 'Понятно').click();
      await balance(page, 300).waitFor();
    });
  });

  it('on a phone: a guest opening a ?promocode= link logs in and gets the code applied', async () => {
    const clinic = await backOffice.client(PASSWORD);
    const code = await promocode(200);
    await withPage(browser, PHONE, 'promocode-link-phone', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(`/?promocode=${encodeURIComponent(code)}`);
      // The login opens by itself; the code waits for it.
      await submitLogin(loginForm(page), clinic.email, clinic.password);
      const popup = dialogNamed(page, 'Поздравляем!');
      await visible(popup.getByText(/200\sбонусов/)).waitFor();
      await screenshot(page, 'promocode-link-credited-360');
      await button(popup, 'Отлично').click();
      await page.goto('/cabinet/tickets');
      await balance(page, 200).waitFor();
      // Applied once: the link's code is gone from the address, a reload sends nothing.
      expect(new URL(page.url()).searchParams.has('promocode')).toBe(false);
      await page.goto('/cabinet/promocode');
      const form = page.getByRole('form', { name: 'Применить купон' });
      await button(form, 'Подтвердить').click();
      await visible(form.getByText('Введите промокод', { exact: true })).waitFor();
      await screenshot(page, 'promocode-page-360');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);

      // The refusal echoes the code: the longest one allowed, without a space, wraps inside the popup.
      const longCode = 'Я'.repeat(50);
      await form.getByLabel('Промокод').fill(longCode);
      await button(form, 'Подтвердить').click();
      const refused = dialogNamed(page, 'Промокод не найден');
      const echo = visible(refused.getByText(`Промокод: ${longCode}`, { exact: true }));
      await echo.waitFor();
      const box = await echo.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      await screenshot(page, 'promocode-long-refused-360');
      await button(refused, 'Понятно').click();
    });
  });
});

describe('the bonus survey', () => {
  let quizId: number;
  beforeAll(async () => {
    ({ id: quizId } = await integration<{ id: number }>('/quizzes', {
      method: 'POST',
      status: 201,
      json: twoQuestionSurvey(),
    }));
    quizzes.push(quizId);
  });

  it("on a desktop: the header's item, two questions, '+150 бонусов' and the balance; then the item is gone", async () => {
    const clinic = await backOffice.client(PASSWORD);
    await withPage(browser, DESKTOP, 'survey-desktop', async (page) => {
      await logIn(page, DESKTOP, clinic);
      await page.goto('/cabinet/tickets');
      await balance(page, 0).waitFor();
      // On a tablet the item is the gift alone (named by its text), and the header still fits.
      for (const width of [768, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        await visible(page.getByRole('banner').getByRole('button', { name: SURVEY_ITEM })).waitFor();
        expect(
          await page.evaluate((max) => document.documentElement.scrollWidth <= max, width),
          `header fits at ${width} px`,
        ).toBe(true);
        await screenshot(page, `survey-item-${width}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await button(page.getByRole('banner'), SURVEY_ITEM).click();
      const popup = dialogNamed(page, 'Как вам наш сервис?');
      await visible(popup.getByText(/2\sвопроса/)).waitFor();
      await screenshot(page, 'survey-intro-1280');
      await button(popup, 'Начать').click();

      await visible(popup.getByText('Вопрос 1 из 2')).waitFor();
      await visible(popup.getByText('50%')).waitFor();
      expect(await button(popup, 'Далее').isDisabled()).toBe(true);
      await popup.locator('label', { hasText: 'От коллег' }).click();
      await button(popup, 'Далее').click();

      await visible(popup.getByText('Вопрос 2 из 2')).waitFor();
      await visible(popup.getByText('100%')).waitFor();
      await popup.locator('label', { hasText: 'Турбины' }).click();
      expect(await popup.getByRole('checkbox', { name: 'Турбины' }).isChecked()).toBe(true);
      await popup.getByLabel('Свой вариант ответа').fill('Эндомоторы');
      expect(await popup.getByRole('checkbox', { name: 'Свой вариант' }).isChecked()).toBe(true);
      await screenshot(page, 'survey-question-1280');
      await button(popup, 'Завершить').click();
      await visible(popup.getByText(/^\+150\sбонусов$/)).waitFor();
      await screenshot(page, 'survey-thanks-1280');
      await popup.getByRole('button', { name: 'Закрыть' }).last().click();

      await balance(page, 150).waitFor();
      await expect.poll(() => page.getByRole('banner').getByRole('button', { name: SURVEY_ITEM }).count()).toBe(0);
    });
    const { events } = await backOffice.events();
    const answered = events.filter((event) => event.type === 'quiz.answered' && event.client_id === clinic.id);
    expect(answered).toHaveLength(1);
    expect(answered[0]!.payload).toMatchObject({ client_id: clinic.id, quiz_id: quizId });
  });

  it("at 1280 px, with a seven-digit balance and the survey waiting, the header's items keep apart", async () => {
    const clinic = await backOffice.client(PASSWORD);
    await backOffice.points(clinic.id, 1_234_567, 'e2e: the longest balance a clinic is likely to have');
    await withPage(browser, DESKTOP, 'survey-header-1280', async (page) => {
      await logIn(page, DESKTOP, clinic);
      await page.goto('/cabinet/tickets');
      const header = page.getByRole('banner');
      const items = [
        header.getByText(/^1\s234\s567\sбонусов$/),
        header.getByRole('link', { name: 'Как потратить?' }),
        header.getByRole('link', { name: 'Как пользоваться сервисом?' }),
        header.getByRole('button', { name: SURVEY_ITEM }),
        header.getByRole('button', { name: /^Уведомления/ }),
        header.getByRole('button', { name: 'Выйти' }),
      ];
      for (const item of items) await visible(item).waitFor();
      const boxes = await Promise.all(items.map(async (item) => (await visible(item).boundingBox())!));
      for (let index = 1; index < boxes.length; index += 1) {
        const [before, after] = [boxes[index - 1]!, boxes[index]!];
        expect(after.x - (before.x + before.width), `${String(items[index])} stands apart`).toBeGreaterThanOrEqual(8);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 1280)).toBe(true);
      await screenshot(page, 'survey-header-1280');
    });
  });

  it('on a phone: the More panel offers it; leaving during the questions asks first', async () => {
    const clinic = await backOffice.client(PASSWORD);
    await withPage(browser, PHONE, 'survey-phone', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await logIn(page, PHONE, clinic);
      await tab(page, 'Ещё').click();
      await button(page.getByRole('dialog'), SURVEY_ITEM).click();
      const popup = dialogNamed(page, 'Как вам наш сервис?');
      await button(popup, 'Начать').click();
      await popup.getByLabel('Свой вариант ответа').fill('На выставке');
      expect(await popup.getByRole('radio', { name: 'Свой вариант' }).isChecked()).toBe(true);
      await screenshot(page, 'survey-question-360');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);
      await page.keyboard.press('Escape');
      const ask = dialogNamed(page, 'Вы уверены, что хотите выйти?');
      await screenshot(page, 'survey-leave-360');
      await button(ask, 'Выйти').click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    });
  });
});
