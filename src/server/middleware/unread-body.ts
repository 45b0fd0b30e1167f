import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';

// An answer that leaves a large request body unread (an upload refused before its body is read:
// the account's third at once, its daily budget spent, no session, the process saturated) closes
// the connection (ADR 0040). Otherwise Node reads the rest of the body to keep the connection for
// the next request, and @hono/node-server drains it for up to half a second: one account's 22
// refused uploads of 20 MB each were read, and sent, for nothing. With `Connection: close` the
// client knows the connection ends with the answer.

/** More than one socket read's worth (Node reads 64 KB at a time): less is cheaper to read than a new connection. */
export const UNREAD_BODY_LIMIT = 64 * 1024;

const LINGER_MS = 1_000;
/**
 * What a client still sending after its answer may send before it is cut off. undici goes on
 * sending for a while: cut off after 1 MB, half of the bench's refused uploads lost their 429 to the
 * reset; after 4 MB, none did.
 */
export const LINGER_BYTES = 4 * 1024 * 1024;

/** The body still to come is large: declared so, or of unknown length (chunked). */
function largeBodyUnread(incoming: IncomingMessage): boolean {
  if (incoming.readableEnded) return false;
  const length = incoming.headers['content-length'];
  if (length !== undefined) return Number(length) > UNREAD_BODY_LIMIT;
  return incoming.headers['transfer-encoding'] !== undefined;
}

/** Mounted first (app.ts), so that every answer, the load shedder's too, is seen. */
export function closeOnUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Only a request served by @hono/node-server has one (app.request() in tests has none).
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || !largeBodyUnread(incoming)) return;
    c.res.headers.set('connection', 'close');
    const outgoing = (c.env as { outgoing?: ServerResponse }).outgoing;
    outgoing?.once('finish', () => linger(incoming));
  };
}

/**
 * After the answer: what still arrives is discarded until the client, which has its answer and
 * `Connection: close`, closes the connection; a client that goes on sending is cut off after
 * LINGER_BYTES or LINGER_MS. Node would destroy the socket at once (Socket#destroySoon, once our end
 * is written): with the client's bytes unread, that is a reset, and a client still sending may lose
 * the answer with it (undici saw EPIPE instead of its 429).
 */
function linger(incoming: IncomingMessage) {
  const socket = incoming.socket;
  socket.removeListener('finish', socket.destroy);
  const readBefore = socket.bytesRead;
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  // The connection's parser is done with it: the socket's own reads are what is left to count.
  socket.on('data', () => {
    if (socket.bytesRead - readBefore > LINGER_BYTES) close();
  });
  socket.once('end', close);
  socket.once('close', () => clearTimeout(timer));
}
