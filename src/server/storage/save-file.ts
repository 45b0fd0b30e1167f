import { createHash } from 'node:crypto';
import type { Db, Tx } from '#server/db/client.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import type { FileStore, PutResult } from './file-store.ts';

// Writing an uploaded file (ADR 0025): the bytes into the store first, then the row in the
// caller's transaction. A rolled-back request leaves only bytes no row names, which the sweep
// (sweep.ts) removes after an hour; never a row without its bytes.

export interface NewFile {
  /** The name the uploader gave; shown as the download's file name. */
  name: string;
  mime: string;
  bytes: Uint8Array;
  /** The clinic that uploaded it: private to that clinic (services/access/access.ts). */
  ownerClientId?: number;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Stores one file and returns its id. */
export async function saveFile(store: FileStore, tx: Tx | Db, file: NewFile): Promise<number> {
  return insertFileRow(tx, file, await store.put(file.bytes));
}

/** The row of bytes already in the store (a streamed upload); returns its id. */
export async function insertFileRow(tx: Tx | Db, file: Omit<NewFile, 'bytes'>, stored: PutResult): Promise<number> {
  const [row] = await tx
    .insert(files)
    .values({
      originalName: file.name,
      mimeType: file.mime,
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
      ownerClientId: file.ownerClientId ?? null,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('files insert returned no row');
  return row.id;
}

/** Runs `write` for bytes just stored; if it fails they are deleted at once rather than left to the sweep. */
export async function orDelete<T>(store: FileStore, keys: readonly string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (const key of keys) await store.delete(key).catch(() => {});
    throw error;
  }
}
