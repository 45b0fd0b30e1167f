import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppDeps, Config, MailMessage } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { notificationDeliveries, notifications } from '#server/db/schema/notifications.ts';
import { keptKeyInFile, seal, SealedTextError, unseal } from '#server/lib/sealed-text.ts';
import { MAIL_KEY_FILE } from '#server/lib/key-files.ts';

// E-mail through the deliveries outbox (ADR 0045): a mail is a row written in the transaction of
// what it tells (a code, a new account, a notification) and sent by the delivery loop, so a relay
// that is down or slow delays the mail, never the request, and the mail is retried until it goes.
// An account mail may carry a secret the database otherwise keeps only hashed (a code, a reset link,
// a password), so its whole message is sealed with the mail key and cleared once the row is finished.

const MAIL_CONTEXT = 'queued-mail';

/** MAIL_QUEUE_KEY, or the key made once in DATA_DIR. */
export function mailQueueKey(config: Config): Buffer {
  return config.mailQueueKey ?? keptKeyInFile(path.join(config.dataDir, MAIL_KEY_FILE));
}

/** Puts a mail in the outbox, in the caller's transaction: it goes once that commits. */
export async function queueMail(
  deps: Pick<AppDeps, 'config' | 'now'>,
  db: Db | Tx,
  message: MailMessage,
): Promise<void> {
  const kind = message.kind ?? 'mail';
  const at = deps.now();
  await db.insert(notificationDeliveries).values({
    channel: 'email',
    text: kind,
    url: '',
    mailKind: kind,
    mailBody: seal(mailQueueKey(deps.config), JSON.stringify(message), MAIL_CONTEXT),
    nextAttemptAt: at,
    createdAt: at,
  });
}

/**
 * A warning mail (password changed, address changed, failed logins) that must never turn the answer
 * into an error: a failure to queue it is logged, the caller's work stands.
 */
export async function queueMailQuietly(
  deps: Pick<AppDeps, 'config' | 'now' | 'database' | 'log'>,
  message: MailMessage,
) {
  try {
    await queueMail(deps, deps.database.db, message);
  } catch (error) {
    deps.log.error('mail not queued', { kind: message.kind, error });
  }
}

/** The queued account mail; null when it does not open (MAIL_QUEUE_KEY changed, or altered). */
export function openQueuedMail(config: Config, sealed: string): MailMessage | null {
  try {
    return JSON.parse(unseal(mailQueueKey(config), sealed, MAIL_CONTEXT)) as MailMessage;
  } catch (error) {
    if (error instanceof SealedTextError || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** The login address of the clinic a notification is for, read when its mail goes (it may have changed). */
export async function notificationAddress(db: Db, notificationId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: clients.email })
    .from(notifications)
    .innerJoin(clients, eq(clients.id, notifications.clientId))
    .where(eq(notifications.id, notificationId));
  return row?.email ?? null;
}

const SIGNATURE =
  '\n\n—\nСервисный центр по ремонту стоматологических инструментов\nЭто письмо отправлено автоматически, отвечать на него не нужно.';

/** A notification's copy by e-mail ('Дублировать уведомления на e-mail'), with the page it links to. */
export function notificationMail(to: string, text: string, link: string): MailMessage {
  const firstLine = text.split('\n')[0] ?? '';
  return {
    kind: 'notification',
    to,
    subject: firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine || 'Уведомление',
    text: `Здравствуйте!\n\n${text}\n\nПодробнее в личном кабинете:\n${link}${SIGNATURE}`,
  };
}
