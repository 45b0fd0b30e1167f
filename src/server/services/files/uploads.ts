import type { Readable } from 'node:stream';
import type { AppDeps } from '#server/context.ts';
import { countRefusal, uploadBytes } from '#server/metrics/domain.ts';
import { ApiFailure, fieldFailure, tooManyRequests } from '#server/lib/api-failure.ts';
import { readMultipart } from '#server/lib/multipart-stream.ts';
import type { PutResult } from '#server/storage/file-store.ts';
import { sniffType, type Sniffed } from './file-types.ts';
import { chargeBytes, checkByteBudget, enforceLimits, type RateRule, uploadBytesRule } from '../rate-limit.ts';

// What every upload goes through (ADR 0025): an account's uploads are admitted before their body
// is read (the daily byte budget, the request limit, at most two at a time), and each file part is
// checked by its first bytes and its size while it streams into the file store.

/** An account's uploads running at once, per process: a third waits for none of them and is refused. */
export const UPLOADS_AT_ONCE = 2;
export const uploadsAtOnceMessage = `Дождитесь окончания предыдущих загрузок: одновременно можно отправлять не больше ${UPLOADS_AT_ONCE} запросов с файлами`;

const running = new WeakMap<object, Map<number | string, number>>();

/**
 * Admits one upload of `accountId` (429 in Russian otherwise); the caller runs `release` when done.
 * A guest's request with photos (docs/api.md) is admitted as `guest:<address>`: the same budget per address.
 */
export async function admitUpload(
  deps: AppDeps,
  accountId: number | string,
  requestRule: RateRule,
): Promise<() => void> {
  await checkByteBudget(deps, uploadBytesRule(deps.config.uploadDailyBytes), String(accountId));
  const counts = running.get(deps.database) ?? new Map<number | string, number>();
  running.set(deps.database, counts);
  const now = counts.get(accountId) ?? 0;
  if (now >= UPLOADS_AT_ONCE) {
    countRefusal('uploads-at-once');
    throw tooManyRequests(uploadsAtOnceMessage, 5);
  }
  counts.set(accountId, now + 1);
  const release = () => {
    const left = (counts.get(accountId) ?? 1) - 1;
    if (left > 0) counts.set(accountId, left);
    else counts.delete(accountId);
  };
  try {
    await enforceLimits(deps, [[requestRule, String(accountId)]]);
  } catch (error) {
    release();
    throw error;
  }
  return release;
}

/** Charges the bytes an account's upload stored against its daily budget. */
export function chargeUpload(deps: AppDeps, accountId: number | string, bytes: number): Promise<void> {
  uploadBytes.inc(bytes);
  return chargeBytes(deps, uploadBytesRule(deps.config.uploadDailyBytes), String(accountId), bytes);
}

export interface PartRules {
  maxBytes: number;
  tooLarge: () => ApiFailure;
  accepts(type: Sniffed): boolean;
  /** The field named in a 422. */
  field: string;
  emptyMessage: string;
  typeMessage: string;
}

/** Enough for every signature sniffType knows (BMP needs 26). */
const SNIFF_BYTES = 32;

export interface StoredPart {
  stored: PutResult;
  type: Sniffed;
}

/**
 * Streams one file part into the store: its type decided by the first bytes (422 before anything
 * is kept), its size counted as it passes (`tooLarge` at the first byte over). A refused part leaves
 * nothing in the store.
 */
export async function storeFilePart(deps: AppDeps, stream: Readable, rules: PartRules): Promise<StoredPart> {
  let type: Sniffed | undefined;
  const decide = (head: Buffer) => {
    if (head.byteLength === 0) throw fieldFailure(rules.field, rules.emptyMessage);
    const sniffed = sniffType(head);
    if (!sniffed || !rules.accepts(sniffed)) throw fieldFailure(rules.field, rules.typeMessage);
    type = sniffed;
  };
  async function* checked(): AsyncIterable<Uint8Array> {
    let head: Buffer | undefined = Buffer.alloc(0);
    let size = 0;
    // Not destroyed when the check stops early: the multipart reader reads past the rest.
    for await (const chunk of stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > rules.maxBytes) throw rules.tooLarge();
      if (head === undefined) {
        yield chunk;
        continue;
      }
      head = Buffer.concat([head, chunk]);
      if (head.byteLength < SNIFF_BYTES) continue;
      decide(head);
      yield head;
      head = undefined;
    }
    if (head !== undefined) {
      decide(head);
      yield head;
    }
  }
  const stored = await deps.files.put(checked());
  return { stored, type: type! };
}

/** Room for the multipart boundaries and part headers around a file of the maximum size. */
export const MULTIPART_OVERHEAD = 64 * 1024;

export interface FileFieldRules extends Omit<PartRules, 'field'> {
  /** The message when the body has no `file` part. */
  missing: string;
}

/**
 * Streams the `file` part of a multipart body into the file store; 400 when the body is not
 * multipart, 422 when the part is missing, empty or of another type, `tooLarge` as soon as it
 * outgrows the limit (it is never read further). Other parts are read past and dropped.
 */
export async function storeFileField(
  deps: AppDeps,
  request: Request,
  rules: FileFieldRules,
): Promise<StoredPart & { fileName: string }> {
  // Another content type is 415, as a JSON call's is (lib/validate.ts); a broken multipart body is 400.
  if (!/^multipart\/form-data;/i.test(request.headers.get('content-type') ?? ''))
    throw new ApiFailure(415, { success: false, message: 'Ожидается multipart/form-data с полем file' });
  let found: (StoredPart & { fileName: string }) | undefined;
  const limits = {
    maxBytes: rules.maxBytes + MULTIPART_OVERHEAD,
    tooLarge: rules.tooLarge,
    maxFieldBytes: MULTIPART_OVERHEAD,
  };
  try {
    await readMultipart(request, limits, {
      field() {},
      async file(name, fileName, stream) {
        if (name !== 'file' || found) return;
        found = { ...(await storeFilePart(deps, stream, { ...rules, field: 'file' })), fileName };
      },
    });
  } catch (error) {
    // The part was stored but the body after it was refused (too long, malformed): not kept.
    if (found) await deps.files.delete(found.stored.key);
    throw error;
  }
  if (!found) throw fieldFailure('file', rules.missing);
  return found;
}
