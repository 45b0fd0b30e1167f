import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import type { ByteRange, FileStore } from '#server/storage/file-store.ts';

// Reading uploaded documents and photos: the row (metadata, checksum, key) from the `files` table,
// the bytes from the file store (ADR 0025; storage/save-file.ts writes both). Readers (browser
// downloads, after their own access check) use loadFile and then openFile.

export interface StoredFile {
  id: number;
  mimeType: string;
  originalName: string;
  size: number;
  sha256: string;
  storageKey: string | null;
}

/** The file with this id (its metadata), or null. */
export async function loadFile(db: Tx | Db, id: number): Promise<StoredFile | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({
      id: files.id,
      mimeType: files.mimeType,
      originalName: files.originalName,
      size: files.size,
      sha256: files.sha256,
      storageKey: files.storageKey,
    })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * The file's bytes (or a range of them) as a stream. A row not moved to the store yet (the moment
 * between the migration and the start-up move of another process) is read from its old column.
 */
export async function openFile(
  store: FileStore,
  db: Tx | Db,
  file: StoredFile,
  range?: ByteRange,
): Promise<Readable | Uint8Array> {
  if (file.storageKey !== null) return store.open(file.storageKey, range);
  const [row] = await db
    .select({ data: files.data, storageKey: files.storageKey })
    .from(files)
    .where(eq(files.id, file.id))
    .limit(1);
  // Moved since it was loaded: the store has it now.
  if (row?.storageKey) return store.open(row.storageKey, range);
  const data = row?.data ? new Uint8Array(row.data) : new Uint8Array();
  return range ? data.subarray(range.start, range.end + 1) : data;
}

/** The whole file's bytes, for the few readers that need them in memory (tests, small pictures). */
export async function readFileBytes(store: FileStore, db: Tx | Db, file: StoredFile): Promise<Uint8Array> {
  const opened = await openFile(store, db, file);
  if (opened instanceof Uint8Array) return opened;
  const chunks: Buffer[] = [];
  for await (const chunk of opened) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
