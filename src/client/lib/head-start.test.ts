import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUserData, logout } from '#shared/api/account.ts';
import { SIGNED_IN_COOKIE } from '#shared/api/headers.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { forgetAccountData } from './account-scoped.ts';
import { HEAD_START_LIFETIME_MS, sendHeadStart, signedInHere } from './head-start.ts';
import { callApi } from './http.ts';

// Any GET will do: the user data, whose answers tell apart by their token.
const USER_DATA = `GET ${getUserData.path}`;
const answer = (token: string) => ({ body: { success: true, user: null, csrf_token: token } });
const tokenOfCall = async () => (await callApi(getUserData)).csrf_token;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a head start', () => {
  it("answers the app's first call of the very same address, once", async () => {
    const { calls } = stubFetch({ [USER_DATA]: [answer('early'), answer('later')] });
    sendHeadStart(getUserData.path);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('accept')).toBe('application/json');

    expect(await tokenOfCall()).toBe('early');
    expect(calls).toHaveLength(1);
    expect(await tokenOfCall()).toBe('later');
    expect(calls).toHaveLength(2);
  });

  it('does not answer another address, nor a write', async () => {
    const { calls } = stubFetch({
      [USER_DATA]: [answer('early'), answer('own')],
      [`POST ${logout.path}`]: { body: { success: true, csrf_token: 'next' } },
    });
    sendHeadStart(`${getUserData.path}?other=1`);
    expect(await tokenOfCall()).toBe('own');
    await callApi(logout);
    expect(calls.map((call) => `${call.method} ${JSON.stringify(call.query)}`)).toEqual([
      'GET {"other":"1"}',
      'GET {}',
      'POST {}',
    ]);
  });

  it('is old news after its lifetime: the call asks anew', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = stubFetch({ [USER_DATA]: [answer('early'), answer('fresh')] });
    sendHeadStart(getUserData.path);
    vi.setSystemTime(Date.now() + HEAD_START_LIFETIME_MS + 1);
    expect(await tokenOfCall()).toBe('fresh');
    expect(calls).toHaveLength(2);
  });

  it('answers nobody once the account changed (a logout, another login)', async () => {
    const { calls } = stubFetch({ [USER_DATA]: [answer('early'), answer('fresh')] });
    sendHeadStart(getUserData.path);
    await forgetAccountData();
    expect(await tokenOfCall()).toBe('fresh');
    expect(calls).toHaveLength(2);
  });

  it('is not sent offline: the call alone goes out (and fails or meets the saved copy)', async () => {
    const { calls } = stubFetch({ [USER_DATA]: answer('own') });
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    sendHeadStart(getUserData.path);
    expect(calls).toHaveLength(0);
    offline.mockRestore();
    expect(await tokenOfCall()).toBe('own');
    expect(calls).toHaveLength(1);
  });

  it('that failed leaves the call to go out itself', async () => {
    const { fetchMock } = stubFetch({ [USER_DATA]: answer('own') });
    const network = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    sendHeadStart(getUserData.path);
    fetchMock.mockImplementation(network);
    expect(await tokenOfCall()).toBe('own');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('signedInHere', () => {
  afterEach(() => {
    document.cookie = `${SIGNED_IN_COOKIE}=; max-age=0`;
    document.cookie = 'other=; max-age=0';
  });

  it("reads the server's readable mark of a session", () => {
    expect(signedInHere()).toBe(false);
    document.cookie = 'other=1';
    document.cookie = `${SIGNED_IN_COOKIE}=1`;
    expect(signedInHere()).toBe(true);
  });
});
