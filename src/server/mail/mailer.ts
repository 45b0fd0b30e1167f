import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger, Mailer, MailMessage } from '../context.ts';

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where `.eml` files go when there is no SMTP server (DATA_DIR/outbox). */
  outboxDir: string;
  log: Logger;
  /** The Reply-To of every mail (the sender is a no-reply address): the support address, if any; never waits. */
  replyTo?: () => string | undefined;
}

/** With SMTP_URL: real delivery. Without: every message becomes an `.eml` file, so a laptop needs no mail server. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options);
}

function smtpMailer(smtpUrl: string, { from, log, replyTo }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...replyToOf(replyTo), ...toMail(message) });
      // The address is personal data but needed to trace a complaint "I got no code"; the content is never logged.
      log.info('mail sent', { to: message.to, subject: message.subject, messageId: info.messageId });
    },
  };
}

function outboxMailer({ from, outboxDir, log, replyTo }: MailerOptions): Mailer {
  // buffer:true makes nodemailer compose the full RFC 822 message in memory instead of sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await composer.sendMail({ from, ...replyToOf(replyTo), ...toMail(message) });
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('nodemailer did not return a buffered message');
      await mkdir(outboxDir, { recursive: true });
      const name = `${uniqueStamp()}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      // Write then rename, so a reader polling the outbox never sees half a message.
      await writeFile(`${file}.tmp`, raw);
      await rename(`${file}.tmp`, file);
      log.info('mail written to outbox', { to: message.to, subject: message.subject, file });
    },
  };
}

/** `{ replyTo }` when there is a support address. */
function replyToOf(resolve: MailerOptions['replyTo']): { replyTo?: string } {
  const address = resolve?.();
  return address ? { replyTo: address } : {};
}

let lastStamp = 0;

/**
 * ISO time (colons made file-name safe) that never repeats within the process, so sorting names
 * sorts messages by sending order even when two go out in the same millisecond.
 */
function uniqueStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString().replace(/:/g, '-');
}

function toMail(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    textEncoding: 'quoted-printable' as const,
  };
}
