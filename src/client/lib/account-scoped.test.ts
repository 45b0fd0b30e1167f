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

describe('the account the saved copies belong to', () => {
  /** A fresh page load: module state (the known owner) starts over, storage stays. */
  async function freshPage() {
    vi.resetModules();
    return import('./account-scoped.ts');
  }

  it("gives a store's saved copy back to the account that saved it only", async () => {
    const page = await freshPage();
    await page.claimAccountData(7);
    await page.accountScopedStorage.setItem('tickets', '{"state":{"ids":[1]}}');
    expect(await page.accountScopedStorage.getItem('tickets')).toBe('{"state":{"ids":[1]}}');

    // The next load: the server names another account before (or without) any wipe of the copy.
    const forgetTickets = vi.fn();
    const next = await freshPage();
    next.registerAccountScoped('tickets', forgetTickets);
    const copyOfSeven = await idbStorage.getItem('tickets');
    await next.claimAccountData(9);
    expect(forgetTickets).toHaveBeenCalledOnce();
    await idbStorage.setItem('tickets', copyOfSeven ?? '');
    expect(await next.accountScopedStorage.getItem('tickets')).toBeNull();
  });

  it('keeps the saved account across loads: the same account keeps its copies', async () => {
    const first = await freshPage();
    await first.claimAccountData(5);
    await first.accountScopedStorage.setItem('bills', '{"state":{}}');
    const forget = vi.fn();
    const second = await freshPage();
    second.registerAccountScoped('bills', forget);
    await second.claimAccountData(5);
    expect(forget).not.toHaveBeenCalled();
    expect(await second.accountScopedStorage.getItem('bills')).toBe('{"state":{}}');
  });

  it("keeps what the new account's stores save while the previous account's copies are being wiped", async () => {
    const first = await freshPage();
    await first.claimAccountData(7);
    await first.accountScopedStorage.setItem('addresses', '{"state":"of 7"}');

    // Another account on the next load: the screen on show loads again once its store is forgotten,
    // and its answer is saved while the claim is still at work (here: at once).
    const next = await freshPage();
    next.registerAccountScoped('addresses', () => {
      queueMicrotask(() => void next.accountScopedStorage.setItem('addresses', '{"state":"of 9"}'));
    });
    await next.claimAccountData(9);
    await vi.waitFor(async () => expect(await next.accountScopedStorage.getItem('addresses')).toBe('{"state":"of 9"}'));
  });

  it("leaves the worker's saved answers to the worker when another account is named, and deletes them at a logout", async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: vi.fn(async (name: string) => deleted.push(name) > 0) });
    const page = await freshPage();
    await page.claimAccountData(7);
    await page.claimAccountData(9);
    // The worker learns the account from the same answers, and drops the previous one's copies
    // itself (sw/account-owner.ts): a delete from here would race its saves for the new account.
    expect(deleted).toEqual([]);
    await page.claimAccountData(null);
    expect(deleted).toEqual([TICKET_CACHE_NAME]);
  });

  it('saves what was written before the account was known, for the account then named', async () => {
    await idbStorage.removeItem('account-scoped-owner');
    const page = await freshPage();
    await page.accountScopedStorage.setItem('list', '{"state":{"n":1}}');
    expect(await idbStorage.getItem('list')).toBeNull();
    await page.claimAccountData(3);
    expect(await page.accountScopedStorage.getItem('list')).toBe('{"state":{"n":1}}');
  });
});

describe('an access taken back', () => {
  it('drops the saved copies once an account whose records this one saw is no longer named, and only then', async () => {
    vi.resetModules();
    const page = await import('./account-scoped.ts');
    const forget = vi.fn();
    page.registerAccountScoped('tickets', forget);
    await page.claimAccessOwners(7, [3]);
    await page.claimAccessOwners(7, [3, 4]);
    expect(forget).not.toHaveBeenCalled();
    await idbStorage.setItem('tickets', '{"copy":"of 3"}');
    await page.claimAccessOwners(7, [4]);
    expect(forget).toHaveBeenCalledOnce();
    expect(await idbStorage.getItem('tickets')).toBeNull();
    // Another account on the device is claimAccountData's to handle, not this.
    await page.claimAccessOwners(9, []);
    expect(forget).toHaveBeenCalledOnce();
  });

  it("drops them when a level changes: a copy saved with prices is not for 'Только заявки' (issue 41)", async () => {
    vi.resetModules();
    const page = await import('./account-scoped.ts');
    const forget = vi.fn();
    page.registerAccountScoped('tickets', forget);
    await page.claimAccessOwners(7, ['3:full']);
    await page.claimAccessOwners(7, ['3:full', '4:bills']);
    expect(forget).not.toHaveBeenCalled();
    await idbStorage.setItem('tickets', '{"copy":"of 3, with prices"}');
    await page.claimAccessOwners(7, ['3:tickets', '4:bills']);
    expect(forget).toHaveBeenCalledOnce();
    expect(await idbStorage.getItem('tickets')).toBeNull();
  });
});

describe('the first account on a device', () => {
  it('keeps what the page already loaded for it (the first answers are not wiped), and drops the stored copies from before', async () => {
    vi.resetModules();
    await idbStorage.removeItem('account-scoped-owner');
    await idbStorage.setItem('account-scoped-keys', JSON.stringify(['bills']));
    await idbStorage.setItem('bills', '{"copy":"from before any account"}');
    const page = await import('./account-scoped.ts');
    const forget = vi.fn();
    page.registerAccountScoped('tickets', forget);
    await page.claimAccountData(7);
    expect(forget).not.toHaveBeenCalled();
    expect(await idbStorage.getItem('bills')).toBeNull();
    // Another account later: then the page's stores go too.
    await page.claimAccountData(8);
    expect(forget).toHaveBeenCalledOnce();
  });
});
