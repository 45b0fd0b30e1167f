import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

// Where file bytes live (ADR 0025): not in the database, so a big upload or download never holds
// its one connection (PGlite) or fills its memory. The `files` table keeps the metadata, the
// checksum and the key given here. Writers put the bytes first and commit the row after; bytes
// without a row (a failed request, a crash between the two) are orphans that storage/sweep.ts
// removes once they are an hour old.

export interface PutResult {
  key: string;
  size: number;
  sha256: string;
}

/** Inclusive byte offsets, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

export interface FileStore {
  /** Stores the bytes under a new key. A source that throws leaves nothing behind (or an orphan the sweep removes). */
  put(source: Uint8Array | AsyncIterable<Uint8Array>): Promise<PutResult>;
  /** Stores the bytes under a key chosen before: a restore or a move to another store keeps the rows' keys. */
  putAt(key: string, source: Uint8Array | AsyncIterable<Uint8Array>): Promise<PutResult>;
  /** The bytes of `key` (or of `range`); rejects with MissingBytes when there is no such key. */
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** Whether `key` is stored, for the start-up check (storage/check-store.ts). */
  has(key: string): Promise<boolean>;
  /** Removes `key`; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Every stored key with its age, for the orphan sweep; may also clear the store's own leftovers older than `olderThan`. */
  listForSweep(olderThan: Date): AsyncIterable<ListedObject>;
}

/**
 * A row names bytes the store does not hold: a restore without the files, or two processes that do
 * not share FILES_DIR. Not the caller's fault and not passing: downloads answer 404, never 500.
 */
export class MissingBytes extends Error {
  override name = 'MissingBytes';
  constructor(readonly key: string) {
    super(`the file store holds no bytes under ${key}`);
  }
}

/** 128 random bits in hex: unguessable, and safe as a file name or an object name. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

export function isStorageKey(key: string): boolean {
  return /^[0-9a-f]{32}$/.test(key);
}

/** The chunks of `source`, hashed and counted as they pass. */
export async function* measured(
  source: Uint8Array | AsyncIterable<Uint8Array>,
  into: { size: number; hash: ReturnType<typeof createHash> },
): AsyncIterable<Uint8Array> {
  const chunks = source instanceof Uint8Array ? [source] : source;
  for await (const chunk of chunks) {
    into.size += chunk.byteLength;
    into.hash.update(chunk);
    yield chunk;
  }
}

export function newMeasure(): { size: number; hash: ReturnType<typeof createHash> } {
  return { size: 0, hash: createHash('sha256') };
}
