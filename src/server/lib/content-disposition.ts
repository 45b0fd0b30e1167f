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

/**
 * Control characters, the bidirectional controls that make 'счёт\u202Efdp.exe' show as
 * 'счётexe.pdf' in a download bar, and the invisible ones (zero-width, word joiner, BOM) that make
 * two names look the same. One rule for stored names (services/integration/files.ts) and headers.
 */
// oxlint-disable-next-line no-control-regex -- control characters are exactly what we strip
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Strips path parts, control, bidi and invisible characters; a name that ends up empty becomes `fallback`. */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[/\\]/).pop()!.replace(UNSAFE_IN_NAMES, '').trim();
  return base || fallback;
}

export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const clean = safeFileName(name);
  return `${type}; filename="${asciiFallback(clean)}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}
