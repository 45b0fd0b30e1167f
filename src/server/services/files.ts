import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { files } from '#server/db/schema.ts';

// Uploaded documents and photos live in the `files` table (bytea), so API processes stay
// stateless. Writers pass their transaction; readers (browser downloads, after their own access
// check) use loadFile. Keep these two signatures stable: other modules depend on them.

export interface NewFile {
  /** The name the uploader gave; shown as the download's file name. */
  name: string;
  mime: string;
  bytes: Uint8Array;
  /** The clinic that uploaded it: private to that clinic (services/access.ts). */
  ownerClientId?: number;
}

export interface StoredFile {
  data: Uint8Array;
  mimeType: string;
  originalName: string;
  size: number;
  sha256: string;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Stores one file and returns its id. */
export async function saveFile(tx: Tx | Db, file: NewFile): Promise<number> {
  const [row] = await tx
    .insert(files)
    .values({
      originalName: file.name,
      mimeType: file.mime,
      size: file.bytes.byteLength,
      sha256: sha256Hex(file.bytes),
      data: file.bytes,
      ownerClientId: file.ownerClientId ?? null,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('files insert returned no row');
  return row.id;
}

/** The file with this id, or null. Drivers hand bytea back as Buffer/Uint8Array; we normalise to Uint8Array. */
export async function loadFile(db: Tx | Db, id: number): Promise<StoredFile | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({
      data: files.data,
      mimeType: files.mimeType,
      originalName: files.originalName,
      size: files.size,
      sha256: files.sha256,
    })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  if (!row) return null;
  const data = row.data instanceof Uint8Array ? row.data : new Uint8Array(row.data as ArrayBufferLike);
  return { ...row, data };
}
