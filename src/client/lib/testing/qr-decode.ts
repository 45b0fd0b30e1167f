// Test helper: reads a drawn QR code (components/ui/qr-code.tsx's SVG) back to its text with jsqr,
// the way a camera would: the path's modules painted into pixels, then decoded from the pixels.
import jsQR from 'jsqr';

const SCALE = 4;

/** The text of the QR code in this <svg>, decoded as UTF-8; null when no code is found. */
export function decodeQrSvg(svg: Element): string | null {
  const viewBox = svg.getAttribute('viewBox')?.split(' ').map(Number) ?? [];
  const modules = viewBox[2] ?? 0;
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  const size = modules * SCALE;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)/g)) {
    for (let dy = 0; dy < SCALE; dy += 1) {
      for (let dx = 0; dx < SCALE; dx += 1) {
        const at = ((Number(y) * SCALE + dy) * size + Number(x) * SCALE + dx) * 4;
        pixels.fill(0, at, at + 3);
      }
    }
  }
  const code = jsQR(pixels, size, size);
  return code ? new TextDecoder().decode(Uint8Array.from(code.binaryData)) : null;
}
