import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema/accounts.ts';
import { events } from '#server/db/schema/platform.ts';
import { DEAD_CODE_MESSAGE } from '#server/services/accounts/browser-codes.ts';
import { PROFILE_MESSAGES } from '#shared/screens/profile.ts';
import { insertAccount, loginAs, mailedCode, uniqueEmail, accountTestApp } from '../../../../tests/setup/accounts.ts';
import { answerOf, errorBody } from '../../../../tests/setup/json.ts';
import { getUserData } from '#shared/api/account.ts';

// The clinic's own data (cabinet.md §2 Personal data, Settings): saved at once, except a new login
// e-mail, which waits for the code mailed to it; `client.updated` names what changed.

const t = accountTestApp('2026-03-02T09:00:00Z');

const personal = (json: object) => t.request('/ajax/cabinet/profile/personal', { method: 'POST', json });
const confirm = (code: string) => t.request('/ajax/cabinet/profile/email/confirm', { method: 'POST', json: { code } });
const row = async (id: number) => (await t.db.select().from(clients).where(eq(clients.id, id)))[0]!;
const updates = async (id: number) =>
  (await t.db.select({ payload: events.payload }).from(events).where(eq(events.type, 'client.updated')))
    .map((event) => event.payload as { client_id: number; changed: object })
    .filter((payload) => payload.client_id === id);

async function loggedIn() {
  const account = await insertAccount(t);
  expect((await loginAs(t, account.email)).status).toBe(200);
  return account;
}

describe('Личные данные', () => {
  it('saves name, surname and phone at once and names what changed in client.updated', async () => {
    const account = await loggedIn();
    const response = await personal({
      name: 'Мария',
      surname: 'Смирнова',
      phone: '+7 (495) 123-45-67',
      email: account.email,
    });
    expect(await response.json()).toEqual({ success: true, message: 'Данные успешно изменены!', email_change: null });
    expect(await row(account.id)).toMatchObject({
      name: 'Мария',
      surname: 'Смирнова',
      phone: '74951234567',
      email: account.email,
    });
    expect(await updates(account.id)).toEqual([
      { client_id: account.id, changed: { name: 'Мария', phone: '74951234567' } },
    ]);
  });

  it('keeps the old e-mail until the code mailed to the new one is entered, then tells the old address', async () => {
    const account = await loggedIn();
    const next = uniqueEmail('new');
    const answer = (await (
      await personal({ name: 'Анна', surname: 'Смирнова', phone: '79161234567', email: next.toUpperCase() })
    ).json()) as { email_change: { email: string } };
    expect(answer.email_change.email).toBe(next);
    expect(await row(account.id)).toMatchObject({ email: account.email, pendingEmail: next });
    // The old address still logs in meanwhile.
    t.cookies.clear();
    expect((await loginAs(t, account.email)).status).toBe(200);

    const code = await mailedCode(t, next);
    const wrong = await confirm(String((Number(code) + 1) % 10_000).padStart(4, '0'));
    expect((await errorBody(wrong)).errors.code).toEqual(['Неверный код']);
    expect((await row(account.id)).email).toBe(account.email);

    expect((await errorBody(await confirm(code))).message).toBe(PROFILE_MESSAGES.emailChanged(next));
    expect(await row(account.id)).toMatchObject({ email: next, pendingEmail: null });
    expect((await row(account.id)).emailConfirmedAt).not.toBeNull();
    expect((await t.outbox.latest(account.email))?.text).toContain(`изменён на ${next}`);
    // The phone was new; the e-mail only counts once confirmed.
    expect(await updates(account.id)).toEqual([
      { client_id: account.id, changed: { phone: '79161234567' } },
      { client_id: account.id, changed: { email: next } },
    ]);
    t.cookies.clear();
    expect((await loginAs(t, account.email)).status).not.toBe(200);
    expect((await loginAs(t, next)).status).toBe(200);
  });

  it('takes a code only from the account that asked for it, not from another waiting for the same address', async () => {
    const asker = await loggedIn();
    const next = uniqueEmail('shared');
    await personal({ name: 'Анна', surname: 'Смирнова', phone: '79161234567', email: next });
    const code = await mailedCode(t, next);
    // Another account asks for the same address and enters the code mailed there for the first one.
    t.cookies.clear();
    const other = await loggedIn();
    await personal({ name: 'Анна', surname: 'Смирнова', phone: '79161234567', email: next });
    const refused = await confirm(code);
    expect(refused.status).toBe(422);
    expect((await errorBody(refused)).errors.code).toEqual([DEAD_CODE_MESSAGE]);
    expect(await row(other.id)).toMatchObject({ email: other.email, pendingEmail: next });
    // The code still works for the account it was mailed for.
    t.cookies.clear();
    expect((await loginAs(t, asker.email)).status).toBe(200);
    expect((await errorBody(await confirm(code))).message).toBe(PROFILE_MESSAGES.emailChanged(next));
    expect(await row(asker.id)).toMatchObject({ email: next, pendingEmail: null });
  });

  it("refuses another account's e-mail and bad fields in the spec's words, writing nothing", async () => {
    const account = await loggedIn();
    const other = await insertAccount(t);
    const taken = await personal({ name: 'Анна', surname: 'Смирнова', phone: '79161234567', email: other.email });
    expect(taken.status).toBe(422);
    expect((await errorBody(taken)).errors.email).toEqual(['Пользователь с таким e-mail уже зарегистрирован']);
    const bad = await personal({ name: 'Anna', surname: '', phone: '+7 (916) 123-45', email: 'not-an-email' });
    const errors = (await errorBody(bad)).errors as Record<string, string[]>;
    const first = Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0]]));
    expect(first).toMatchObject({
      name: 'Это поле только для букв',
      surname: 'Это поле обязательно',
      phone: 'Номер телефона должен начинаться с +7',
      email: 'Введите корректный адрес эл. почты',
    });
    expect(await row(account.id)).toMatchObject({ name: 'Анна', pendingEmail: null });
    expect(await updates(account.id)).toEqual([]);
  });

  it('typing the current address back cancels the change; a code without a change waiting is refused', async () => {
    const account = await loggedIn();
    await personal({ name: 'Анна', surname: 'Смирнова', phone: '79161234567', email: uniqueEmail('typo') });
    await personal({ name: 'Анна', surname: 'Смирнова', phone: '79161234567', email: account.email });
    expect((await row(account.id)).pendingEmail).toBeNull();
    const refused = await confirm('1234');
    expect((await errorBody(refused)).errors.code).toEqual(['Нет нового адреса, ожидающего подтверждения']);
  });
});

describe('Настройки', () => {
  const update = (json: object) => t.request('/ajax/cabinet/profile/update', { method: 'POST', json });

  it('saves surname, name, patronymic and organisation, an empty patronymic as none', async () => {
    const account = await loggedIn();
    expect(
      await (await update({ surname: 'Петрова-Водкина', name: 'Anna', patronymic: '', company: 'Улыбка' })).json(),
    ).toEqual({ success: true, message: 'Данные успешно изменены!' });
    expect(await row(account.id)).toMatchObject({
      surname: 'Петрова-Водкина',
      name: 'Anna',
      patronymic: null,
      company: 'Улыбка',
    });
    const user = (
      (await answerOf(getUserData, await t.request('/ajax/user/data'))) as {
        user: { surname: string; company: string };
      }
    ).user;
    expect(user).toMatchObject({ surname: 'Петрова-Водкина', company: 'Улыбка' });
  });

  it("refuses names with other characters, one letter and an empty organisation in the spec's words", async () => {
    const account = await loggedIn();
    const response = await update({ surname: 'Ан1', name: 'А', patronymic: 'В', company: '' });
    const errors = (await errorBody(response)).errors as Record<string, string[]>;
    const first = Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0]]));
    expect(response.status).toBe(422);
    expect(first).toMatchObject({
      surname: "Допустимы только буквы и символ '-'",
      name: 'Минимум 2 символа',
      company: 'Обязательное поле',
    });
    // One letter is a letter: the patronymic is told its length, as the name is.
    expect(first.patronymic).toBe('Минимум 2 символа');
    expect((await row(account.id)).surname).toBe('Смирнова');
  });

  it('is refused without a session', async () => {
    expect([401, 403]).toContain(
      (await update({ surname: 'Иванова', name: 'Анна', patronymic: '', company: 'Улыбка' })).status,
    );
  });
});
