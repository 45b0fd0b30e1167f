import { createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries } from '#server/db/schema/notifications.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { insertAccount, primeCsrf, registrationForm, uniqueEmail } from '../../../../tests/setup/accounts.ts';
import { freePort } from '../../../../tests/setup/free-port.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// Mail goes through the deliveries outbox (ADR 0045): a request answers at once whatever the relay
// does, and the mail follows once the relay takes it — once. The relay is a real SMTP server
// (smtp-server); what arrives is parsed by mailparser, as a mail client would read it.

interface Relay {
  received: ParsedMail[];
  /** Envelope recipients refused from now on with this reply (e.g. 550), or none when undefined. */
  refuse(code: number | undefined): void;
  close(): Promise<void>;
}

async function startRelay(port: number): Promise<Relay> {
  const received: ParsedMail[] = [];
  let refusal: number | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusal === undefined) return callback();
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: refusal });
      callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => callback(), callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    refuse: (code) => (refusal = code),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A relay that takes the connection and never says a word (the old code waited 30 s for it). */
async function startSilentRelay(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let t: TestApp;
let port: number;
let relay: Relay | undefined;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  port = await freePort();
  t.deps.mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'no-reply@service.example.ru',
    outboxDir: t.outbox.dir,
    log: t.deps.log,
  });
});
afterEach(async () => {
  await relay?.close();
  relay = undefined;
});
afterAll(() => t.close());

const forgot = (email: string) => t.request('/ajax/password/forgot', { method: 'POST', json: { email } });
const mailRows = () => t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.channel, 'email'));

describe('mail through the outbox', () => {
  it('answers at once with the relay down, and the reset mail arrives once after it is back', async () => {
    const account = await insertAccount(t);
    await primeCsrf(t);
    const started = Date.now();
    const answer = await forgot(account.email);
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);

    // The relay is down: the try fails and the mail waits, sealed (the link is not in the row).
    expect(await t.outbox.deliver()).toBe(1);
    const [waiting] = await mailRows();
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, mailKind: 'password-reset' });
    expect(waiting!.mailBody).toMatch(/^v1\./);
    expect(waiting!.mailBody).not.toContain('restore-password');

    relay = await startRelay(port);
    expect(await t.outbox.deliver()).toBe(0); // not due yet: back-off
    t.advance(11_000);
    expect(await t.outbox.deliver()).toBe(1);
    t.advance(60 * 60_000);
    await t.outbox.deliver();

    expect(relay.received).toHaveLength(1);
    const mail = relay.received[0]!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(account.email);
    expect(mail.text).toMatch(/\/client\/restore-password\/[A-Za-z0-9_-]+/);
    const [sent] = await mailRows();
    expect(sent).toMatchObject({ state: 'sent', mailBody: null });
  });

  it('sends a multipart mail: the same text and link in both parts, inline styles, no images, auto-submitted, the portal named', async () => {
    relay = await startRelay(port);
    const account = await insertAccount(t);
    await primeCsrf(t);
    t.advance(60 * 60_000);
    expect((await forgot(account.email)).status).toBe(200);
    await t.outbox.deliver();

    const mail = relay.received.at(-1)!;
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.from?.value[0]).toEqual({ name: 'Сервисный центр', address: 'no-reply@service.example.ru' });
    const link = /https?:\/\/\S+\/client\/restore-password\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    const html = typeof mail.html === 'string' ? mail.html : '';
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('Ссылка действует 10 минут и только один раз.');
    expect(html).toMatch(/style="/);
    expect(html).not.toMatch(/<img|<link|<style|url\(/i);
  });

  it('gives a mail the relay refuses for good up once, logging its kind and never its content', async () => {
    relay = await startRelay(port);
    relay.refuse(550);
    const account = await insertAccount(t);
    await primeCsrf(t);
    t.advance(60 * 60_000);
    expect((await forgot(account.email)).status).toBe(200);
    await t.outbox.deliver();
    const failed = (await mailRows()).at(-1)!;
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, mailBody: null });
    const line = t.logs.find((entry) => entry.msg === 'mail failed for good');
    expect(line).toMatchObject({ kind: 'password-reset', reason: 'SMTP EENVELOPE 550' });
    expect(JSON.stringify(t.logs)).not.toContain('restore-password/');
  });

  it('answers a registration code at once while the relay never answers', async () => {
    const silent = await startSilentRelay();
    const mailer = t.deps.mailer;
    t.deps.mailer = createMailer({
      smtpUrl: silent.url,
      from: 'no-reply@service.example.ru',
      outboxDir: '',
      log: t.deps.log,
    });
    try {
      const email = uniqueEmail('silent');
      await primeCsrf(t);
      const started = Date.now();
      const answer = await t.request('/ajax/register/send-code', { method: 'POST', json: registrationForm(email) });
      expect(answer.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(silent.connections()).toBe(0);
      const row = (await mailRows()).at(-1)!;
      expect(row).toMatchObject({ state: 'pending', mailKind: 'registration-code', attempts: 0 });
    } finally {
      t.deps.mailer = mailer;
      await silent.close();
    }
  });
});
