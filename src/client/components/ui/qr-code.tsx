import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

/**
 * The text as qrcode-generator's byte mode wants it: one character per UTF-8 byte. Its own
 * conversion keeps only the low byte of each UTF-16 unit, which garbles Cyrillic (the bank payment
 * QR, ГОСТ Р 56042-2014 "ST00012", is UTF-8); for ASCII the two agree.
 */
function utf8ByteString(text: string): string {
  let bytes = '';
  for (const byte of new TextEncoder().encode(text)) bytes += String.fromCharCode(byte);
  return bytes;
}

/** The dark modules of the code as one SVG path, with 4 modules of quiet zone on every side (as scanners expect). */
export function qrPath(text: string): { path: string; modules: number } {
  const code = qrcode(0, 'M');
  code.addData(utf8ByteString(text), 'Byte');
  code.make();
  const count = code.getModuleCount();
  const cells: string[] = [];
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) if (code.isDark(row, col)) cells.push(`M${col + 4} ${row + 4}h1v1h-1z`);
  }
  return { path: cells.join(''), modules: count + 8 };
}

/** A QR code drawn as one SVG path on the device (no image request, sharp at any size). */
export function QrCode({
  text,
  size,
  label,
  className,
}: {
  text: string;
  size: number;
  label: string;
  className?: string;
}) {
  const { path, modules } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
