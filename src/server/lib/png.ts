import { crc32, deflateSync } from 'node:zlib';

// A minimal PNG writer for placeholder pictures (the demo catalogue): no image library for a
// handful of flat-coloured squares.

export type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A `size`×`size` RGB PNG: `background` with a centred disc of `accent`. */
export function placeholderPng(size: number, background: Rgb, accent: Rgb): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const row = 1 + size * 3;
  const pixels = Buffer.alloc(row * size);
  const centre = (size - 1) / 2;
  const radius = size * 0.3;
  for (let y = 0; y < size; y++) {
    pixels[y * row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const colour = (x - centre) ** 2 + (y - centre) ** 2 <= radius ** 2 ? accent : background;
      pixels.set(colour, y * row + 1 + x * 3);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]));
}
