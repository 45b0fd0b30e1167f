import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema/accounts.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// The clinics that gave an account access (issue 41): the colleague's side of Доступы, which
// 'Оставить заявку от имени клиники' names and filters by level.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.cookies.clear());

const link = (email: string, level: string) =>
  t.request('/ajax/cabinet/link-account', { method: 'POST', json: { email, level } });
const owners = () => t.request('/ajax/cabinet/access-owners');

describe('GET /ajax/cabinet/access-owners', () => {
  it("lists each clinic that gave the caller access, by its name and with the level, and nobody else's", async () => {
    const colleague = await insertAccount(t);
    const clinic = await insertAccount(t);
    const unnamed = await insertAccount(t);
    const stranger = await insertAccount(t);
    await t.db.update(clients).set({ company: 'Клиника «Улыбка»' }).where(eq(clients.id, clinic.id));
    await t.db.update(clients).set({ company: '  ' }).where(eq(clients.id, unnamed.id));
    await loginAs(t, clinic.email);
    expect((await link(colleague.email, 'tickets')).status).toBe(200);
    await loginAs(t, unnamed.email);
    expect((await link(colleague.email, 'bills')).status).toBe(200);
    await loginAs(t, stranger.email);
    expect((await link(clinic.email, 'full')).status).toBe(200);

    await loginAs(t, colleague.email);
    const answer = await owners();
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      success: true,
      data: [
        { client_id: clinic.id, company: 'Клиника «Улыбка»', level: 'tickets' },
        // No clinic name: the owner's own name says whose it is.
        { client_id: unnamed.id, company: 'Анна Смирнова', level: 'bills' },
      ].sort((a, b) => a.client_id - b.client_id),
    });

    // An account nobody gave access to: an empty list.
    await loginAs(t, stranger.email);
    expect(await (await owners()).json()).toEqual({ success: true, data: [] });
  });

  it('asks for a login first', async () => {
    expect((await owners()).status).toBe(401);
  });
});
