import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bills } from '#server/db/schema/tickets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { pointsEntries } from '#server/db/schema/loyalty.ts';
import { sessions } from '#server/db/schema/accounts.ts';
import { sha256 } from '#server/lib/sha256.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount, loginAs, primeCsrf, uniqueEmail } from '../../../../tests/setup/accounts.ts';
import { answerOf } from '../../../../tests/setup/json.ts';
import { getUserData, login, logout } from '#shared/api/account.ts';
import { DAY_MS } from '#shared/durations.ts';

const BASE = Date.parse('2026-03-02T09:00:00Z');
let t: TestApp;
let day = 0;

beforeAll(async () => {
  t = await createTestApp({ now: BASE });
});
afterAll(() => t.close());
beforeEach(() => {
  t.cookies.clear();
  t.csrfToken = undefined;
  // Sessions last 30 days: 40 days apart keeps each test's sessions and rate windows its own.
  t.setNow(BASE + ++day * 40 * DAY_MS);
});

function setCookieLine(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

describe('GET /ajax/user/data', () => {
  it('answers null and issues a logged-out CSRF token in an HttpOnly cookie', async () => {
    const response = await t.request('/ajax/user/data');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await answerOf(getUserData, response);
    expect(body.success).toBe(true);
    expect(body.user).toBeNull();
    expect(body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = setCookieLine(response, 'portal_csrf');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(t.cookies.get('portal_csrf')).toBe(body.csrf_token);
    // The same token while the cookie lives.
    const again = await answerOf(getUserData, await t.request('/ajax/user/data'));
    expect(again.csrf_token).toBe(body.csrf_token);
  });

  it('counts points, unpaid bills and unread notifications of this account only', async () => {
    const me = await insertAccount(t);
    const other = await insertAccount(t);
    await t.db.insert(pointsEntries).values([
      { clientId: me.id, delta: 150, reason: 'начисление' },
      { clientId: me.id, delta: -30, reason: 'списание' },
      { clientId: other.id, delta: 999, reason: 'чужие' },
    ]);
    const bill = { id1c: 'Б-1', date: '2026-03-01', amountDocument: '100.00' };
    await t.db.insert(bills).values([
      { ...bill, clientId: me.id, status: 'Оплачен' },
      { ...bill, clientId: me.id, status: null },
      { ...bill, clientId: me.id, status: 'Не оплачен' },
      { ...bill, clientId: me.id, status: 'Частично оплачен' },
      { ...bill, clientId: other.id, status: 'Не оплачен' },
    ]);
    await t.db.insert(notifications).values([
      { clientId: me.id, description: 'a', isViewed: false },
      { clientId: me.id, description: 'b', isViewed: true },
      { clientId: other.id, description: 'c', isViewed: false },
    ]);
    expect((await loginAs(t, me.email)).status).toBe(200);
    const { user } = await answerOf(getUserData, await t.request('/ajax/user/data'));
    expect(user).toEqual({
      id: me.id,
      name: 'Анна',
      surname: 'Смирнова',
      patronymic: null,
      phone: null,
      email: me.email,
      company: null,
      city: null,
      balls: 120,
      unpaid_bills: 2,
      unread_notifications: 1,
      consents_given: false,
      email_confirmed: true,
      pending_email: null,
      access_owner_ids: [],
      access_grants: [],
      quiz_available: false,
      has_bills: true,
      hidden_sections: [],
      kind: 'clinic',
    });
  });

  it("says whether the clinic has any bill (the cabinet's bank-details notice is for those only)", async () => {
    const me = await insertAccount(t);
    const other = await insertAccount(t);
    await t.db
      .insert(bills)
      .values({ id1c: 'Б-2', date: '2026-03-01', amountDocument: '100.00', clientId: other.id, status: 'Оплачен' });
    expect((await loginAs(t, me.email)).status).toBe(200);
    expect((await answerOf(getUserData, await t.request('/ajax/user/data'))).user?.has_bills).toBe(false);
  });
});

describe('login', () => {
  it('sets a hashed, HttpOnly, SameSite=Lax session cookie and returns the user with a new CSRF token', async () => {
    const { id, email, password } = await insertAccount(t);
    await primeCsrf(t);
    const anonymous = t.csrfToken;
    const response = await t.request('/ajax/login', {
      method: 'POST',
      json: { email: ` ${email.toUpperCase()} `, password },
    });
    expect(response.status).toBe(200);
    const body = await answerOf(login, response);
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ id, email, balls: 0 });
    expect(body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.csrf_token).not.toBe(anonymous);

    const cookie = setCookieLine(response, 'portal_session')!;
    expect(cookie).toMatch(/^portal_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(cookie).not.toContain('Secure');
    // Its readable mark (#shared/api/headers.ts SIGNED_IN_COOKIE) lives and dies with it.
    const mark = setCookieLine(response, 'portal_signed_in')!;
    expect(mark).toMatch(/^portal_signed_in=1;/);
    expect(mark).not.toContain('HttpOnly');
    expect(mark).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(mark).toContain('SameSite=Lax');
    // The anonymous token is rotated too.
    expect(t.cookies.get('portal_csrf')).not.toBe(anonymous);

    const token = t.cookies.get('portal_session')!;
    const stored = await t.db.select().from(sessions).where(eq(sessions.clientId, id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(sha256(token));
    expect(stored[0]!.tokenHash).not.toContain(token);

    const data = await answerOf(getUserData, await t.request('/ajax/user/data'));
    expect(data.user?.id).toBe(id);
    expect(data.csrf_token).toBe(body.csrf_token);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const { email } = await insertAccount(t);
    const expected = {
      success: false,
      message: 'Неверный e-mail или пароль',
      errors: { password: ['Неверный e-mail или пароль'] },
    };
    const wrong = await loginAs(t, email, 'not-the-password');
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual(expected);
    const unknown = await loginAs(t, uniqueEmail('nobody'), 'whatever-password');
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual(expected);
    expect(t.cookies.get('portal_session')).toBeUndefined();
  });

  it('answers 429 with Retry-After after 10 attempts for one e-mail, even with the right password', async () => {
    const { email, password } = await insertAccount(t);
    await primeCsrf(t);
    for (let i = 0; i < 10; i++) {
      const response = await t.request('/ajax/login', {
        method: 'POST',
        json: { email, password: `wrong-password-${i}` },
      });
      expect(response.status).toBe(422);
    }
    const blocked = await t.request('/ajax/login', { method: 'POST', json: { email, password } });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      success: false,
      message: 'Слишком много попыток. Попробуйте через 15 мин.',
    });
    expect(blocked.headers.get('retry-after')).toBe(String(15 * 60));

    t.advance(15 * 60 * 1000);
    expect((await t.request('/ajax/login', { method: 'POST', json: { email, password } })).status).toBe(200);
  });

  it('marks the cookie Secure when the portal is served over HTTPS', async () => {
    const secure = await createTestApp({ now: BASE, config: { secure: true } });
    try {
      const { email, password } = await insertAccount(secure);
      await primeCsrf(secure);
      const response = await secure.request('/ajax/login', { method: 'POST', json: { email, password } });
      expect(response.status).toBe(200);
      expect(setCookieLine(response, 'portal_session')).toContain('Secure');
      expect(setCookieLine(response, 'portal_csrf')).toContain('Secure');
      expect(setCookieLine(response, 'portal_signed_in')).toContain('Secure');
    } finally {
      await secure.close();
    }
  });
});

describe('session lifetime and logout', () => {
  it('slides the expiry at most once a day and ends after 30 idle days', async () => {
    const { id, email } = await insertAccount(t);
    await loginAs(t, email);
    const expiry = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.clientId, id)))[0]?.expiresAt.getTime();
    const first = await expiry();

    t.advance(60 * 60 * 1000); // an hour later: no write, no new cookie
    const soon = await t.request('/ajax/user/data');
    expect(setCookieLine(soon, 'portal_session')).toBeUndefined();
    expect(await expiry()).toBe(first);

    t.advance(2 * DAY_MS);
    const later = await t.request('/ajax/user/data');
    expect((await answerOf(getUserData, later)).user?.id).toBe(id);
    expect(setCookieLine(later, 'portal_session')).toContain('Max-Age=2592000');
    expect(await expiry()).toBe(t.deps.now().getTime() + 30 * DAY_MS);

    const cookie = t.cookies.get('portal_session');
    t.advance(30 * DAY_MS + 1000);
    t.cookies.set('portal_session', cookie!); // a browser that kept the cookie anyway
    const expired = await t.request('/ajax/user/data');
    expect((await answerOf(getUserData, expired)).user).toBeNull();
    expect(setCookieLine(expired, 'portal_signed_in')).toMatch(/Max-Age=0/);
    expect(await expiry()).toBeUndefined();
  });

  it('logs out: the session row is gone, the cookie cleared, a new CSRF token given, the old cookie useless', async () => {
    const { id, email } = await insertAccount(t);
    await loginAs(t, email);
    const sessionCookie = t.cookies.get('portal_session')!;
    const loggedInToken = t.csrfToken;

    const response = await t.request('/ajax/logout', { method: 'POST' });
    expect(response.status).toBe(200);
    const body = await answerOf(logout, response);
    expect(body.success).toBe(true);
    expect(body.csrf_token).not.toBe(loggedInToken);
    expect(t.cookies.get('portal_csrf')).toBe(body.csrf_token); // the double-submit pair matches
    expect(setCookieLine(response, 'portal_session')).toMatch(/Max-Age=0/);
    expect(setCookieLine(response, 'portal_signed_in')).toMatch(/Max-Age=0/);
    expect(t.cookies.get('portal_session')).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.clientId, id))).toHaveLength(0);

    const replay = await t.request('/ajax/user/data', { headers: { cookie: `portal_session=${sessionCookie}` } });
    expect((await answerOf(getUserData, replay)).user).toBeNull();
  });

  it('answers garbage session cookies as logged out', async () => {
    for (const value of ['x', 'a'.repeat(43), '%00%ff', 'a'.repeat(5000)]) {
      const response = await t.request('/ajax/user/data', {
        headers: { cookie: `portal_session=${value}` },
        cookies: false,
      });
      expect(response.status).toBe(200);
      expect((await answerOf(getUserData, response)).user).toBeNull();
    }
  });
});
