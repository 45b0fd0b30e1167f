import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

/** A QR code drawn as one SVG path on the device (no image request, sharp at any size). */
export function QrCode({ text, size, label }: { text: string; size: number; label: string }) {
  const { path, modules } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    const count = code.getModuleCount();
    const cells: string[] = [];
    for (let row = 0; row < count; row += 1) {
      for (let col = 0; col < count; col += 1) if (code.isDark(row, col)) cells.push(`M${col + 4} ${row + 4}h1v1h-1z`);
    }
    // 4 modules of quiet zone on every side, as scanners expect.
    return { path: cells.join(''), modules: count + 8 };
  }, [text]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
