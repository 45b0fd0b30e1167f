import { MAX_UPLOAD_BYTES, integrationMessages } from '#shared/api/integration.ts';
import type { AppDeps } from '#server/context.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { insertFileRow, orDelete } from '#server/storage/save-file.ts';
import { cleanFileName } from '../files/file-types.ts';
import { storeFileField, type FileFieldRules } from '../files/uploads.ts';

// POST /files: one multipart part named `file`, at most 10 MB, and only PDF, JPEG, PNG or WebP —
// decided by the bytes, never by the name or the declared type, since the portal later serves
// the file with the type stored here.

export const tooLarge = () =>
  new ApiFailure(413, {
    success: false,
    message: integrationMessages.fileTooLarge,
    errors: { file: [integrationMessages.fileTooLarge] },
  });

const INTEGRATION_RULES: FileFieldRules = {
  maxBytes: MAX_UPLOAD_BYTES,
  tooLarge,
  missing: integrationMessages.fileRequired,
  emptyMessage: integrationMessages.fileEmpty,
  typeMessage: integrationMessages.fileType,
  // The integration takes documents and web pictures; TIFF and BMP are the clinics' photos only.
  accepts: (type) => type.mime !== 'image/tiff' && type.mime !== 'image/bmp',
};

export interface UploadedFile {
  id: number;
  mime_type: string;
  size: number;
  sha256: string;
}

export async function uploadFile(deps: AppDeps, request: Request): Promise<UploadedFile> {
  const { stored, type, fileName } = await storeFileField(deps, request, INTEGRATION_RULES);
  const id = await orDelete(deps.files, [stored.key], () =>
    insertFileRow(deps.database.db, { name: cleanFileName(fileName, type), mime: type.mime }, stored),
  );
  return { id, mime_type: type.mime, size: stored.size, sha256: stored.sha256 };
}
