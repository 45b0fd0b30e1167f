import { QR_QUIET_ZONE, qrModules } from '#client/components/ui/qr-code.tsx';

// The payment QR as a PNG file (ADR 0046): on a phone the bank app cannot point its camera at the
// phone's own screen, but every bank app reads a QR from a picture in the gallery. Written by hand,
// not through a canvas: black and white at one bit a pixel, stored (uncompressed) deflate blocks,
// synchronous, so the file exists before the press and Safari's share sheet is not lost to a wait.

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const uint32 = (value: number) => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];

function chunk(type: string, data: Uint8Array): number[] {
  const typed = Uint8Array.from([...Array.from(type, (char) => char.charCodeAt(0)), ...data]);
  return [...uint32(data.length), ...typed, ...uint32(crc32(typed))];
}

/** zlib around stored deflate blocks (at most 65 535 bytes each). */
function zlibStored(raw: Uint8Array): Uint8Array {
  const out: number[] = [0x78, 0x01];
  for (let start = 0; start < raw.length || start === 0; start += 0xffff) {
    const block = raw.subarray(start, start + 0xffff);
    const last = start + 0xffff >= raw.length ? 1 : 0;
    out.push(last, block.length & 0xff, block.length >>> 8, ~block.length & 0xff, (~block.length >>> 8) & 0xff);
    for (const byte of block) out.push(byte);
    if (last) break;
  }
  out.push(...uint32(adler32(raw)));
  return Uint8Array.from(out);
}

/** A 1-bit greyscale PNG of the code, `scale` pixels a module, with the quiet zone. */
export function qrPng(text: string, scale = 8): Uint8Array {
  const modules = qrModules(text);
  const size = (modules.length + 2 * QR_QUIET_ZONE) * scale;
  const rowBytes = Math.ceil(size / 8);
  const raw = new Uint8Array((rowBytes + 1) * size);
  for (let y = 0; y < size; y += 1) {
    const line = y * (rowBytes + 1); // the first byte of each line: filter 0 (none)
    for (let x = 0; x < size; x += 1) {
      const dark = modules[Math.floor(y / scale) - QR_QUIET_ZONE]?.[Math.floor(x / scale) - QR_QUIET_ZONE] ?? false;
      // Greyscale bit 1 is white: set the bit for every light pixel.
      const at = line + 1 + (x >> 3);
      if (!dark) raw[at] = (raw[at] ?? 0) | (0x80 >> (x & 7));
    }
  }
  const header = Uint8Array.from([...uint32(size), ...uint32(size), 1, 0, 0, 0, 0]);
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', header),
    ...chunk('IDAT', zlibStored(raw)),
    ...chunk('IEND', new Uint8Array(0)),
  ]);
}
