// Reads the `.eml` files the outbox mailer writes, for tests and e2e runs that need an e-mailed
// code or link. Pure node on purpose: Playwright scripts import it without the app.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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

export function readOutboxFile(file: string): OutboxMessage {
  const raw = readFileSync(file, 'utf8');
  const { headers, body } = splitMessage(raw);
  const parts = leafParts(headers, body);
  const text = parts.find((p) => p.type === 'text/plain');
  const html = parts.find((p) => p.type === 'text/html');
  return {
    file,
    to: decodeWords(headers.get('to') ?? ''),
    from: decodeWords(headers.get('from') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: text?.content ?? '',
    html: html?.content,
    raw,
  };
}

/** Every message to `address` (case-insensitive), oldest first. */
export function outboxMessagesFor(dir: string, address: string): OutboxMessage[] {
  const wanted = address.trim().toLowerCase();
  return listOutbox(dir)
    .map(readOutboxFile)
    .filter((m) => extractAddresses(m.to).includes(wanted));
}

/** The newest message to `address`, or undefined. */
export function latestOutboxMessage(dir: string, address: string): OutboxMessage | undefined {
  return outboxMessagesFor(dir, address).at(-1);
}

/** Polls for a message to `address` newer than the `after` count (e2e: the server writes it asynchronously). */
export async function waitForOutboxMessage(
  dir: string,
  address: string,
  { timeoutMs = 5000, after = 0 }: { timeoutMs?: number; after?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = outboxMessagesFor(dir, address);
    if (messages.length > after) return messages.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} in ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function extractAddresses(header: string): string[] {
  return [...header.matchAll(/[^\s<>,"]+@[^\s<>,"]+/g)].map((m) => m[0].toLowerCase());
}

type Headers = Map<string, string>;

function splitMessage(raw: string): { headers: Headers; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Headers = new Map();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leafParts(headers: Headers, body: string): { type: string; content: string }[] {
  const contentType = headers.get('content-type') ?? 'text/plain; charset=utf-8';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => {
        const part = splitMessage(section.replace(/^\n/, ''));
        return leafParts(part.headers, part.body);
      });
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = /charset="?([^";]+)"?/i.exec(contentType)?.[1] ?? 'utf-8';
  return [{ type, content: decodeBody(body, encoding, charset).replace(/\n$/, '') }];
}

function decodeBody(body: string, encoding: string, charset: string): string {
  const decoder = new TextDecoder(charset);
  if (encoding === 'base64') return decoder.decode(Buffer.from(body.replace(/\s+/g, ''), 'base64'));
  if (encoding === 'quoted-printable') return decoder.decode(decodeQuotedPrintable(body));
  return body;
}

function decodeQuotedPrintable(text: string): Uint8Array {
  const unfolded = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const ch = unfolded[i]!;
    const hex = unfolded.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Uint8Array.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`) in headers such as Subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, kind: string, data: string) => {
      const decoder = new TextDecoder(charset);
      if (kind.toUpperCase() === 'B') return decoder.decode(Buffer.from(data, 'base64'));
      return decoder.decode(decodeQuotedPrintable(data.replace(/_/g, ' ')));
    });
}
