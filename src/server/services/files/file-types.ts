import { safeFileName } from '#server/lib/content-disposition.ts';
// What an uploaded file is, decided by its bytes, never by its name or declared type, since the
// portal later serves it with the type stored here; and the name it is stored under.

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
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', extensions: ['png'] };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { mime: 'image/webp', extensions: ['webp'] };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return { mime: 'image/tiff', extensions: ['tiff', 'tif'] };
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 26) return { mime: 'image/bmp', extensions: ['bmp'] };
  return null;
}

/**
 * A safe download name: no directories, no control characters, at most NAME_MAX characters, and an
 * extension that matches the content (a JPEG called 'scan.pdf' becomes 'scan.pdf.jpg').
 */
/** Characters (code points) of a stored name before its extension. */
export const NAME_MAX = 200;

export function cleanFileName(raw: string, type: Sniffed): string {
  // The download header's rule (directories, control, bidi and invisible characters), and no quotes in a stored name.
  // Cut by code points: a UTF-16 cut could split an emoji's surrogate pair and store half a character.
  const base = Array.from(safeFileName(raw, '').replace(/"/g, '').trim()).slice(0, NAME_MAX).join('').trim();
  const name = base === '' || base === '.' || base === '..' ? 'file' : base;
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension && type.extensions.includes(extension) ? name : `${name}.${type.extensions[0]}`;
}
