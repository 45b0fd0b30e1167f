// A refused upload closes its connection instead of reading its body (ADR 0040): tested over a real
// socket against the app served by @hono/node-server, where Node would otherwise read the rest of
// the body to keep the connection for the next request.
import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/api/headers.ts';
import { uploadsAtOnceMessage } from '#server/services/files/uploads.ts';
import { insertAccount, loginAs } from '../../../tests/setup/accounts.ts';
import { LINGER_BYTES, UNREAD_BODY_LIMIT } from './unread-body.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';

const MB = 1024 * 1024;
const BODY_BYTES = 20 * MB;
const BOUNDARY = 'unread-body-boundary';

let t: TestApp;
let server: ServerType;
/** The server's end of each connection: how much of the body it read. */
const accepted: Socket[] = [];

beforeEach(async () => {
  t = await createTestApp();
  const account = await insertAccount(t);
  expect((await loginAs(t, account.email)).status).toBe(200);
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  server.on('connection', (socket: Socket) => accepted.push(socket));
  await once(server, 'listening');
});
afterEach(async () => {
  accepted.length = 0;
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** An upload that stays in flight until `finish()`: its part never ends before then. */
function heldUpload() {
  let finish: () => void = () => {};
  const released = new Promise<void>((resolve) => (finish = resolve));
  const opening = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  let stage = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        stage += 1;
        if (stage === 1) return controller.enqueue(new Uint8Array([...Buffer.from(opening), 0xff, 0xd8, 0xff, 0xe0]));
        if (stage === 2) {
          await released;
          return controller.enqueue(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
        }
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = t.request('/ajax/repair-requests/photos', {
    method: 'POST',
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: 'half',
  } as RequestInit);
  return { response, finish, admitted: () => stage > 0 };
}

/** What a client sees of an upload of BODY_BYTES sent over its own connection, all at once. */
async function rawUpload(port: number) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(
    [
      'POST /ajax/repair-requests/photos HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Cookie: ${t.cookies.header() ?? ''}`,
      `${CSRF_HEADER}: ${t.csrfToken ?? ''}`,
      `Origin: ${new URL(t.config.publicUrl).origin}`,
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      `Content-Length: ${BODY_BYTES}`,
      '',
      '',
    ].join('\r\n'),
  );
  // The whole body at once, as a client does that has not heard back yet.
  socket.write(Buffer.alloc(BODY_BYTES, 0x55));
  socket.on('error', () => {});
  let answer = '';
  await new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      // An answer that keeps the connection: no point waiting for a close that will not come.
      const head = answer.split('\r\n\r\n')[0]?.toLowerCase() ?? '';
      if (answer.includes('\r\n\r\n') && !head.includes('connection: close')) resolve();
    });
    // The server closes the connection (a reset, should this client go on sending past its answer);
    // a connection kept alive would wait here for the next request.
    socket.once('close', () => resolve());
  });
  socket.destroy();
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { head: head.toLowerCase(), body };
}

it('answers a refused upload and closes its connection, reading next to nothing of its body', async () => {
  // The account's two uploads at a time are running: a third is refused before its body is read.
  const running = [heldUpload(), heldUpload()];
  await expect.poll(() => running.every((upload) => upload.admitted())).toBe(true);

  const { head, body } = await rawUpload((server.address() as AddressInfo).port);
  expect(head).toMatch(/^http\/1\.1 429 /);
  expect(head).toContain('connection: close');
  expect(JSON.parse(body)).toEqual({ success: false, message: uploadsAtOnceMessage });
  // What arrived before the answer, and what lingering allows a client that goes on sending.
  expect(accepted.at(-1)?.bytesRead).toBeLessThan(LINGER_BYTES + 4 * UNREAD_BODY_LIMIT);

  for (const upload of running) upload.finish();
  expect((await Promise.all(running.map((upload) => upload.response))).map((r) => r.status)).toEqual([200, 200]);
});
