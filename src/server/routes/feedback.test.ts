import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '#server/db/schema/platform.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { insertAccount, loginAs, primeCsrf } from '../../../tests/setup/accounts.ts';
import { errorBody } from '../../../tests/setup/json.ts';

// The feedback box (portal.md §2.6, §4.5, §5): a logged-in clinic's suggestion of 10–300 characters
// becomes one feedback.sent event for the back office; a guest's is refused.

let t: TestApp;
let clinicId: number;
beforeAll(async () => {
  t = await createTestApp();
  const account = await insertAccount(t);
  clinicId = account.id;
  expect((await loginAs(t, account.email)).status).toBe(200);
});
afterAll(() => t.close());

const send = (comment: unknown) => t.request('/ajax/form/proposal-send', { method: 'POST', json: { comment } });
const sent = async () =>
  (await t.db.select().from(events).where(eq(events.type, 'feedback.sent'))).map((event) => event.payload);

describe('POST /ajax/form/proposal-send', () => {
  it('turns a suggestion into one feedback.sent event', async () => {
    expect(await (await send('  Добавьте тёмную тему, пожалуйста  ')).json()).toEqual({
      success: true,
      message: 'Спасибо! Ваше предложение отправлено.',
    });
    expect(await sent()).toEqual([{ client_id: clinicId, comment: 'Добавьте тёмную тему, пожалуйста' }]);
  });

  it.each([
    ['', 'Обязательное поле'],
    ['коротко', 'Минимум 10 символов'],
    ['я'.repeat(301), 'Максимум 300 символов'],
  ])("refuses %j with the spec's words and writes nothing", async (comment, message) => {
    const before = (await sent()).length;
    const response = await send(comment);
    expect(response.status).toBe(422);
    expect((await errorBody(response)).errors.comment?.[0]).toBe(message);
    expect(await sent()).toHaveLength(before);
  });

  it("refuses a guest's", async () => {
    t.cookies.clear();
    await primeCsrf(t);
    expect([401, 403]).toContain((await send('Гостевое предложение без входа')).status);
  });
});
