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

/** The code's modules, rows of dark (true) and light, without the quiet zone. */
export function qrModules(text: string): boolean[][] {
  const code = qrcode(0, 'M');
  code.addData(utf8ByteString(text), 'Byte');
  code.make();
  const count = code.getModuleCount();
  return Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, col) => code.isDark(row, col)));
}

/** Modules of quiet zone on every side, as scanners expect. */
export const QR_QUIET_ZONE = 4;

/** The dark modules of the code as one SVG path, with the quiet zone on every side. */
export function qrPath(text: string): { path: string; modules: number } {
  const rows = qrModules(text);
  const cells: string[] = [];
  rows.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h1v1h-1z`);
    }),
  );
  return { path: cells.join(''), modules: rows.length + 2 * QR_QUIET_ZONE };
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
