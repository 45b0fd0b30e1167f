import {
  MAX_PHOTOS,
  OFFLINE_PHOTOS_MAX_BYTES,
  PHOTO_MAX_BYTES,
  repairMessages,
  repairRequestInput,
  type RepairRequestValues,
} from '#shared/screens/repair-requests.ts';
import type { AppDeps } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { ApiFailure, badRequest, fieldFailure } from '#server/lib/api-failure.ts';
import { readMultipart } from '#server/lib/multipart-stream.ts';
import { MAX_JSON_BYTES, refuseBadText, validateWith } from '#server/lib/validate.ts';
import type { PutResult } from '#server/storage/file-store.ts';
import { insertFileRow, orDelete } from '#server/storage/save-file.ts';
import { cleanFileName } from '../files/file-types.ts';

import { rateRules } from '../rate-limit.ts';
import {
  admitUpload,
  chargeUpload,
  MULTIPART_OVERHEAD,
  storeFileField,
  storeFilePart,
  type PartRules,
} from '../files/uploads.ts';

// Photos for a repair request (portal.md §5 File): JPEG, PNG, TIFF or BMP by their bytes, at most
// 10 485 760 bytes each, stored as the clinic's own files. Uploaded one by one before the request,
// or, when that was not possible (no network), sent with the request in one multipart call. Both
// stream into the file store (ADR 0025): admitted before the body is read, checked as it arrives.
// A courier's hand-over photos ('Забрал' / 'Доставил', routes/couriers/courier.ts) follow the same rules, as
// the courier's own files, and the same multipart call with the action (ADR 0051).

const PHOTO_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/tiff', 'image/bmp']);

const tooLarge = () =>
  new ApiFailure(413, {
    success: false,
    message: repairMessages.fileSize,
    errors: { file: [repairMessages.fileSize] },
  });

const photoRules = (field: string): PartRules => ({
  maxBytes: PHOTO_MAX_BYTES,
  tooLarge,
  accepts: (type) => PHOTO_TYPES.has(type.mime),
  field,
  emptyMessage: repairMessages.fileFailed,
  typeMessage: repairMessages.fileType,
});

export interface CheckedPhoto {
  name: string;
  mime: string;
  stored: PutResult;
}

/** Runs one admitted upload of the account: the budget charged with what it stored, its slot given back. */
async function asUpload<T>(
  deps: AppDeps,
  viewerId: number | string,
  run: (stored: PutResult[]) => Promise<T>,
): Promise<T> {
  const release = await admitUpload(deps, viewerId, rateRules.photoUploadAccount);
  const stored: PutResult[] = [];
  try {
    return await run(stored);
  } finally {
    release();
    const bytes = stored.reduce((sum, put) => sum + put.size, 0);
    if (bytes > 0) await chargeUpload(deps, viewerId, bytes);
  }
}

export async function uploadRepairPhoto(
  deps: AppDeps,
  viewerId: number,
  request: Request,
): Promise<{ file_id: number; name: string; size: number }> {
  return asUpload(deps, viewerId, async (charged) => {
    const { stored, type, fileName } = await storeFileField(deps, request, {
      ...photoRules('file'),
      missing: repairMessages.fileFailed,
    });
    charged.push(stored);
    const name = cleanFileName(fileName, type);
    const fileId = await orDelete(deps.files, [stored.key], () =>
      insertFileRow(deps.database.db, { name, mime: type.mime, ownerClientId: viewerId }, stored),
    );
    return { file_id: fileId, name, size: stored.size };
  });
}

export interface RequestWithPhotos<T = RepairRequestValues> {
  input: T;
  photos: CheckedPhoto[];
}

/**
 * What a multipart call with photos carries besides them: its `request` part's check, and how many
 * photos it may name in all (those it names as uploaded before and those sent along).
 */
export interface PhotosForm<T> {
  validate: (raw: unknown) => T;
  /** The photos the `request` part names as uploaded before. */
  named: (input: T) => readonly number[];
  max: number;
  /** The field and message of too many photos (422). */
  tooMany: { field: string; message: string };
  /** 422 on `request` when the part is missing or is a file. */
  missingPart: string;
}

/** A repair request's photos: `file_ids` and the photos sent along, at most MAX_PHOTOS. */
export function repairRequestForm<T extends { file_ids: number[] }>(validate: (raw: unknown) => T): PhotosForm<T> {
  return {
    validate,
    named: (input) => input.file_ids,
    max: MAX_PHOTOS,
    tooMany: { field: 'file_ids', message: repairMessages.tooManyPhotos },
    missingPart: repairMessages.requestPart,
  };
}

/** The `request` part of a clinic's request (a guest's has its own, src/server/routes/repair-requests/guest-requests.ts). */
export const clinicRequest = repairRequestForm((raw: unknown): RepairRequestValues =>
  validateWith(repairRequestInput, raw),
);

/**
 * Reads `request` (the JSON) and the `photo` parts of a multipart body, the photos straight into
 * the file store; refuses before any row is written, and then deletes the photos it stored. The
 * caller hands the photos to withStoredPhotos inside keepPhotosIfNamed, which discards them when no ticket used them.
 */
export async function readRequestWithPhotos<T>(
  deps: AppDeps,
  uploader: number | string,
  request: Request,
  form: PhotosForm<T>,
): Promise<RequestWithPhotos<T>> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(contentType))
    throw badRequest('Ожидается multipart/form-data с полями request и photo');
  return asUpload(deps, uploader, async (charged) => {
    let json: string | undefined;
    let photoParts = 0;
    let refusedPhoto: ApiFailure | undefined;
    const photos: CheckedPhoto[] = [];
    const limits = {
      maxBytes: OFFLINE_PHOTOS_MAX_BYTES + MAX_JSON_BYTES + MULTIPART_OVERHEAD,
      tooLarge: () => new ApiFailure(413, { success: false, message: repairMessages.offlinePhotos }),
      maxFieldBytes: MAX_JSON_BYTES,
    };
    try {
      await readMultipart(request, limits, {
        field(name, value) {
          if (name === 'request') json = value;
          else if (name === 'photo') throw fieldFailure('photo', repairMessages.fileFailed);
        },
        async file(name, fileName, stream) {
          if (name === 'request') throw fieldFailure('request', form.missingPart);
          if (name !== 'photo') return;
          // Counted, not stored, past the most a request may have: the answer is 422 either way.
          if (++photoParts > form.max) return;
          try {
            const { stored, type } = await storeFilePart(deps, stream, photoRules('photo'));
            charged.push(stored);
            photos.push({ name: cleanFileName(fileName, type), mime: type.mime, stored });
          } catch (error) {
            // As before streaming: a request's own faults and a body over its size are answered
            // first, so the body is read on (into nothing) and this photo's refusal comes last.
            if (!(error instanceof ApiFailure)) throw error;
            refusedPhoto ??= error;
          }
        },
      });
      const input = checkedInput(json, photoParts, form);
      if (refusedPhoto) throw refusedPhoto;
      return { input, photos };
    } catch (error) {
      await discardPhotos(deps, { photos });
      throw error;
    }
  });
}

/** The request part, valid, and with room for the photos sent with it. */
function checkedInput<T>(json: string | undefined, photoParts: number, form: PhotosForm<T>): T {
  if (json === undefined) throw fieldFailure('request', form.missingPart);
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw badRequest();
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest();
  refuseBadText(raw);
  const input = form.validate(raw);
  if (photoParts + form.named(input).length > form.max) throw fieldFailure(form.tooMany.field, form.tooMany.message);
  return input;
}

/** Deletes photos no ticket came to name (a refusal, or a repeat answered from the first send). */
export async function discardPhotos(deps: AppDeps, { photos }: Pick<RequestWithPhotos, 'photos'>): Promise<void> {
  for (const photo of photos) await deps.files.delete(photo.stored.key).catch(() => {});
}

/**
 * Runs the request's `create` with its photos already stored, and deletes them afterwards unless
 * `create` says a ticket it wrote names them: after a refusal, a failure, or a repeat answered from
 * the first send (whose own photos its ticket names), these are spare.
 */
export async function keepPhotosIfNamed<Answer>(
  deps: AppDeps,
  sent: Pick<RequestWithPhotos, 'photos'>,
  create: () => Promise<{ answer: Answer; named: boolean }>,
): Promise<Answer> {
  let named = false;
  try {
    const result = await create();
    named = result.named;
    return result.answer;
  } finally {
    if (!named) await discardPhotos(deps, sent);
  }
}

/** What makes two sends of one request equal for its Idempotency-Key: the input and the photos' contents. */
export function requestWithPhotosIdentity({ input, photos }: RequestWithPhotos<unknown>): unknown {
  return { input, photos: photos.map((photo) => ({ name: photo.name, sha256: photo.stored.sha256 })) };
}

/** Names the stored photos as the uploader's files (in the caller's transaction): their ids, in order. */
export async function insertPhotoRows(tx: Tx, ownerId: number, photos: readonly CheckedPhoto[]): Promise<number[]> {
  const ids: number[] = [];
  for (const photo of photos)
    ids.push(await insertFileRow(tx, { name: photo.name, mime: photo.mime, ownerClientId: ownerId }, photo.stored));
  return ids;
}

/** Names the stored photos as the clinic's files (in the request's transaction) and returns the request naming them too. */
export async function withStoredPhotos<T extends { file_ids: number[] }>(
  tx: Tx,
  viewerId: number,
  { input, photos }: RequestWithPhotos<T>,
): Promise<T> {
  return { ...input, file_ids: [...input.file_ids, ...(await insertPhotoRows(tx, viewerId, photos))] };
}
