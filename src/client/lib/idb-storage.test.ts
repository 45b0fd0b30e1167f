import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdbStorage } from './idb-storage.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function storesReadsAndRemoves(storage: ReturnType<typeof createIdbStorage>): Promise<void> {
  expect(await storage.getItem('missing')).toBeNull();
  await storage.setItem('account', '{"user":null}');
  expect(await storage.getItem('account')).toBe('{"user":null}');
  await storage.removeItem('account');
  expect(await storage.getItem('account')).toBeNull();

  await storage.setItem('tickets', 'of 7');
  await storage.removeUnless('tickets', (value) => value === 'of 7');
  expect(await storage.getItem('tickets')).toBe('of 7');
  await storage.removeUnless('tickets', (value) => value === 'of 9');
  expect(await storage.getItem('tickets')).toBeNull();
}

describe('createIdbStorage', () => {
  it('stores, reads and removes values in IndexedDB (fake-indexeddb here), and removes one unless told it stays', async () => {
    await storesReadsAndRemoves(createIdbStorage('test-db', 'test-store'));
  });

  // Old WebViews and blocked storage: the fallback every such case takes.
  it('does the same without IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await storesReadsAndRemoves(createIdbStorage('test-db-fallback', 'test-store'));
  });
});
