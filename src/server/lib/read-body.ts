/**
 * Reads a request body (or a response's, e.g. a geo provider's) of at most `maxBytes`; null when it
 * is larger. Stops reading at the cap, so a peer that lies about (or omits) Content-Length cannot
 * make us buffer more.
 */
export async function readBodyCapped(
  request: Pick<Request, 'headers' | 'body'>,
  maxBytes: number,
): Promise<Buffer<ArrayBuffer> | null> {
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
