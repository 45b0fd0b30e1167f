import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, oneTimeCodes } from '#server/db/schema/accounts.ts';
import { events } from '#server/db/schema/platform.ts';
import {
  insertAccount,
  mailedCode,
  mailedPassword,
  registrationForm,
  uniqueEmail,
  accountTestApp,
} from '../../../../tests/setup/accounts.ts';
import { answerOf, errorBody } from '../../../../tests/setup/json.ts';
import { getUserData } from '#shared/api/account.ts';

const t = accountTestApp('2026-03-02T09:00:00Z');

const sendCode = (form: object) => t.request('/ajax/register/send-code', { method: 'POST', json: form });
const confirm = (form: object, code: string) =>
  t.request('/ajax/register/confirm', { method: 'POST', json: { ...form, code } });
/** A wrong code that is certainly not the mailed one. */
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('registration', () => {
  it('mails a code, creates the account with a mailed password, writes the event, does not log in', async () => {
    const email = uniqueEmail('reg');
    const form = registrationForm(email.toUpperCase());

    const sent = await sendCode(form);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true, message: `Код подтверждения отправлен на ${email}` });
    const code = await mailedCode(t, email);
    expect(code).toMatch(/^\d{4}$/);
    expect((await t.outbox.latest(email))?.subject).toContain('Код подтверждения');

    const confirmed = await confirm(form, code.split('').join('-')); // the client's mask #-#-#-#
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({
      success: true,
      message: `Регистрация прошла успешно! Данные для входа отправлены на ${email}`,
      email,
    });

    const [client] = await t.db.select().from(clients).where(eq(clients.email, email));
    expect(client).toMatchObject({
      name: 'Иван',
      surname: 'Петров',
      phone: '79123456789',
      company: 'Улыбка',
      city: 'Москва',
    });
    const registered = await t.db.select().from(events).where(eq(events.clientId, client!.id));
    expect(registered.map((e) => e.type)).toEqual(['client.registered']);

    const credentials = (await t.outbox.latest(email))!;
    expect(credentials.text).toContain(t.config.publicUrl);
    expect(credentials.text).toContain(email);
    const password = await mailedPassword(t, email);
    expect(password.length).toBeGreaterThanOrEqual(12);

    // Not logged in by the registration…
    const data = await answerOf(getUserData, await t.request('/ajax/user/data'));
    expect(data.user).toBeNull();
    // …but the mailed password works.
    const login = await t.request('/ajax/login', { method: 'POST', json: { email, password } });
    expect(login.status).toBe(200);
  });

  it('refuses an address that already has an account, without mailing', async () => {
    const { email } = await insertAccount(t);
    const response = await sendCode(registrationForm(email));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Пользователь с таким e-mail уже зарегистрирован',
      errors: { email: ['Пользователь с таким e-mail уже зарегистрирован'] },
    });
    expect(await t.outbox.for(email)).toHaveLength(0);
  });

  it('refuses a resend within 30 s; a resend after that kills the older code', async () => {
    const email = uniqueEmail('resend');
    const form = registrationForm(email);
    expect((await sendCode(form)).status).toBe(200);
    const first = await mailedCode(t, email);

    t.advance(10_000);
    const early = await sendCode({ ...form, resend: true });
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('20');
    expect((await errorBody(early)).message).toBe('Повторно отправить код можно через 20 сек.');
    expect(await t.outbox.for(email)).toHaveLength(1);

    t.advance(20_000);
    expect((await sendCode({ ...form, resend: true })).status).toBe(200);
    expect(await t.outbox.for(email)).toHaveLength(2);
    const second = await mailedCode(t, email);

    if (first !== second) {
      const old = await confirm(form, first);
      expect(old.status).toBe(422);
      expect((await errorBody(old)).errors.code).toEqual(['Неверный код']);
    }
    expect((await confirm(form, second)).status).toBe(200);
  });

  it('counts wrong codes and kills the code after 5 attempts', async () => {
    const email = uniqueEmail('attempts');
    const form = registrationForm(email);
    await sendCode(form);
    const code = await mailedCode(t, email);
    const wrong = otherCode(code);

    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await confirm(form, wrong);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        success: false,
        message: 'Неверный код',
        errors: { code: ['Неверный код'] },
      });
    }
    const fifth = await confirm(form, wrong);
    expect((await errorBody(fifth)).errors.code).toEqual(['Код больше не действует, запросите новый']);
    // Now even the right code is refused and nothing is created.
    const right = await confirm(form, code);
    expect(right.status).toBe(422);
    expect((await errorBody(right)).errors.code).toEqual(['Код больше не действует, запросите новый']);
    expect(await t.db.select().from(clients).where(eq(clients.email, email))).toHaveLength(0);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('expired');
    const form = registrationForm(email);
    await sendCode(form);
    const code = await mailedCode(t, email);
    t.advance(10 * 60 * 1000 + 1000);
    const response = await confirm(form, code);
    expect(response.status).toBe(422);
    expect((await errorBody(response)).errors.code).toEqual(['Код больше не действует, запросите новый']);
  });

  it('refuses a code used once already', async () => {
    const email = uniqueEmail('reuse');
    const form = registrationForm(email);
    await sendCode(form);
    const code = await mailedCode(t, email);
    expect((await confirm(form, code)).status).toBe(200);
    const again = await confirm(form, code);
    expect(again.status).toBe(422);
    expect((await errorBody(again)).errors.code).toEqual(['Код больше не действует, запросите новый']);
    expect(await t.db.select().from(clients).where(eq(clients.email, email))).toHaveLength(1);
  });

  it('creates one account when the same code is confirmed twice at once', async () => {
    const email = uniqueEmail('race');
    const form = registrationForm(email);
    await sendCode(form);
    const code = await mailedCode(t, email);
    const answers = await Promise.all([confirm(form, code), confirm(form, code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await t.db.select().from(clients).where(eq(clients.email, email))).toHaveLength(1);
  });

  it('refuses a confirmation when no code was ever sent', async () => {
    const response = await confirm(registrationForm(uniqueEmail('nocode')), '1234');
    expect(response.status).toBe(422);
    expect((await errorBody(response)).errors.code).toEqual(['Код больше не действует, запросите новый']);
  });

  it('validates every field with the spec messages and stores nothing', async () => {
    const before = await t.db.select().from(oneTimeCodes);
    const response = await sendCode({
      firstname: 'Ivan',
      lastname: '',
      phone: '+7 (812) 345-67-89',
      clinicName: ' ',
      city: '',
      email: 'not-an-email',
      approvalPolicy: false,
    });
    expect(response.status).toBe(422);
    const body = await errorBody(response);
    expect(body.success).toBe(false);
    expect(body.message).toBe('Это поле только для кириллицы');
    expect(body.errors).toMatchObject({
      firstname: ['Это поле только для кириллицы'],
      phone: ['Номер телефона должен начинаться с +7'],
      clinicName: ['Укажите название клиники'],
      city: ['Укажите город'],
      email: ['Введите корректный адрес эл. почты'],
      approvalPolicy: ['Согласие на обработку данных обязательно'],
    });
    expect(await t.db.select().from(oneTimeCodes)).toHaveLength(before.length);
    const wrongFormat = await confirm(registrationForm(uniqueEmail()), '12');
    expect((await errorBody(wrongFormat)).errors.code).toEqual(['Введите 4 числа из письма']);
  });

  it('throttles code sends per address', async () => {
    const email = uniqueEmail('flood');
    const form = registrationForm(email);
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(form)).status).toBe(200);
      t.advance(31_000);
    }
    const sixth = await sendCode(form);
    expect(sixth.status).toBe(429);
    expect((await errorBody(sixth)).message).toMatch(/^Слишком много попыток\. Попробуйте через \d+ мин\.$/);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
