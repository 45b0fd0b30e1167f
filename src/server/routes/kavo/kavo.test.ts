import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KAVO_LINK_RESULTS, KAVO_MESSAGES } from '#shared/screens/kavo.ts';
import { kavoIdentities, kavoLoginFlows } from '#server/db/schema/kavo.ts';
import { unsealToken } from '#server/services/kavo/tokens.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { KAVO_ACCOUNTS } from '../../../../tests/setup/kavo-provider.ts';
import {
  callbackLanding,
  createKavoWorld,
  linkKavo,
  providerAnswer,
  type KavoWorld,
} from '../../../../tests/setup/kavo-world.ts';
import { createTestApp } from '../../../../tests/setup/test-app.ts';

// KAVO ID against a real OpenID Connect provider (oidc-provider on 127.0.0.1, PKCE required):
// linking through its login and consent, the profile read with the stored token (refreshed when
// refused or expired), the portal's edits, unlinking, and every way a link is refused.

let world: KavoWorld;
let owner: Awaited<ReturnType<typeof insertAccount>>;
let other: Awaited<ReturnType<typeof insertAccount>>;

beforeAll(async () => {
  world = await createKavoWorld();
  owner = await insertAccount(world.t);
  other = await insertAccount(world.t);
});
afterAll(() => world.close());
beforeEach(async () => {
  world.t.cookies.clear();
  await world.t.db.delete(kavoIdentities);
});

const as = async (account: { email: string }) => expect((await loginAs(world.t, account.email)).status).toBe(200);
const get = async (path: string) => {
  const response = await world.t.request(path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const post = async (path: string, json: unknown) => {
  const response = await world.t.request(path, { method: 'POST', json });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const list = async () => (await get('/ajax/cabinet/profile/kavo-list')).body.profiles as Array<Record<string, unknown>>;
const stored = async () => world.t.db.select().from(kavoIdentities);

describe('linking a KAVO ID', () => {
  it('links the identity the user consents to, with its claims, and keeps only sealed tokens', async () => {
    await as(owner);
    expect(await linkKavo(world, 'kavo-ivanova')).toBe('/cabinet/kavo-id?kavo=linked');

    expect(await list()).toEqual([
      {
        kavo_id: expect.any(Number),
        phone: '79161234567',
        last_name: 'Иванова',
        first_name: 'Мария',
        middle_name: 'Петровна',
      },
    ]);
    const [row] = await stored();
    expect(row).toMatchObject({
      clientId: owner.id,
      issuer: world.kavo.issuer,
      subject: 'kavo-ivanova',
      city: 'Россия, Москва',
    });
    // At rest only ciphertext; it opens with the key for this identity only.
    expect(row!.accessToken).toMatch(/^v1\./);
    expect(row!.refreshToken).toMatch(/^v1\./);
    const access = unsealToken(world.t.config, row!.issuer, row!.subject, 'access', row!.accessToken!);
    expect(row!.accessToken).not.toContain(access);
    expect(() => unsealToken(world.t.config, row!.issuer, 'kavo-petrov', 'access', row!.accessToken!)).toThrow();
    expect(world.kavo.grants).toContain('authorization_code');
    // The flow was used up.
    expect(await world.t.db.select().from(kavoLoginFlows)).toEqual([]);
  });

  it('links several identities to one account, and the same one again only refreshes it', async () => {
    await as(owner);
    await linkKavo(world, 'kavo-ivanova');
    await linkKavo(world, 'kavo-petrov');
    expect(await linkKavo(world, 'kavo-ivanova')).toBe('/cabinet/kavo-id?kavo=linked');
    expect((await list()).map((item) => item.last_name)).toEqual(['Иванова', 'Петров']);
  });

  it('refuses an identity already linked to another account, in Russian, and links nothing', async () => {
    await as(other);
    await linkKavo(world, 'kavo-sidorov');
    world.t.cookies.clear();
    await as(owner);
    expect(await linkKavo(world, 'kavo-sidorov')).toBe('/cabinet/kavo-id?kavo=taken');
    expect(KAVO_LINK_RESULTS.taken).toMatch(/уже привязан к другому аккаунту/);
    expect(await list()).toEqual([]);
    expect((await stored()).map((row) => row.clientId)).toEqual([other.id]);
  });

  it('links nothing when the user denies the consent (error=access_denied)', async () => {
    await as(owner);
    const answer = await providerAnswer(world, 'kavo-ivanova', 'deny');
    expect(answer.searchParams.get('error')).toBe('access_denied');
    expect(await callbackLanding(world.t, answer)).toBe('/cabinet/kavo-id?kavo=denied');
    expect(KAVO_LINK_RESULTS.denied).toMatch(/Ничего не привязано/);
    expect(await stored()).toEqual([]);
  });

  it("refuses a callback whose state is not this session's flow", async () => {
    await as(owner);
    const answer = await providerAnswer(world, 'kavo-ivanova');
    const forged = new URL(answer);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    expect(await callbackLanding(world.t, forged)).toBe('/cabinet/kavo-id?kavo=expired');
    // The real answer in another account's browser: that session did not start the flow, and
    // presenting its state neither uses it nor spoils it for the owner (ADR 0018).
    const ownerSession = ['portal_session', 'portal_csrf'].map((name) => [name, world.t.cookies.get(name)!] as const);
    world.t.cookies.clear();
    await as(other);
    expect(await callbackLanding(world.t, answer)).toBe('/cabinet/kavo-id?kavo=expired');
    expect(await stored()).toEqual([]);
    expect(await world.t.db.select().from(kavoLoginFlows)).toHaveLength(1);
    world.t.cookies.clear();
    for (const [name, value] of ownerSession) world.t.cookies.set(name, value);
    expect(await callbackLanding(world.t, answer)).toBe('/cabinet/kavo-id?kavo=linked');
    expect((await stored()).map((row) => row.clientId)).toEqual([owner.id]);
    // A flow is used once: the same answer replayed in the owner's browser is refused.
    expect(await callbackLanding(world.t, answer)).toBe('/cabinet/kavo-id?kavo=expired');
  });

  it('refuses a flow older than 10 minutes', async () => {
    await as(owner);
    const answer = await providerAnswer(world, 'kavo-ivanova');
    world.t.advance(11 * 60 * 1000);
    expect(await callbackLanding(world.t, answer)).toBe('/cabinet/kavo-id?kavo=expired');
    expect(await stored()).toEqual([]);
  });
});

describe('the KAVO ID profile', () => {
  let kavoId: number;
  beforeEach(async () => {
    await as(owner);
    await linkKavo(world, 'kavo-ivanova');
    kavoId = (await list())[0]!.kavo_id as number;
  });

  it("reads the provider's profile with the stored token", async () => {
    KAVO_ACCOUNTS['kavo-ivanova']!.given_name = 'Марина';
    try {
      expect(await get(`/ajax/cabinet/profile/kavo-id?kavo_id=${kavoId}`)).toEqual({
        status: 200,
        body: {
          success: true,
          kavo_id: kavoId,
          last_name: 'Иванова',
          first_name: 'Марина',
          middle_name: 'Петровна',
          phone: '79161234567',
          city: 'Россия, Москва',
        },
      });
      // The list follows what the provider said last.
      expect((await list())[0]!.first_name).toBe('Марина');
    } finally {
      KAVO_ACCOUNTS['kavo-ivanova']!.given_name = 'Мария';
    }
    // Without kavo_id: the first linked identity.
    expect((await get('/ajax/cabinet/profile/kavo-id')).body.kavo_id).toBe(kavoId);
  });

  it('keeps the edits for the identity (KAVO has no update API) and validates them in Russian', async () => {
    const saved = await post('/ajax/cabinet/profile/update-kavo-id', {
      kavo_id: kavoId,
      last_name: 'Иванова-Петрова',
      first_name: 'Мария',
      middle_name: '',
      city: 'Казахстан, Алматы',
    });
    expect(saved).toEqual({ status: 200, body: { success: true, message: 'Данные успешно изменены!' } });
    expect((await get(`/ajax/cabinet/profile/kavo-id?kavo_id=${kavoId}`)).body).toMatchObject({
      last_name: 'Иванова-Петрова',
      first_name: 'Мария',
      middle_name: '',
      city: 'Казахстан, Алматы',
    });
    expect((await stored())[0]!.overrides).toEqual({
      last_name: 'Иванова-Петрова',
      middle_name: '',
      city: 'Казахстан, Алматы',
    });

    const bad = await post('/ajax/cabinet/profile/update-kavo-id', {
      kavo_id: kavoId,
      last_name: 'Иванова',
      first_name: 'М',
      middle_name: '',
      city: 'Москва',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ first_name: ['Минимум 2 символа'], city: [KAVO_MESSAGES.city] });
    expect((await stored())[0]!.overrides.city).toBe('Казахстан, Алматы');
  });

  it('refreshes an expired access token before reading', async () => {
    const before = (await stored())[0]!;
    const refreshes = world.kavo.grants.filter((grant) => grant === 'refresh_token').length;
    world.t.advance(2 * 60 * 60 * 1000); // past the hour the provider gave the access token
    const read = await get(`/ajax/cabinet/profile/kavo-id?kavo_id=${kavoId}`);
    world.t.advance(-2 * 60 * 60 * 1000);
    expect(read.status).toBe(200);
    expect(world.kavo.grants.filter((grant) => grant === 'refresh_token')).toHaveLength(refreshes + 1);
    expect((await stored())[0]!.accessToken).not.toBe(before.accessToken);
  });

  it('refreshes once when the provider refuses the access token, then says it cannot load when the refresh is refused too', async () => {
    const row = (await stored())[0]!;
    const access = unsealToken(world.t.config, row.issuer, row.subject, 'access', row.accessToken!);
    await (await world.kavo.provider.AccessToken.find(access))!.destroy();
    expect((await get(`/ajax/cabinet/profile/kavo-id?kavo_id=${kavoId}`)).status).toBe(200);
    expect(world.kavo.grants.at(-1)).toBe('refresh_token');

    // The grant revoked at the provider: refresh token and access token both dead.
    const now = (await stored())[0]!;
    const refresh = unsealToken(world.t.config, now.issuer, now.subject, 'refresh', now.refreshToken!);
    await (await world.kavo.provider.RefreshToken.find(refresh))!.destroy();
    await (await world.kavo.provider.AccessToken.find(
      unsealToken(world.t.config, now.issuer, now.subject, 'access', now.accessToken!),
    ))!.destroy();
    expect(await get(`/ajax/cabinet/profile/kavo-id?kavo_id=${kavoId}`)).toEqual({
      status: 502,
      body: { success: false, message: 'Не удалось загрузить данные пользователя.' },
    });
    // No token stored any more: the same answer without asking the provider; linking again mends it.
    expect((await stored())[0]).toMatchObject({ accessToken: null, refreshToken: null });
    expect((await get(`/ajax/cabinet/profile/kavo-id?kavo_id=${kavoId}`)).status).toBe(502);
    await linkKavo(world, 'kavo-ivanova');
    expect((await get(`/ajax/cabinet/profile/kavo-id?kavo_id=${kavoId}`)).status).toBe(200);
  });

  it("unlinks: the identity and its tokens are gone, and the provider's refresh token is revoked", async () => {
    const row = (await stored())[0]!;
    const refresh = unsealToken(world.t.config, row.issuer, row.subject, 'refresh', row.refreshToken!);
    expect(await post('/ajax/cabinet/profile/unlink-kavo-id', { kavo_id: kavoId })).toEqual({
      status: 200,
      body: { success: true, message: 'Пользователь отвязан' },
    });
    expect(await stored()).toEqual([]);
    expect(await list()).toEqual([]);
    expect(await world.kavo.provider.RefreshToken.find(refresh)).toBeUndefined();
    expect((await post('/ajax/cabinet/profile/unlink-kavo-id', { kavo_id: kavoId })).status).toBe(404);
  });

  it('gives another account nothing of this identity', async () => {
    world.t.cookies.clear();
    await as(other);
    expect(await list()).toEqual([]);
    expect((await get(`/ajax/cabinet/profile/kavo-id?kavo_id=${kavoId}`)).status).toBe(404);
    expect(
      (
        await post('/ajax/cabinet/profile/update-kavo-id', {
          kavo_id: kavoId,
          last_name: 'Чужая',
          first_name: 'Мария',
          middle_name: '',
          city: 'Россия, Москва',
        })
      ).status,
    ).toBe(404);
    expect((await post('/ajax/cabinet/profile/unlink-kavo-id', { kavo_id: kavoId })).status).toBe(404);
    expect(await stored()).toHaveLength(1);
  });
});

describe('a KAVO ID provider that cannot be reached', () => {
  it('answers the link in Russian instead of failing', async () => {
    const t = await createTestApp({
      config: {
        kavo: { issuerUrl: 'http://127.0.0.1:9', clientId: 'portal', clientSecret: 'secret', tokenKey: undefined },
      },
    });
    try {
      const account = await insertAccount(t);
      expect((await loginAs(t, account.email)).status).toBe(200);
      const connect = await t.request('/ajax/cabinet/kavo-id/connect', { method: 'POST', json: {} });
      expect(connect.status).toBe(502);
      expect(await connect.json()).toEqual({ success: false, message: KAVO_MESSAGES.unreachable });
      expect(await (await t.request('/ajax/cabinet/profile/kavo-list')).json()).toEqual({
        success: true,
        configured: true,
        profiles: [],
      });
    } finally {
      await t.close();
    }
  });
});

describe('a portal without the KAVO_* settings', () => {
  it('says KAVO ID is not configured', async () => {
    const t = await createTestApp();
    try {
      const account = await insertAccount(t);
      expect((await loginAs(t, account.email)).status).toBe(200);
      expect(await (await t.request('/ajax/cabinet/profile/kavo-list')).json()).toEqual({
        success: true,
        configured: false,
        profiles: [],
      });
      const connect = await t.request('/ajax/cabinet/kavo-id/connect', { method: 'POST', json: {} });
      expect(connect.status).toBe(409);
      expect(await connect.json()).toEqual({ success: false, message: 'KAVO ID не настроен на этом портале.' });
      // Nothing linked: nothing to read (an identity linked before the settings were removed: 409).
      expect((await t.request('/ajax/cabinet/profile/kavo-id')).status).toBe(404);
      const callback = await t.request('/ajax/cabinet/kavo-id/callback?code=x&state=y', { redirect: 'manual' });
      expect(callback.headers.get('location')).toBe('/cabinet/kavo-id?kavo=not-configured');
    } finally {
      await t.close();
    }
  });
});
