import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import type { Logger } from '#server/context.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { MissingBytes, type ByteRange, type FileStore } from '#server/storage/file-store.ts';

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

export const FILE_BYTES_MISSING_MESSAGE = 'Файл не найден: его содержимое отсутствует на сервере. Сообщите нам о нём';

/** Files already logged as missing their bytes, per store: each is said once per process, not on every download. */
const reportedMissing = new WeakMap<FileStore, Set<number>>();
const REPORTED_MAX = 10_000;

/**
 * openFile for a download: bytes the store does not hold (a restore without the files, two processes
 * that do not share FILES_DIR) are the 404 FILE_BYTES_MISSING_MESSAGE, logged once with the file's id.
 */
export async function openForDownload(
  deps: { files: FileStore; log: Logger },
  db: Tx | Db,
  file: StoredFile,
  range?: ByteRange,
): Promise<Readable | Uint8Array> {
  try {
    return await openFile(deps.files, db, file, range);
  } catch (error) {
    if (!(error instanceof MissingBytes)) throw error;
    const reported = reportedMissing.get(deps.files) ?? new Set<number>();
    reportedMissing.set(deps.files, reported);
    if (!reported.has(file.id)) {
      if (reported.size >= REPORTED_MAX) reported.clear();
      reported.add(file.id);
      deps.log.error('a file row names bytes the file store does not hold', { fileId: file.id, key: error.key });
    }
    throw new ApiFailure(404, { success: false, message: FILE_BYTES_MISSING_MESSAGE });
  }
}

/** The whole file's bytes, for the few readers that need them in memory (tests, small pictures). */
export async function readFileBytes(store: FileStore, db: Tx | Db, file: StoredFile): Promise<Uint8Array> {
  const opened = await openFile(store, db, file);
  if (opened instanceof Uint8Array) return opened;
  const chunks: Buffer[] = [];
  for await (const chunk of opened) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
