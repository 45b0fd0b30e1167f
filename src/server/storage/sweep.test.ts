import { randomBytes } from 'node:crypto';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { saveFile } from './save-file.ts';
import { ORPHAN_AGE_MS, sweepOrphans } from './sweep.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function keys(): Promise<string[]> {
  const listed: string[] = [];
  for await (const object of t.deps.files.listForSweep(new Date(0))) listed.push(object.key);
  return listed.sort();
}

/** Makes a stored object look `ms` old (the folder store reads its age from the file's mtime). */
function age(key: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(path.join(t.config.filesDir, key.slice(0, 2), key), then, then);
}

describe('sweepOrphans', () => {
  it('deletes bytes no row names once they are an hour old, and keeps the rest', async () => {
    const fileId = await saveFile(t.deps.files, t.db, {
      name: 'акт.pdf',
      mime: 'application/pdf',
      bytes: randomBytes(100),
    });
    const [named] = await keys();
    const oldOrphan = await t.deps.files.put(randomBytes(100));
    const newOrphan = await t.deps.files.put(randomBytes(100));
    age(named!, 2 * ORPHAN_AGE_MS);
    age(oldOrphan.key, ORPHAN_AGE_MS + 60_000);

    expect(await sweepOrphans(t.deps.files, t.db, new Date())).toBe(1);
    expect(await keys()).toEqual([named, newOrphan.key].sort());
    expect(fileId).toBeGreaterThan(0);
  });

  it('removes the bytes of a request whose transaction rolled back (no row was committed)', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await saveFile(t.deps.files, tx, { name: 'фото.png', mime: 'image/png', bytes: randomBytes(100) });
        throw new Error('the request failed after its photo was stored');
      }),
    ).rejects.toThrow('the request failed');
    const [orphan] = await keys();
    expect(orphan).toBeDefined();
    expect(await sweepOrphans(t.deps.files, t.db, new Date(Date.now() + ORPHAN_AGE_MS + 60_000))).toBe(1);
    expect(await keys()).toEqual([]);
  });
});
