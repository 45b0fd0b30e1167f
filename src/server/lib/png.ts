import { crc32, deflateSync } from 'node:zlib';

// The one PNG writer of the repository: the demo catalogue's placeholders, the demo tickets' photos
// and the app icons (scripts/generate-icons.ts) are drawn in code, so no image library and no
// committed binaries beyond the icons.

export type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOUR_TYPE = { 3: 2, 4: 6 } as const; // truecolour, truecolour with alpha

/** Encodes 8-bit pixels, row by row: 3 bytes each (RGB) or 4 (RGBA). */
export function encodePng(width: number, height: number, pixels: Uint8Array, channels: 3 | 4, level = 6): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = COLOUR_TYPE[channels];
  const rowBytes = width * channels;
  const raw = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter byte, 0: none.
    raw.set(pixels.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A `size`×`size` RGB picture, each pixel from `colourAt(x, y)`. */
function drawRgb(size: number, colourAt: (x: number, y: number) => Rgb): Buffer {
  const pixels = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) pixels.set(colourAt(x, y), (y * size + x) * 3);
  return encodePng(size, size, pixels, 3);
}

/** A catalogue placeholder: `background` with a centred disc of `accent`. */
export function placeholderPng(size: number, background: Rgb, accent: Rgb): Uint8Array {
  const centre = (size - 1) / 2;
  const radius = size * 0.3;
  return new Uint8Array(
    drawRgb(size, (x, y) => ((x - centre) ** 2 + (y - centre) ** 2 <= radius ** 2 ? accent : background)),
  );
}

/** A demo ticket's photo: a vertical gradient of the tint with a darker disc, enough for a photo link to open a real image. */
export function demoPng(size: number, [r, g, b]: Rgb): Buffer {
  const centre = size / 2;
  return drawRgb(size, (x, y) => {
    const inDisc = (x - centre) ** 2 + (y - centre) ** 2 < (size / 3) ** 2;
    const shade = inDisc ? 0.55 : 0.75 + (0.25 * y) / size;
    return [Math.round(r * shade), Math.round(g * shade), Math.round(b * shade)];
  });
}
