import { describe, expect, it } from 'vitest';
import { createIdbStorage } from './idb-storage.ts';

// happy-dom has no IndexedDB: this covers the fallback every old WebView and blocked-storage case takes.
describe('createIdbStorage without IndexedDB', () => {
  it('still stores, reads and removes values', async () => {
    const storage = createIdbStorage('test-db', 'test-store');
    expect(await storage.getItem('missing')).toBeNull();
    await storage.setItem('account', '{"user":null}');
    expect(await storage.getItem('account')).toBe('{"user":null}');
    await storage.removeItem('account');
    expect(await storage.getItem('account')).toBeNull();
  });
});
