import { PHOTO_MAX_BYTES, repairMessages } from '#shared/api/repair-requests.ts';
import type { AppDeps } from '#server/context.ts';
import { ApiFailure, fieldFailure } from '#server/lib/api-failure.ts';
import { saveFile } from './files.ts';
import { cleanFileName, readFilePart, sniffType } from './integration-files.ts';
import { enforceLimits, rateRules } from './rate-limit.ts';

// A photo for a repair request (portal.md §5 File): JPEG, PNG, TIFF or BMP by its bytes, at most
// 10 485 760 bytes, stored as the clinic's own file until a request names it.

const PHOTO_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/tiff', 'image/bmp']);

const tooLarge = () => new ApiFailure(413, { success: false, message: repairMessages.fileSize, errors: { file: [repairMessages.fileSize] } });

export async function uploadRepairPhoto(deps: AppDeps, viewerId: number, request: Request): Promise<{ file_id: number; name: string; size: number }> {
  await enforceLimits(deps, [[rateRules.photoUploadAccount, String(viewerId)]]);
  const file = await readFilePart(request, { maxBytes: PHOTO_MAX_BYTES, tooLarge, missing: repairMessages.fileFailed });
  if (file.size === 0) throw fieldFailure('file', repairMessages.fileFailed);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type || !PHOTO_TYPES.has(type.mime)) throw fieldFailure('file', repairMessages.fileType);
  const name = cleanFileName(file.name, type);
  const fileId = await saveFile(deps.database.db, { name, mime: type.mime, bytes, ownerClientId: viewerId });
  return { file_id: fileId, name, size: bytes.byteLength };
}
