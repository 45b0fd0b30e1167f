// Inviting a colleague who has no account (issue 41, ADR 0049): Доступы mails a link instead of
// refusing; the link's form makes the account at the owner's clinic, logs in and gives the level.
// Valid 7 days, revocable, counted against the owner's mail limits.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/durations.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { events } from '#server/db/schema/platform.ts';
import { insertAccount, loginAs, primeCsrf, uniqueEmail } from '../../../../tests/setup/accounts.ts';
import { insertBill, insertTicket } from '../../../../tests/setup/cabinet-world.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

let t: TestApp;
let owner: { id: number; email: string; password: string };
let ticketId: number;
let billId: number;

const PASSWORD = 'светлый-кабинет-42';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z', config: { mailHourlyBudget: 5 } });
  owner = await insertAccount(t);
  await t.db
    .update(clients)
    .set({ name: 'Ирина', surname: 'Котова', company: 'Клиника «Улыбка»' })
    .where(eq(clients.id, owner.id));
  ticketId = await insertTicket(t, owner.id);
  billId = await insertBill(t, owner.id);
});
afterAll(() => t?.close());

/** A logged-out browser, as the colleague opening the mailed link is. */
async function loggedOut() {
  t.cookies.clear();
  await primeCsrf(t);
}

async function asOwner() {
  t.cookies.clear();
  expect((await loginAs(t, owner.email, owner.password)).status).toBe(200);
}

const invite = (email: string, level?: string) =>
  t.request('/ajax/cabinet/link-account', { method: 'POST', json: { email, ...(level ? { level } : {}) } });

/** The token of the newest invitation mailed to `email`, read from its link like the colleague would. */
async function mailedToken(email: string): Promise<string> {
  const mail = await t.outbox.latest(email);
  expect(mail?.subject).toBe('Приглашение в личный кабинет клиники «Клиника «Улыбка»»');
  const token = /\/client\/invitation\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}

const form = (token: string) => ({
  token,
  name: 'Мария',
  surname: 'Белова',
  phone: '+7 (912) 000-11-22',
  new_password: PASSWORD,
  new_password_confirmation: PASSWORD,
});

const accept = (token: string) => t.request('/ajax/invitations/accept', { method: 'POST', json: form(token) });
const check = (token: string) => t.request('/ajax/invitations/check', { method: 'POST', json: { token } });

async function listed(email: string) {
  const list = (await (await t.request('/ajax/cabinet/accesses')).json()) as {
    data: { email: string; level: string; status: string }[];
  };
  return list.data.find((row) => row.email === email);
}

describe('an invitation', () => {
  it("is mailed to an address with no account, listed as sent, and makes the colleague's account at the owner's clinic", async () => {
    const email = uniqueEmail('receptionist');
    await asOwner();
    const sent = await invite(email, 'tickets');
    expect(await sent.json()).toEqual({ success: true, message: 'Приглашение отправлено' });
    expect(await listed(email)).toMatchObject({ level: 'tickets', status: 'invited' });
    const token = await mailedToken(email);

    await loggedOut();
    expect(await (await check(token)).json()).toEqual({
      success: true,
      invitation: {
        email,
        clinic: 'Клиника «Улыбка»',
        owner_name: 'Ирина Котова',
        level: 'tickets',
        level_label: 'Только заявки',
      },
    });
    // The form's rules are the site's: a short password or names in Latin letters are refused, nothing made.
    const bad = await t.request('/ajax/invitations/accept', {
      method: 'POST',
      json: { ...form(token), name: 'Maria', new_password: 'short', new_password_confirmation: 'short' },
    });
    expect(bad.status).toBe(422);
    expect(await t.db.select().from(clients).where(eq(clients.email, email))).toEqual([]);

    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ success: true, landing: '/cabinet/tickets' });
    // Logged in as the new colleague, who reads the owner's tickets and no bills.
    expect((await t.request(`/ajax/cabinet/tickets/${ticketId}`)).status).toBe(200);
    expect(await (await t.request('/ajax/cabinet/bills')).text()).not.toContain(`"id":${billId}`);
    const [made] = await t.db.select().from(clients).where(eq(clients.email, email));
    expect(made).toMatchObject({ name: 'Мария', surname: 'Белова', phone: '79120001122', company: 'Клиника «Улыбка»' });
    expect(made!.emailConfirmedAt).not.toBeNull();
    const granted = (await t.db.select().from(events).where(eq(events.type, 'access.granted'))).map((e) => e.payload);
    expect(granted).toContainEqual({ owner_client_id: owner.id, grantee_client_id: made!.id, level: 'tickets' });

    // Used once: the link now says so (to a logged-out browser), and the owner's list shows the colleague.
    await loggedOut();
    expect((await accept(token)).status).toBe(409);
    await asOwner();
    expect(await listed(email)).toMatchObject({ level: 'tickets', status: 'active' });
    // The colleague can log in with the password set in the form.
    t.cookies.clear();
    expect((await loginAs(t, email, PASSWORD)).status).toBe(200);
  });

  it('is refused while another account is logged in here (409, nothing written, that session kept), and accepted once it logs out', async () => {
    const email = uniqueEmail('owner-tries-link');
    await asOwner();
    expect((await invite(email, 'tickets')).status).toBe(200);
    const token = await mailedToken(email);
    const eventsBefore = (await t.db.select().from(events)).length;

    // The owner opens the link in the browser they are logged in with: it checks, but accepting would replace them.
    expect((await check(token)).status).toBe(200);
    const refused = await accept(token);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      success: false,
      message: 'Вы вошли в другую учётную запись. Выйдите из неё, чтобы принять приглашение.',
    });
    expect(await t.db.select().from(clients).where(eq(clients.email, email))).toEqual([]);
    expect((await t.db.select().from(events)).length).toBe(eventsBefore);
    // Still the owner, with the invitation still waiting in the list.
    const user = (await (await t.request('/ajax/user/data')).json()) as { user: { email: string } | null };
    expect(user.user?.email).toBe(owner.email);
    expect(await listed(email)).toMatchObject({ level: 'tickets', status: 'invited' });

    // 'Выйти', then the same form: the colleague's account is made and logged in.
    const out = await t.request('/ajax/logout', { method: 'POST', json: {} });
    expect(out.status).toBe(200);
    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    const [made] = await t.db.select().from(clients).where(eq(clients.email, email));
    expect(made).toBeDefined();
    const colleague = (await (await t.request('/ajax/user/data')).json()) as { user: { email: string } | null };
    expect(colleague.user?.email).toBe(email);
  });

  it("is not refused for a session cookie the server no longer knows (an old login's): that is no one's session", async () => {
    const email = uniqueEmail('stale-cookie');
    await asOwner();
    expect((await invite(email)).status).toBe(200);
    const token = await mailedToken(email);
    await t.request('/ajax/logout', { method: 'POST', json: {} });
    t.cookies.set('portal_session', 'x'.repeat(43));
    expect((await accept(token)).status).toBe(200);
  });

  it('is valid 7 days: then the link says it expired, the list says so, and a new one can be sent', async () => {
    const email = uniqueEmail('late');
    await asOwner();
    expect((await invite(email)).status).toBe(200);
    const token = await mailedToken(email);
    t.advance(7 * DAY_MS + 60_000);
    await loggedOut();
    const expired = await check(token);
    expect(expired.status).toBe(409);
    expect(await expired.json()).toEqual({
      success: false,
      message: 'Срок действия приглашения истёк. Попросите коллегу отправить новое.',
    });
    expect((await accept(token)).status).toBe(409);
    expect(await t.db.select().from(clients).where(eq(clients.email, email))).toEqual([]);
    await asOwner();
    expect(await listed(email)).toMatchObject({ status: 'expired', level: 'full' });
    expect((await invite(email)).status).toBe(200);
    const fresh = await mailedToken(email);
    expect(fresh).not.toBe(token);
    expect((await check(fresh)).status).toBe(200);
    expect((await check(token)).status).toBe(404);
  });

  it('can be revoked: the link stops working at once and the list forgets it', async () => {
    const email = uniqueEmail('revoked');
    await asOwner();
    expect((await invite(email, 'bills')).status).toBe(200);
    const token = await mailedToken(email);
    // A second invitation while one waits is refused, and mails nothing.
    const again = await invite(email, 'bills');
    expect(again.status).toBe(422);
    const revoked = await t.request('/ajax/cabinet/unlink-account', { method: 'POST', json: { email } });
    expect(await revoked.json()).toEqual({ success: true, message: 'Приглашение отозвано' });
    expect(await listed(email)).toBeUndefined();
    await loggedOut();
    const dead = await accept(token);
    expect(dead.status).toBe(404);
    expect(((await dead.json()) as { message: string }).message).toBe(
      'Приглашение не найдено или отозвано владельцем кабинета',
    );
    expect(await t.db.select().from(clients).where(eq(clients.email, email))).toEqual([]);
  });

  it('gives way to the access once the address has an account made another way: listed once, and revoked with it', async () => {
    const email = uniqueEmail('registered-meanwhile');
    await asOwner();
    expect((await invite(email, 'tickets')).status).toBe(200);
    const token = await mailedToken(email);
    // The colleague registered on their own instead of following the link; the owner adds the address again.
    await insertAccount(t, { email });
    const granted = await invite(email, 'tickets');
    expect(await granted.json()).toEqual({ success: true, message: 'Доступ выдан' });
    const list = (await (await t.request('/ajax/cabinet/accesses')).json()) as { data: { email: string }[] };
    expect(list.data.filter((row) => row.email === email)).toEqual([
      expect.objectContaining({ email, level: 'tickets', status: 'active' }),
    ]);
    // 'Удалить' takes back the access itself, not a forgotten invitation.
    const revoked = await t.request('/ajax/cabinet/unlink-account', { method: 'POST', json: { email } });
    expect(await revoked.json()).toEqual({ success: true, message: 'Доступ отозван' });
    expect(await listed(email)).toBeUndefined();
    await loggedOut();
    expect((await check(token)).status).toBe(404);
  });

  it("counts against the portal's mail budget: past it the owner is told calmly and nothing is mailed", async () => {
    await asOwner();
    const refused: number[] = [];
    for (let i = 0; i < 4; i++) {
      const email = uniqueEmail('budget');
      const answer = await invite(email);
      if (answer.status !== 200) {
        refused.push(answer.status);
        expect(((await answer.json()) as { message: string }).message).toMatch(/слишком много писем/);
        expect(await t.outbox.for(email)).toEqual([]);
      }
    }
    // The budget is 5 an hour and this hour already mailed some: the rest are refused, none mailed.
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((status) => status === 429)).toBe(true);
  });
});
