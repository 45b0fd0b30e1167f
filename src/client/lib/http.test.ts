import { CSRF_HEADER } from '#shared/api/headers.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout, getUserData } from '#shared/api/account.ts';
import { levelRefusalMessage } from '#shared/screens/access-levels.ts';
import { ACCESS_LEVEL_REFUSAL } from '#shared/api/endpoint.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { callApi, setCsrfToken } from './http.ts';

const USER_DATA = `GET ${getUserData.path}`;
const LOGOUT = `POST ${logout.path}`;
const userData = (token: string) => ({ body: { success: true, user: null, csrf_token: token } });

describe('CSRF token on writes', () => {
  afterEach(() => {
    setCsrfToken('');
    vi.unstubAllGlobals();
  });

  it('fetches a token first when a write goes out before the user data came', async () => {
    setCsrfToken('');
    const { calls } = stubFetch({
      [USER_DATA]: userData('fresh'),
      [LOGOUT]: { body: { success: true, csrf_token: 'next' } },
    });
    await callApi(logout);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([USER_DATA, LOGOUT]);
    expect(calls[1]?.headers.get(CSRF_HEADER)).toBe('fresh');
  });

  it('refreshes a refused token and sends the write once more, then gives up', async () => {
    setCsrfToken('stale');
    const refused = {
      status: 403,
      body: { success: false, message: 'Сессия устарела. Обновите страницу и попробуйте снова.' },
    };
    const { calls } = stubFetch({
      [USER_DATA]: userData('fresh'),
      [LOGOUT]: [refused, { body: { success: true, csrf_token: 'next' } }],
    });
    await expect(callApi(logout)).resolves.toMatchObject({ success: true });
    const writes = calls.filter((call) => call.method === 'POST');
    expect(writes.map((call) => call.headers.get(CSRF_HEADER))).toEqual(['stale', 'fresh']);

    setCsrfToken('stale');
    stubFetch({ [USER_DATA]: userData('fresh'), [LOGOUT]: refused });
    await expect(callApi(logout)).rejects.toMatchObject({ status: 403 });
  });

  it("sends a write once when a colleague's level refused it (issue 41): the token was fine", async () => {
    setCsrfToken('good');
    const { calls } = stubFetch({
      [USER_DATA]: userData('fresh'),
      [LOGOUT]: {
        status: 403,
        body: {
          success: false,
          message: levelRefusalMessage('tickets', 'bills'),
          details: { reason: ACCESS_LEVEL_REFUSAL, level: 'tickets' },
        },
      },
    });
    await expect(callApi(logout)).rejects.toMatchObject({
      status: 403,
      message: levelRefusalMessage('tickets', 'bills'),
    });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([LOGOUT]);
  });
});
