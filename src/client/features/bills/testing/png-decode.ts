// Test helper: reads the QR code back out of a PNG (qr-png.ts) the way a bank app reading a picture
// from the gallery would: the file's pixels, then jsqr. Handles the 1-bit greyscale, unfiltered PNGs
// the portal writes; the pixels are inflated by the platform's DecompressionStream, not by our own code.
import jsQR from 'jsqr';

async function inflate(parts: Uint8Array[]): Promise<Uint8Array> {
  const stream = new Blob(parts as Uint8Array<ArrayBuffer>[]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function decodeQrPng(bytes: Uint8Array): Promise<string | null> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0;
  let height = 0;
  const data: Uint8Array[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      if (body[8] !== 1 || body[9] !== 0) throw new Error('not a 1-bit greyscale PNG');
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = await inflate(data);
  const rowBytes = Math.ceil(width / 8);
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    if (raw[y * (rowBytes + 1)] !== 0) throw new Error('a filtered row');
    for (let x = 0; x < width; x += 1) {
      const white = (raw[y * (rowBytes + 1) + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1;
      pixels.fill(white ? 255 : 0, (y * width + x) * 4, (y * width + x) * 4 + 3);
      pixels[(y * width + x) * 4 + 3] = 255;
    }
  }
  const code = jsQR(pixels, width, height);
  return code ? new TextDecoder().decode(Uint8Array.from(code.binaryData)) : null;
}
