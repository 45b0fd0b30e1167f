// What every file store (src/server/storage) must do, run against each adapter with a real backend:
// the folder in a temp directory, and an S3 server. Each adapter's test file calls this once.
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MissingBytes, type FileStore } from '../../src/server/storage/file-store.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function* inChunks(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

async function keysOf(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.listForSweep(new Date(0))) keys.push(object.key);
  return keys;
}

export function fileStoreContract(name: string, makeStore: () => FileStore): void {
  describe(`${name} file store`, () => {
    it('stores bytes and a stream of chunks, naming their size and sha256', async () => {
      const store = makeStore();
      const bytes = randomBytes(300_000);
      const whole = await store.put(bytes);
      const streamed = await store.put(inChunks(bytes, 65_536));
      for (const put of [whole, streamed]) {
        expect(put).toEqual({
          key: expect.stringMatching(/^[0-9a-f]{32}$/),
          size: bytes.byteLength,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        });
        expect((await readAll(await store.open(put.key))).equals(bytes)).toBe(true);
      }
      expect(whole.key).not.toBe(streamed.key);
    });

    it('opens a range of bytes, both ends included', async () => {
      const store = makeStore();
      const bytes = randomBytes(10_000);
      const { key } = await store.put(bytes);
      expect((await readAll(await store.open(key, { start: 100, end: 199 }))).equals(bytes.subarray(100, 200))).toBe(
        true,
      );
      expect((await readAll(await store.open(key, { start: 9_999, end: 9_999 }))).equals(bytes.subarray(9_999))).toBe(
        true,
      );
    });

    it('stores an empty file', async () => {
      const store = makeStore();
      const put = await store.put(new Uint8Array());
      expect(put.size).toBe(0);
      expect((await readAll(await store.open(put.key))).byteLength).toBe(0);
    });

    it('keeps nothing of a source that fails midway', async () => {
      const store = makeStore();
      const before = await keysOf(store);
      async function* failing(): AsyncIterable<Uint8Array> {
        yield randomBytes(100_000);
        throw new Error('the client went away');
      }
      await expect(store.put(failing())).rejects.toThrow('the client went away');
      expect(await keysOf(store)).toEqual(before);
    });

    it('lists what it holds, deletes (twice is no error), and refuses to open what is not there', async () => {
      const store = makeStore();
      const { key } = await store.put(randomBytes(10));
      const listed: Array<{ key: string; modifiedAt: Date }> = [];
      for await (const object of store.listForSweep(new Date(0))) listed.push(object);
      expect(listed.find((object) => object.key === key)?.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(await store.has(key)).toBe(true);
      await store.delete(key);
      await store.delete(key);
      expect(await keysOf(store)).not.toContain(key);
      expect(await store.has(key)).toBe(false);
      // Told apart from a broken store: a download answers 404 for it (routes/files/downloads.ts).
      await expect(store.open(key)).rejects.toBeInstanceOf(MissingBytes);
      await expect(store.open(key, { start: 0, end: 3 })).rejects.toBeInstanceOf(MissingBytes);
    });
  });
}
