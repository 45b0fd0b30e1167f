import type { Duplex } from 'node:stream';

// Requests Node cannot even parse never reach the app: it answers them itself, before any route.
// Headers over MAX_HEADER_BYTES get a 431 with a short Russian JSON body (not a bare status line),
// anything else that is not HTTP a 400; the connection is closed either way.

export const MAX_HEADER_BYTES = 16 * 1024;

function rawAnswer(status: string, message: string): string {
  const body = JSON.stringify({ success: false, message });
  return [
    `HTTP/1.1 ${status}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Any Node HTTP server (what @hono/node-server's serve() returns). */
interface ClientErrorSource {
  on(event: 'clientError', listener: (error: NodeJS.ErrnoException, socket: Duplex) => void): unknown;
}

export function answerUnparsableRequests(server: ClientErrorSource): void {
  server.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const answer =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? rawAnswer('431 Request Header Fields Too Large', 'Слишком большие заголовки запроса')
        : rawAnswer('400 Bad Request', 'Некорректный запрос');
    socket.end(answer);
  });
}
