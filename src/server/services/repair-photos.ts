import { MAX_PHOTOS, OFFLINE_PHOTOS_MAX_BYTES, PHOTO_MAX_BYTES, repairMessages, repairRequestInput, type RepairRequestValues } from '#shared/api/repair-requests.ts';
import type { AppDeps } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { ApiFailure, badRequest, fieldFailure } from '#server/lib/api-failure.ts';
import { readBodyCapped } from '#server/lib/read-body.ts';
import { MAX_JSON_BYTES, refuseBadText, validateWith } from '#server/lib/validate.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { saveFile, sha256Hex } from '#server/storage/save-file.ts';
import { cleanFileName, readFilePart, sniffType } from './integration-files.ts';
import { enforceLimits, rateRules } from './rate-limit.ts';

// Photos for a repair request (portal.md §5 File): JPEG, PNG, TIFF or BMP by their bytes, at most
// 10 485 760 bytes each, stored as the clinic's own files. Uploaded one by one before the request,
// or, when that was not possible (no network), sent with the request in one multipart call.

const PHOTO_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/tiff', 'image/bmp']);
/** Room for the boundaries and part headers around the request and its photos. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () => new ApiFailure(413, { success: false, message: repairMessages.fileSize, errors: { file: [repairMessages.fileSize] } });

export interface CheckedPhoto {
  name: string;
  mime: string;
  bytes: Uint8Array;
}

/** The photo as it will be stored, or a 413/422 naming `field`. */
async function checkPhoto(file: File, field: string): Promise<CheckedPhoto> {
  if (file.size === 0) throw fieldFailure(field, repairMessages.fileFailed);
  if (file.size > PHOTO_MAX_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type || !PHOTO_TYPES.has(type.mime)) throw fieldFailure(field, repairMessages.fileType);
  return { name: cleanFileName(file.name, type), mime: type.mime, bytes };
}

export async function uploadRepairPhoto(deps: AppDeps, viewerId: number, request: Request): Promise<{ file_id: number; name: string; size: number }> {
  await enforceLimits(deps, [[rateRules.photoUploadAccount, String(viewerId)]]);
  const file = await readFilePart(request, { maxBytes: PHOTO_MAX_BYTES, tooLarge, missing: repairMessages.fileFailed });
  const photo = await checkPhoto(file, 'file');
  const fileId = await saveFile(deps.files, deps.database.db, { ...photo, ownerClientId: viewerId });
  return { file_id: fileId, name: photo.name, size: photo.bytes.byteLength };
}

export interface RequestWithPhotos {
  input: RepairRequestValues;
  photos: CheckedPhoto[];
}

/** Reads `request` (the JSON) and the `photo` parts of a multipart body; refuses before any write. */
export async function readRequestWithPhotos(deps: AppDeps, viewerId: number, request: Request): Promise<RequestWithPhotos> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(contentType)) throw badRequest('Ожидается multipart/form-data с полями request и photo');
  const body = await readBodyCapped(request, OFFLINE_PHOTOS_MAX_BYTES + MAX_JSON_BYTES + MULTIPART_OVERHEAD);
  if (body === null) throw new ApiFailure(413, { success: false, message: repairMessages.offlinePhotos });
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest();
  }
  const json = form.get('request');
  if (typeof json !== 'string') throw fieldFailure('request', repairMessages.requestPart);
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw badRequest();
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest();
  refuseBadText(raw);
  const input = validateWith(repairRequestInput, raw);
  const files = form.getAll('photo');
  if (!files.every((file) => file instanceof File)) throw fieldFailure('photo', repairMessages.fileFailed);
  if (files.length + input.file_ids.length > MAX_PHOTOS) throw fieldFailure('file_ids', repairMessages.tooManyPhotos);
  await enforceLimits(deps, [[rateRules.photoUploadAccount, String(viewerId)]]);
  const photos: CheckedPhoto[] = [];
  for (const file of files) photos.push(await checkPhoto(file, 'photo'));
  return { input, photos };
}

/** What makes two sends of one request equal for its Idempotency-Key: the input and the photos' contents. */
export function requestWithPhotosIdentity({ input, photos }: RequestWithPhotos): unknown {
  return { input, photos: photos.map((photo) => ({ name: photo.name, sha256: sha256Hex(photo.bytes) })) };
}

/** Stores the photos as the clinic's files (in the request's transaction) and returns the request naming them too. */
export async function withStoredPhotos(store: FileStore, tx: Tx, viewerId: number, { input, photos }: RequestWithPhotos): Promise<RepairRequestValues> {
  const ids: number[] = [];
  for (const photo of photos) ids.push(await saveFile(store, tx, { ...photo, ownerClientId: viewerId }));
  return { ...input, file_ids: [...input.file_ids, ...ids] };
}
