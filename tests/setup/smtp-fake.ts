// A local SMTP server for tests (no network here), speaking the plain commands RFC 5321 gives a
// client without TLS or AUTH: EHLO/HELO, MAIL, RCPT, DATA (dot-stuffed, ended by a lone "."), RSET,
// NOOP, QUIT. It can be held: a client that connects waits for the greeting until release(), as a
// slow relay keeps a sender waiting, so a test can see what the app answered before any mail arrived.
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface ReceivedMail {
  to: string[];
  /** The message as sent (headers and body), lines joined with \n. */
  data: string;
}

export interface SmtpFake {
  /** `smtp://127.0.0.1:<port>` for the mailer. */
  url: string;
  received: ReceivedMail[];
  /** Connections made so far (each message is one). */
  connections(): number;
  /** From now on every connection, waiting or new, gets its greeting. */
  release(): void;
  close(): Promise<void>;
}

export async function startSmtpFake({ held = false }: { held?: boolean } = {}): Promise<SmtpFake> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  let release!: () => void;
  const released = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    void released.then(() => converse(socket, (mail) => received.push(mail)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    release: () => release?.(),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function converse(socket: Socket, deliver: (mail: ReceivedMail) => void): void {
  let buffer = '';
  let to: string[] = [];
  let data: string[] | null = null;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  const handle = (line: string) => {
    if (data !== null) {
      if (line !== '.') return void data.push(line.startsWith('..') ? line.slice(1) : line);
      deliver({ to, data: data.join('\n') });
      [to, data] = [[], null];
      return reply('250 2.0.0 queued');
    }
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === 'EHLO' || verb === 'HELO') return reply('250 fake.smtp.test');
    if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') return reply('250 2.0.0 OK');
    if (verb === 'RCPT') {
      to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
      return reply('250 2.1.5 OK');
    }
    if (verb === 'DATA') {
      data = [];
      return reply('354 end with <CRLF>.<CRLF>');
    }
    if (verb === 'QUIT') {
      reply('221 2.0.0 bye');
      return void socket.end();
    }
    reply('502 5.5.2 command not recognised');
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      handle(line);
    }
  });
  reply('220 fake.smtp.test ESMTP');
}
