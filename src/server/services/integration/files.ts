import { MAX_UPLOAD_BYTES, integrationMessages } from '#shared/api/integration.ts';
import type { AppDeps } from '#server/context.ts';
import { ApiFailure, badRequest, fieldFailure } from '#server/lib/api-failure.ts';
import { readMultipart } from '#server/lib/multipart-stream.ts';
import { insertFileRow, orDelete } from '#server/storage/save-file.ts';
import { cleanFileName } from '../repair-requests/file-types.ts';
import { storeFilePart, type PartRules, type StoredPart } from '../repair-requests/uploads.ts';

// POST /files: one multipart part named `file`, at most 10 MB, and only PDF, JPEG, PNG or WebP —
// decided by the bytes, never by the name or the declared type, since the portal later serves
// the file with the type stored here.

/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

export const tooLarge = () =>
  new ApiFailure(413, {
    success: false,
    message: integrationMessages.fileTooLarge,
    errors: { file: [integrationMessages.fileTooLarge] },
  });

export interface FileFieldRules extends Omit<PartRules, 'field'> {
  /** The message when the body has no `file` part. */
  missing: string;
}

const INTEGRATION_RULES: FileFieldRules = {
  maxBytes: MAX_UPLOAD_BYTES,
  tooLarge,
  missing: integrationMessages.fileRequired,
  emptyMessage: integrationMessages.fileEmpty,
  typeMessage: integrationMessages.fileType,
  // The integration takes documents and web pictures; TIFF and BMP are the clinics' photos only.
  accepts: (type) => type.mime !== 'image/tiff' && type.mime !== 'image/bmp',
};

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
  if (!/^multipart\/form-data;/i.test(request.headers.get('content-type') ?? ''))
    throw badRequest('Ожидается multipart/form-data с полем file');
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
