import { withoutInvisible } from '#shared/validation/invisible-characters.ts';

// Content-Disposition with the original (often Cyrillic) file name. Browsers use `filename*`
// (RFC 5987/6266, UTF-8 percent-encoded); `filename` is an ASCII fallback for the rest. Quotes,
// backslashes and control characters never reach the header, so a name cannot break out of it.

/** RFC 5987 attr-char: everything else is percent-encoded. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function asciiFallback(name: string): string {
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what we strip
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return ascii.trim() || 'file';
}

/** Control characters (C0, DEL, C1, the line and paragraph separators): with the bidi and invisible ones (#shared/validation/invisible-characters.ts) never in a name. */
// oxlint-disable-next-line no-control-regex -- control characters are exactly what we strip
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Strips path parts, control, bidi and invisible characters; a name that ends up empty becomes
 * `fallback`. One rule for stored names (services/files/file-types.ts) and headers.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = withoutInvisible(name.split(/[/\\]/).pop()!.replace(CONTROL, '')).trim();
  return base || fallback;
}

export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const clean = safeFileName(name);
  return `${type}; filename="${asciiFallback(clean)}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}
