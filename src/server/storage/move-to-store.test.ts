import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { loadFile, readFileBytes } from '#server/services/files/files.ts';
import { sha256Hex } from './save-file.ts';
import { moveBytesToStore } from './move-to-store.ts';
import { ORPHAN_AGE_MS, sweepOrphans } from './sweep.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** A row as migrations before 0012 wrote it: the bytes in the database, no storage key. */
async function legacyRow(bytes: Uint8Array): Promise<number> {
  const [row] = await t.db
    .insert(files)
    .values({
      originalName: 'старый акт.pdf',
      mimeType: 'application/pdf',
      size: bytes.byteLength,
      sha256: sha256Hex(bytes),
      data: bytes,
    })
    .returning({ id: files.id });
  return row!.id;
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.deps.files.listForSweep(new Date(0))) keys.push(object.key);
  return keys;
}

describe('moveBytesToStore', () => {
  it('stores the bytes of rows from before the file store and empties their column', async () => {
    const contents = [randomBytes(1_000), randomBytes(70_000), randomBytes(5), randomBytes(300), randomBytes(9)];
    const ids = [];
    for (const bytes of contents) ids.push(await legacyRow(bytes));

    expect(await moveBytesToStore(t.deps.files, t.db, t.deps.log)).toBe(contents.length);
    for (const [index, id] of ids.entries()) {
      const [row] = await t.db.select().from(files).where(eq(files.id, id));
      expect(row!.data).toBeNull();
      expect(row!.storageKey).toMatch(/^[0-9a-f]{32}$/);
      expect(
        Buffer.from(await readFileBytes(t.deps.files, t.db, (await loadFile(t.db, id))!)).equals(contents[index]!),
      ).toBe(true);
    }
    expect(await moveBytesToStore(t.deps.files, t.db, t.deps.log)).toBe(0);
  });

  it('finishes after a crash between storing the bytes and updating the row, and the lost copy is swept', async () => {
    const bytes = randomBytes(2_000);
    const id = await legacyRow(bytes);
    // The crashed start stored the bytes but never named them in the row.
    const lost = await t.deps.files.put(bytes);

    expect(await moveBytesToStore(t.deps.files, t.db, t.deps.log)).toBe(1);
    const [row] = await t.db.select({ key: files.storageKey }).from(files).where(eq(files.id, id));
    expect(row!.key).not.toBe(lost.key);
    expect(await sweepOrphans(t.deps.files, t.db, new Date(Date.now() + ORPHAN_AGE_MS + 60_000))).toBe(1);
    expect(await storedKeys()).toEqual([row!.key]);
  });

  it('serves a row not moved yet from its column (another process has not started since the migration)', async () => {
    const bytes = randomBytes(500);
    const id = await legacyRow(bytes);
    const file = (await loadFile(t.db, id))!;
    expect(file.storageKey).toBeNull();
    expect(Buffer.from(await readFileBytes(t.deps.files, t.db, file)).equals(bytes)).toBe(true);
    // Reading moved nothing: the start-up move does.
    const [row] = await t.db.select({ key: files.storageKey }).from(files).where(eq(files.id, id));
    expect(row!.key).toBeNull();
  });
});
