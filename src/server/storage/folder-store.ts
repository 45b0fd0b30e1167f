import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  isStorageKey,
  MissingBytes,
  measured,
  newMeasure,
  newStorageKey,
  type ByteRange,
  type FileStore,
  type ListedObject,
} from './file-store.ts';

// The default store: a folder (DATA_DIR/files). Bytes go to a temporary name in `.partial/`, are
// fsynced, renamed into place and the folder fsynced, so a key that exists has all its bytes even
// after a power cut. Keys are spread over 256 sub-folders by their first two hex digits.

const PARTIAL = '.partial';

export function createFolderStore(root: string): FileStore {
  const where = (key: string) => {
    // A key comes from our own rows, but a path is built from it: refuse anything else.
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };

  const putAt = async (key: string, source: Uint8Array | AsyncIterable<Uint8Array>) => {
    const final = where(key);
    const partial = path.join(root, PARTIAL, `${key}.part`);
    await mkdir(path.dirname(partial), { recursive: true });
    const measure = newMeasure();
    const handle = await open(partial, 'wx');
    try {
      for await (const chunk of measured(source, measure)) await writeAll(handle, chunk);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(partial, { force: true });
      throw error;
    }
    await handle.close();
    await mkdir(path.dirname(final), { recursive: true });
    await rename(partial, final);
    await syncFolder(path.dirname(final));
    return { key, size: measure.size, sha256: measure.hash.digest('hex') };
  };

  return {
    put: (source) => putAt(newStorageKey(), source),
    putAt: (key, source) => putAt(key, source),

    async open(key, range?: ByteRange): Promise<Readable> {
      // Opened before answering, so a missing file is an error here and not in the middle of a body.
      const handle = await open(where(key), 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new MissingBytes(key) : error;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async has(key) {
      return (await stat(where(key)).catch(() => null))?.isFile() ?? false;
    },

    async delete(key) {
      await rm(where(key), { force: true });
    },

    async *listForSweep(olderThan): AsyncIterable<ListedObject> {
      // Partial writes of a crashed process: never renamed, so never anyone's; gone after the hour.
      for (const name of await names(path.join(root, PARTIAL))) {
        const file = path.join(root, PARTIAL, name);
        const info = await stat(file).catch(() => null);
        if (info && info.mtime < olderThan) await rm(file, { force: true });
      }
      for (const shard of await names(root)) {
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        for (const key of await names(path.join(root, shard))) {
          if (!isStorageKey(key)) continue;
          const info = await stat(path.join(root, shard, key)).catch(() => null);
          if (info) yield { key, modifiedAt: info.mtime };
        }
      }
    },
  };
}

async function writeAll(handle: Awaited<ReturnType<typeof open>>, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

/** The rename itself is durable only once its folder is synced (POSIX); Windows cannot open a folder and needs none. */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function names(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
