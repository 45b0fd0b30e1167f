import { and, desc, gt, isNotNull } from 'drizzle-orm';
import type { Logger } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import type { FileStore } from './file-store.ts';

// At start: do the store and the database agree? A restore of the database without its files, or
// a second process whose FILES_DIR is not the shared one, leaves rows whose bytes are nowhere; each
// such download is a 404 (routes/files/downloads.ts), and this says so once, at start, with the count.
// A folder's check is a stat per row (cheap, all rows); a bucket's is a HEAD request per row, so
// only the newest rows are checked there (`newest`).

export interface StoreCheck {
  checked: number;
  missing: number;
  /** The first missing files' ids, to look them up. */
  missingIds: number[];
}

const BATCH = 500;
/** Stats or HEADs at a time. */
const PARALLEL = 8;
const SAMPLE_IDS = 10;
/** A bucket answers one HEAD a row: the newest rows are the ones being downloaded now. */
const S3_CHECKED_ROWS = 200;

export async function checkStoreAgainstRows(
  store: FileStore,
  db: Db,
  options: { newest?: number } = {},
): Promise<StoreCheck> {
  const result: StoreCheck = { checked: 0, missing: 0, missingIds: [] };
  const rows = options.newest === undefined ? allRows(db) : newestRows(db, options.newest);
  for await (const batch of rows) {
    for (let at = 0; at < batch.length; at += PARALLEL) {
      const slice = batch.slice(at, at + PARALLEL);
      const held = await Promise.all(slice.map((row) => store.has(row.key)));
      slice.forEach((row, index) => {
        result.checked += 1;
        if (held[index]) return;
        result.missing += 1;
        if (result.missingIds.length < SAMPLE_IDS) result.missingIds.push(row.id);
      });
    }
  }
  return result;
}

type KeyRow = { id: number; key: string };

async function* allRows(db: Db): AsyncIterable<KeyRow[]> {
  let after = 0;
  for (;;) {
    const batch = (await db
      .select({ id: files.id, key: files.storageKey })
      .from(files)
      .where(and(isNotNull(files.storageKey), gt(files.id, after)))
      .orderBy(files.id)
      .limit(BATCH)) as KeyRow[];
    if (batch.length === 0) return;
    yield batch;
    after = batch.at(-1)!.id;
  }
}

async function* newestRows(db: Db, count: number): AsyncIterable<KeyRow[]> {
  yield (await db
    .select({ id: files.id, key: files.storageKey })
    .from(files)
    .where(isNotNull(files.storageKey))
    .orderBy(desc(files.id))
    .limit(count)) as KeyRow[];
}

/** The start's log line: a warning naming the count when they disagree. */
export async function reportStoreCheck(store: FileStore, db: Db, log: Logger, kind: 'folder' | 's3'): Promise<void> {
  const newest = kind === 's3' ? S3_CHECKED_ROWS : undefined;
  const check = await checkStoreAgainstRows(store, db, newest === undefined ? {} : { newest });
  const scope =
    newest === undefined ? 'every file row' : `the newest ${newest} file rows (a bucket is not listed in full)`;
  if (check.missing === 0) log.info('file store checked against the database', { checked: check.checked, scope });
  else
    log.warn('file store and database disagree: file rows whose bytes are missing answer 404', {
      missing: check.missing,
      checked: check.checked,
      scope,
      missingIds: check.missingIds,
    });
}
