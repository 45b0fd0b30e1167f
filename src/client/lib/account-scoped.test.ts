import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKET_CACHE_NAME } from '#shared/api/ticket-cache.ts';
import { forgetAccountData, registerAccountScoped } from './account-scoped.ts';
import { idbStorage } from './idb-storage.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgetAccountData', () => {
  it('wipes loaded stores and the saved copies of stores this page never loaded, and nothing else', async () => {
    // A store registered in an earlier page load: only its key is known now.
    await idbStorage.setItem('account-scoped-keys', JSON.stringify(['bills']));
    await idbStorage.setItem('bills', '{"items":[{"id":7}]}');
    await idbStorage.setItem('account', '{"user":null}');

    const forgetTickets = vi.fn();
    registerAccountScoped('tickets', forgetTickets);
    await idbStorage.setItem('tickets', '{"tickets":{"5":{}}}');

    await forgetAccountData();

    expect(forgetTickets).toHaveBeenCalledOnce();
    expect(await idbStorage.getItem('tickets')).toBeNull();
    expect(await idbStorage.getItem('bills')).toBeNull();
    expect(await idbStorage.getItem('account')).toBe('{"user":null}');
  });

  it('remembers every key when several stores register in the same tick', async () => {
    await idbStorage.setItem('account-scoped-keys', '[]');
    registerAccountScoped('first', vi.fn());
    registerAccountScoped('second', vi.fn());
    await vi.waitFor(async () => {
      expect(JSON.parse((await idbStorage.getItem('account-scoped-keys')) ?? '[]')).toEqual(['first', 'second']);
    });
  });

  it("deletes the service worker's saved ticket answers, and no other cache (the app shell stays)", async () => {
    const names = new Set([TICKET_CACHE_NAME, 'workbox-precache-v2']);
    vi.stubGlobal('caches', { delete: vi.fn(async (name: string) => names.delete(name)) });
    await forgetAccountData();
    expect([...names]).toEqual(['workbox-precache-v2']);
  });
});
