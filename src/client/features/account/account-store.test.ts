import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { idbStorage } from '#client/lib/idb-storage.ts';
import { ACCOUNT_STORE_KEY, useAccountStore } from './account-store.ts';
import { demoUser, stubFetch } from '#client/lib/testing/fetch-stub.ts';

beforeEach(async () => {
  await waitFor(() => expect(useAccountStore.getState().hydrated).toBe(true));
  useAccountStore.setState({ user: null, verifiedEmail: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useAccountStore', () => {
  it('refresh loads the user and the CSRF token later calls send', async () => {
    const { calls } = stubFetch({
      'GET /ajax/user/data': { body: { success: true, user: demoUser, csrf_token: 'csrf-42' } },
      'POST /ajax/logout': { body: { success: true, csrf_token: 'csrf-43' } },
    });
    await useAccountStore.getState().refresh();
    expect(useAccountStore.getState().user).toEqual(demoUser);
    await useAccountStore.getState().logout();
    expect(calls[1]?.headers.get('X-CSRF-Token')).toBe('csrf-42');
    expect(useAccountStore.getState().user).toBeNull();
  });

  it('refresh sets a guest when the server says nobody is logged in', async () => {
    useAccountStore.setState({ user: demoUser });
    stubFetch({ 'GET /ajax/user/data': { body: { success: true, user: null, csrf_token: 'x' } } });
    await useAccountStore.getState().refresh();
    expect(useAccountStore.getState().user).toBeNull();
  });

  it('keeps the persisted user when the network fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useAccountStore.setState({ user: demoUser });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await useAccountStore.getState().refresh();
    expect(useAccountStore.getState().user).toEqual(demoUser);
  });

  it('asks the server while the saved account is read back, and applies the answer after it', async () => {
    // An older copy on the device: whichever comes first, the server's answer must win.
    await idbStorage.setItem(
      ACCOUNT_STORE_KEY,
      JSON.stringify({ state: { user: { ...demoUser, name: 'Старое имя' }, verifiedEmail: null }, version: 1 }),
    );
    const { calls } = stubFetch({
      'GET /ajax/user/data': { body: { success: true, user: demoUser, csrf_token: 'x' } },
    });
    const hydration = useAccountStore.persist.rehydrate();
    expect(useAccountStore.persist.hasHydrated()).toBe(false);
    const refreshed = useAccountStore.getState().refresh();
    await waitFor(() => expect(calls).toHaveLength(1));
    await Promise.all([hydration, refreshed]);
    expect(useAccountStore.getState()).toMatchObject({ user: demoUser, checked: true, hydrated: true });
  });

  it('finishes hydrating when the saved copy cannot be read, and replaces it', async () => {
    await idbStorage.setItem(ACCOUNT_STORE_KEY, '{ not json');
    useAccountStore.setState({ hydrated: false });
    await useAccountStore.persist.rehydrate();
    await waitFor(() => expect(useAccountStore.getState().hydrated).toBe(true));
    expect(useAccountStore.persist.hasHydrated()).toBe(true);
    expect(JSON.parse((await idbStorage.getItem(ACCOUNT_STORE_KEY)) ?? 'null')).toMatchObject({
      state: { user: null },
    });
  });

  it('counts a failed first request as checked, keeping the saved user', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useAccountStore.setState({ user: demoUser, checked: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await useAccountStore.getState().refresh();
    expect(useAccountStore.getState()).toMatchObject({ user: demoUser, checked: true });
  });

  it('shares one request between concurrent refreshes', async () => {
    const { calls } = stubFetch({
      'GET /ajax/user/data': { body: { success: true, user: demoUser, csrf_token: 'x' } },
    });
    await Promise.all([useAccountStore.getState().refresh(), useAccountStore.getState().refresh()]);
    expect(calls).toHaveLength(1);
  });

  it('logout forgets the user even when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useAccountStore.setState({ user: demoUser });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await useAccountStore.getState().logout();
    expect(useAccountStore.getState().user).toBeNull();
  });

  it("logout forgets a just-registered e-mail too: the next login here may be anyone's", async () => {
    stubFetch({ 'POST /ajax/logout': { body: { success: true, csrf_token: 'csrf-44' } } });
    useAccountStore.setState({ user: demoUser, verifiedEmail: 'new@clinic.ru' });
    await useAccountStore.getState().logout();
    expect(useAccountStore.getState().verifiedEmail).toBeNull();
  });

  it('remembers a verified e-mail until someone logs in', () => {
    useAccountStore.getState().rememberVerifiedEmail('new@clinic.ru');
    expect(useAccountStore.getState().verifiedEmail).toBe('new@clinic.ru');
    useAccountStore.getState().setUser(demoUser);
    expect(useAccountStore.getState().verifiedEmail).toBeNull();
  });

  it('persists only the user and the verified e-mail', () => {
    const { partialize } = useAccountStore.persist.getOptions();
    expect(partialize?.(useAccountStore.getState())).toEqual({ user: null, verifiedEmail: null });
  });
});
