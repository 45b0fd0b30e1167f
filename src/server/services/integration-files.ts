import { MAX_UPLOAD_BYTES, integrationMessages } from '#shared/api/integration.ts';
import type { AppDeps } from '#server/context.ts';
import { ApiFailure, badRequest, fieldFailure } from '#server/lib/api-failure.ts';
import { saveFile, sha256Hex } from '#server/storage/save-file.ts';
import { readBodyCapped } from '#server/lib/read-body.ts';

// POST /files: one multipart part named `file`, at most 10 MB, and only PDF, JPEG, PNG or WebP —
// decided by the bytes, never by the name or the declared type, since the portal later serves
// the file with the type stored here.

/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

export const tooLarge = () =>
  new ApiFailure(413, { success: false, message: integrationMessages.fileTooLarge, errors: { file: [integrationMessages.fileTooLarge] } });

export interface Sniffed {
  mime: 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp' | 'image/tiff' | 'image/bmp';
  extensions: readonly string[];
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The type the content says it is, or null for anything we do not accept. */
export function sniffType(bytes: Uint8Array): Sniffed | null {
  if (startsWith(bytes, ascii('%PDF-'))) return { mime: 'application/pdf', extensions: ['pdf'] };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', extensions: ['png'] };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { mime: 'image/webp', extensions: ['webp'] };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return { mime: 'image/tiff', extensions: ['tiff', 'tif'] };
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 26) return { mime: 'image/bmp', extensions: ['bmp'] };
  return null;
}

/**
 * A safe download name: no directories, no control characters, at most 200 characters, and an
 * extension that matches the content (a JPEG called 'scan.pdf' becomes 'scan.pdf.jpg').
 */
export function cleanFileName(raw: string, type: Sniffed): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    // oxlint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  const name = base === '' || base === '.' || base === '..' ? 'file' : base;
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension && type.extensions.includes(extension) ? name : `${name}.${type.extensions[0]}`;
}

export interface FilePartRules {
  maxBytes: number;
  /** The refusal of a body that outgrows what a file of `maxBytes` needs. */
  tooLarge: () => ApiFailure;
  /** The message when the body has no `file` part. */
  missing: string;
}

const INTEGRATION_RULES: FilePartRules = { maxBytes: MAX_UPLOAD_BYTES, tooLarge, missing: integrationMessages.fileRequired };

/**
 * The `file` part of a multipart body; 400 when the body is not multipart, 422 when the part is
 * missing, `tooLarge` as soon as the body outgrows the limit (it is never read further).
 */
export async function readFilePart(request: Request, rules: FilePartRules = INTEGRATION_RULES): Promise<File> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(contentType)) throw badRequest('Ожидается multipart/form-data с полем file');
  const body = await readBodyCapped(request, rules.maxBytes + MULTIPART_OVERHEAD);
  if (body === null) throw rules.tooLarge();
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest();
  }
  const file = form.get('file');
  if (!(file instanceof File)) throw fieldFailure('file', rules.missing);
  if (file.size > rules.maxBytes) throw rules.tooLarge();
  return file;
}

export interface UploadedFile {
  id: number;
  mime_type: string;
  size: number;
  sha256: string;
}

export async function uploadFile(deps: AppDeps, request: Request): Promise<UploadedFile> {
  const file = await readFilePart(request);
  if (file.size === 0) throw fieldFailure('file', integrationMessages.fileEmpty);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  // The integration takes documents and web pictures; TIFF and BMP are the clinics' photos only.
  if (!type || type.mime === 'image/tiff' || type.mime === 'image/bmp') throw fieldFailure('file', integrationMessages.fileType);
  const id = await saveFile(deps.files, deps.database.db, { name: cleanFileName(file.name, type), mime: type.mime, bytes });
  return { id, mime_type: type.mime, size: bytes.byteLength, sha256: sha256Hex(bytes) };
}
