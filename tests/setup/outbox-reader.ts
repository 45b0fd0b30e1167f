// Reads the `.eml` files the outbox mailer writes, for tests and e2e runs that need an e-mailed
// code or link, with mailparser (MIME parts, transfer encodings, encoded words). Node and mailparser
// only: Playwright scripts import it without the app.
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

export interface OutboxMessage {
  file: string;
  to: string;
  from: string;
  subject: string;
  /** The decoded text/plain body ('' if none). */
  text: string;
  /** The decoded text/html body, if the message has one. */
  html: string | undefined;
  raw: string;
}

/** `.eml` files of the outbox, oldest first (names start with a unique ISO timestamp). */
export function listOutbox(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => path.join(dir, name));
}

export async function readOutboxFile(file: string): Promise<OutboxMessage> {
  const raw = await readFile(file, 'utf8');
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  return {
    file,
    to: addressText(mail.to),
    from: addressText(mail.from),
    subject: mail.subject ?? '',
    text: mail.text?.replace(/\n$/, '') ?? '',
    html: typeof mail.html === 'string' ? mail.html.replace(/\n$/, '') : undefined,
    raw,
  };
}

/**
 * Each `.eml` parsed once: the mailer writes a message whole (write, then rename) and never changes
 * it, while the waits below read the outbox again every 50 ms.
 */
const parsed = new Map<string, Promise<OutboxMessage>>();

function readOnce(file: string): Promise<OutboxMessage> {
  let message = parsed.get(file);
  if (!message) {
    message = readOutboxFile(file);
    parsed.set(file, message);
    message.catch(() => parsed.delete(file));
  }
  return message;
}

/** Every message to `address` (case-insensitive), oldest first. */
export async function outboxMessagesFor(dir: string, address: string): Promise<OutboxMessage[]> {
  const wanted = address.trim().toLowerCase();
  const messages = await Promise.all(listOutbox(dir).map(readOnce));
  return messages.filter((m) => extractAddresses(m.to).includes(wanted));
}

/** The newest message to `address`, or undefined. */
export async function latestOutboxMessage(dir: string, address: string): Promise<OutboxMessage | undefined> {
  return (await outboxMessagesFor(dir, address)).at(-1);
}

/** Polls for a message to `address` newer than the `after` count (e2e: the server writes it asynchronously). */
export async function waitForOutboxMessage(
  dir: string,
  address: string,
  { timeoutMs = 5000, after = 0 }: { timeoutMs?: number; after?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await outboxMessagesFor(dir, address);
    if (messages.length > after) return messages.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} in ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A To/From header as one line, `Name <address>, …` (mailparser gives an object or a list of groups). */
function addressText(header: AddressObject | AddressObject[] | undefined): string {
  const groups = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return groups
    .flatMap((group) => group.value)
    .map(({ name, address = '' }) => (name ? `${name} <${address}>` : address))
    .join(', ');
}

function extractAddresses(header: string): string[] {
  return [...header.matchAll(/[^\s<>,"]+@[^\s<>,"]+/g)].map((m) => m[0].toLowerCase());
}
