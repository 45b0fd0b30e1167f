import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileStoreContract } from '../../../tests/setup/store-contract.ts';
import { createFolderStore } from './folder-store.ts';

const root = mkdtempSync(path.join(tmpdir(), 'folder-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let next = 0;
const freshFolder = () => path.join(root, String(next++));

fileStoreContract('folder', () => createFolderStore(freshFolder()));

describe('folder file store', () => {
  it('writes under a temporary name and leaves no partial file behind', async () => {
    const folder = freshFolder();
    const store = createFolderStore(folder);
    const { key } = await store.put(new Uint8Array([1, 2, 3]));
    expect(readdirSync(path.join(folder, key.slice(0, 2)))).toEqual([key]);
    expect(readdirSync(path.join(folder, '.partial'))).toEqual([]);
  });

  it("clears a crashed write's partial file once it is an hour old, and only then", async () => {
    const folder = freshFolder();
    const store = createFolderStore(folder);
    mkdirSync(path.join(folder, '.partial'), { recursive: true });
    const old = path.join(folder, '.partial', 'a'.repeat(32) + '.part');
    const fresh = path.join(folder, '.partial', 'b'.repeat(32) + '.part');
    writeFileSync(old, 'half');
    writeFileSync(fresh, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    for await (const object of store.listForSweep(new Date(Date.now() - 3_600_000))) void object;
    expect(readdirSync(path.join(folder, '.partial'))).toEqual([path.basename(fresh)]);
  });

  it('refuses a key that is not one of its own (no path outside the folder)', async () => {
    const store = createFolderStore(freshFolder());
    await expect(store.open('../../etc/passwd')).rejects.toThrow('not a storage key');
    await expect(store.delete('../x')).rejects.toThrow('not a storage key');
  });
});
