import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger, Mailer, MailMessage } from '../context.ts';
import { htmlOfText } from './mail-html.ts';

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

/** The portal's name, shown as the sender when MAIL_FROM is a bare address. */
export const PORTAL_NAME = 'Сервисный центр';

/**
 * How long the relay may take to connect, greet and answer each command: the delivery loop's
 * channel timeout, so a relay that never answers holds one outbox row, never a request.
 */
const SMTP_TIMEOUT_MS = 10_000;

/** SMTP_URL with the timeouts added unless the URL sets its own (query options are nodemailer's). */
export function smtpUrlWithTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const option of ['connectionTimeout', 'greetingTimeout', 'socketTimeout'])
    if (!url.searchParams.has(option)) url.searchParams.set(option, String(SMTP_TIMEOUT_MS));
  return url.toString();
}

function smtpMailer(smtpUrl: string, { from, log, replyTo }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrlWithTimeouts(smtpUrl));
  return {
    async send(message) {
      const info = await transport.sendMail({ from: senderOf(from), ...replyToOf(replyTo), ...toMail(message) });
      // The address is personal data but needed to trace a complaint "I got no code"; the content
      // (a code may be in the subject) is never logged.
      log.info('mail sent', { to: message.to, kind: message.kind, messageId: info.messageId });
    },
  };
}

function outboxMailer({ from, outboxDir, log, replyTo }: MailerOptions): Mailer {
  // buffer:true makes nodemailer compose the full RFC 822 message in memory instead of sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await composer.sendMail({ from: senderOf(from), ...replyToOf(replyTo), ...toMail(message) });
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('nodemailer did not return a buffered message');
      await mkdir(outboxDir, { recursive: true });
      const name = `${uniqueStamp()}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      // Write then rename, so a reader polling the outbox never sees half a message.
      await writeFile(`${file}.tmp`, raw);
      await rename(`${file}.tmp`, file);
      log.info('mail written to outbox', { to: message.to, kind: message.kind, file });
    },
  };
}

/** MAIL_FROM, with the portal's name when it is a bare address: a mail says who it is from. */
export function senderOf(from: string): string | { name: string; address: string } {
  const bare = /^\s*<?([^\s<>]+@[^\s<>]+?)>?\s*$/.exec(from);
  return bare?.[1] ? { name: PORTAL_NAME, address: bare[1] } : from;
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

/**
 * Every mail is multipart/alternative: the text, and the same text as HTML for the clients that show
 * HTML only. Auto-Submitted (RFC 3834) keeps vacation responders from answering a no-reply address.
 */
function toMail(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? htmlOfText(message.text, message.subject),
    headers: { 'Auto-Submitted': 'auto-generated' },
    textEncoding: 'quoted-printable' as const,
  };
}
