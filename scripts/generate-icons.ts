// Draws the app icons (public/icons/*.png, favicon.svg) with plain Node: a white tooth on the accent colour,
// and the 96×96 icons of the manifest's shortcuts (a list, a bill, a plus) in the same style.
// The PNGs are committed; run again only to change the design: npx tsx scripts/generate-icons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { encodePng } from '../src/server/lib/png.ts';

const OUT = new URL('../public/icons/', import.meta.url);
type Point = (x: number, y: number) => boolean;
type Capsule = readonly [ax: number, ay: number, bx: number, by: number, r: number];
interface RoundedRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  r: number;
}

const ACCENT = [0x0b, 0x5c, 0xab] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

// The tooth, in a unit square centred on (0.5, 0.5): two cusps, a crown and two roots.
const CIRCLES: ReadonlyArray<readonly [cx: number, cy: number, r: number]> = [
  [0.385, 0.36, 0.155],
  [0.615, 0.36, 0.155],
];
const CROWN: RoundedRect = { x0: 0.23, y0: 0.36, x1: 0.77, y1: 0.56, r: 0.06 };
const ROOTS: readonly Capsule[] = [
  [0.36, 0.5, 0.335, 0.8, 0.085],
  [0.64, 0.5, 0.665, 0.8, 0.085],
];

function inCapsule(px: number, py: number, [ax, ay, bx, by, r]: Capsule): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2 <= r * r;
}

function inRoundedRect(px: number, py: number, { x0, y0, x1, y1, r }: RoundedRect): boolean {
  const cx = Math.max(x0 + r, Math.min(x1 - r, px));
  const cy = Math.max(y0 + r, Math.min(y1 - r, py));
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

function inTooth(x: number, y: number): boolean {
  return (
    CIRCLES.some(([cx, cy, r]) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r) ||
    inRoundedRect(x, y, CROWN) ||
    ROOTS.some((root) => inCapsule(x, y, root))
  );
}

// Shortcut glyphs, in the same unit square. Заявки: a list (bullets and lines).
function inList(x: number, y: number): boolean {
  return [0.32, 0.5, 0.68].some(
    (row) => (x - 0.29) ** 2 + (y - row) ** 2 <= 0.05 ** 2 || inCapsule(x, y, [0.42, row, 0.74, row, 0.04]),
  );
}

// Счета: a sheet with text lines cut out of it.
const SHEET: RoundedRect = { x0: 0.27, y0: 0.2, x1: 0.73, y1: 0.8, r: 0.06 };
function inBill(x: number, y: number): boolean {
  if (!inRoundedRect(x, y, SHEET)) return false;
  return ![0.36, 0.5, 0.64].some((row) => inCapsule(x, y, [0.36, row, row === 0.64 ? 0.52 : 0.64, row, 0.03]));
}

// New repair request: a plus.
function inPlus(x: number, y: number): boolean {
  return inCapsule(x, y, [0.5, 0.24, 0.5, 0.76, 0.065]) || inCapsule(x, y, [0.24, 0.5, 0.76, 0.5, 0.065]);
}

/**
 * size px; toothScale: share of the icon the glyph box takes; corner: background corner radius (0 = full bleed);
 * glyph: the white shape (the tooth unless told), sitting a little low like the tooth (dy).
 */
function render(size: number, toothScale: number, corner: number, glyph: Point = inTooth, dy = 0.04): Buffer {
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = (px + (sx + 0.5) / samples) / size;
          const v = (py + (sy + 0.5) / samples) / size;
          const inBg = corner === 0 || inRoundedRect(u, v, { x0: 0, y0: 0, x1: 1, y1: 1, r: corner });
          if (!inBg) continue;
          bg++;
          const tx = (u - 0.5) / toothScale + 0.5;
          const ty = (v - 0.5) / toothScale + 0.5 + dy;
          if (glyph(tx, ty)) fg++;
        }
      }
      const total = samples * samples;
      const i = (py * size + px) * 4;
      const f = bg === 0 ? 0 : fg / bg;
      ACCENT.forEach((accent, c) => (pixels[i + c] = Math.round(accent * (1 - f) + WHITE[c]! * f)));
      pixels[i + 3] = Math.round((bg / total) * 255);
    }
  }
  return pixels;
}

mkdirSync(OUT, { recursive: true });
const icons: ReadonlyArray<readonly [name: string, size: number, scale: number, corner: number]> = [
  ['icon-192.png', 192, 0.72, 0.22],
  ['icon-512.png', 512, 0.72, 0.22],
  // Maskable: full bleed, the tooth inside the central 80% safe zone.
  ['icon-maskable-512.png', 512, 0.52, 0],
  // iOS rounds the corners itself and shows transparency as black.
  ['apple-touch-icon.png', 180, 0.64, 0],
];
for (const [name, size, scale, corner] of icons) {
  writeFileSync(new URL(name, OUT), encodePng(size, size, render(size, scale, corner), 4, 9));
}
// Manifest shortcuts (Chromium asks for 96×96): Заявки, Счета, a new repair request.
const shortcuts: ReadonlyArray<readonly [name: string, glyph: Point]> = [
  ['shortcut-tickets-96.png', inList],
  ['shortcut-bills-96.png', inBill],
  ['shortcut-repair-96.png', inPlus],
];
for (const [name, glyph] of shortcuts) {
  writeFileSync(new URL(name, OUT), encodePng(96, 96, render(96, 0.8, 0.22, glyph, 0), 4, 9));
}

const hex = `#${ACCENT.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
const s = (n: number) => Math.round(n * 1000) / 10; // unit → viewBox 0..100, tooth scale 0.72 around the centre
const t = (n: number, offset: number) => s((n - offset) * 0.72 + 0.5);
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="22" fill="${hex}"/>
<g fill="#fff">
${CIRCLES.map(([cx, cy, r]) => `<circle cx="${t(cx, 0.5)}" cy="${t(cy, 0.54)}" r="${s(r * 0.72)}"/>`).join('\n')}
<rect x="${t(CROWN.x0, 0.5)}" y="${t(CROWN.y0, 0.54)}" width="${s((CROWN.x1 - CROWN.x0) * 0.72)}" height="${s((CROWN.y1 - CROWN.y0) * 0.72)}" rx="${s(CROWN.r * 0.72)}"/>
${ROOTS.map(([ax, ay, bx, by, r]) => `<line x1="${t(ax, 0.5)}" y1="${t(ay, 0.54)}" x2="${t(bx, 0.5)}" y2="${t(by, 0.54)}" stroke="#fff" stroke-width="${s(2 * r * 0.72)}" stroke-linecap="round"/>`).join('\n')}
</g>
</svg>
`;
writeFileSync(new URL('favicon.svg', OUT), svg);
console.log('icons written to public/icons/');
