import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import type { Logger } from '#server/context.ts';
import type { FileStore } from './file-store.ts';

// Rows from before migration 0012 keep their bytes in `files.data`. At start, each is stored and
// its row then names the key and drops the bytes, one row per statement: a crash midway leaves
// rows that are either moved or not (never half), and at worst stored bytes no row names, which
// the sweep removes. Several processes starting together may store one row twice; only the first
// update wins and the loser deletes its copy.

/** Rows read at once: each holds its bytes in memory (at most 10 MB an upload). */
const BATCH = 4;

export async function moveBytesToStore(store: FileStore, db: Db, log: Logger): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await db
      .select({ id: files.id, data: files.data, sha256: files.sha256 })
      .from(files)
      .where(and(isNull(files.storageKey), isNotNull(files.data)))
      .orderBy(files.id)
      .limit(BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      const stored = await store.put(new Uint8Array(row.data!));
      if (stored.sha256 !== row.sha256)
        log.warn('a stored file did not match its checksum; the bytes are kept as they were', { fileId: row.id });
      const updated = await db
        .update(files)
        .set({ storageKey: stored.key, data: null, size: stored.size })
        .where(and(eq(files.id, row.id), isNull(files.storageKey)))
        .returning({ id: files.id });
      if (updated.length === 0) await store.delete(stored.key);
      else moved += 1;
    }
  }
  if (moved > 0) log.info('files moved out of the database', { moved });
  return moved;
}
