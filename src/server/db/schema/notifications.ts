import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestampTz } from '../columns.ts';
import { clientId, clients } from './accounts.ts';
import { tickets } from './tickets.ts';
import { stops } from './couriers.ts';
import { files } from './repair-requests.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    clientId: clientId(),
    description: text('description').notNull(),
    /** The ticket it is about, if any: the page links the notification there. */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    isViewed: boolean('is_viewed').notNull().default(false),
    createdAt: createdAt(),
    /**
     * A colleague's copy of the owner's notification names the owner's (issue 41, ADR 0054); one copy
     * per colleague, so the fan-out cannot write one twice. Null for a notification of the account's own.
     */
    copyOf: integer('copy_of').references((): AnyPgColumn => notifications.id, { onDelete: 'set null' }),
    /** A courier's notification about a change to their day: the stop it is about (migration 0028). */
    stopId: integer('stop_id').references(() => stops.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('notifications_client_idx').on(t.clientId, t.id.desc()),
    uniqueIndex('notifications_copy_key').on(t.copyOf, t.clientId),
  ],
);

/**
 * The site's promo banner (portal.md §2.3, §4.6), set by the back office (PUT /api/v1/banner): one
 * row, id 1. Its image is public while the active banner shows it (services/access/access.ts).
 */
export const siteBanner = pgTable('site_banner', {
  id: integer('id').primaryKey().default(1),
  isActive: boolean('is_active').notNull(),
  link: text('link'),
  imageFileId: integer('image_file_id').references(() => files.id),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

/** A browser's Web Push subscription (its PushSubscription), per account; an endpoint belongs to one account. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serialId(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as PushSubscription.toJSON() gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_client_idx').on(t.clientId),
  ],
);

/**
 * The outbox of deliveries outside the app (ADR 0019): one row per notification and channel, written
 * in the notification's transaction and sent by the delivery loop with retries. The bot's own
 * answers to a chat and every e-mail (ADR 0045) go the same way, without a notification.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'telegram' | 'push' | 'email'>().notNull(),
    telegramChatId: text('telegram_chat_id'),
    pushSubscriptionId: integer('push_subscription_id').references(() => pushSubscriptions.id, {
      onDelete: 'set null',
    }),
    text: text('text').notNull(),
    /** An e-mail's kind (e.g. `registration-code`): what a failure log names, never the content. */
    mailKind: text('mail_kind'),
    /**
     * An account e-mail (code, link, password), sealed with the mail key (ADR 0045): it may hold a
     * secret the database otherwise keeps only hashed. Set to null once the row is finished.
     */
    mailBody: text('mail_body'),
    /** The page a tap opens (the path of the portal). */
    url: text('url').notNull(),
    state: text('state').$type<'pending' | 'sent' | 'failed' | 'dropped'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    /** A sender's claim: another process leaves the row alone until then (a crashed sender's claim runs out). */
    lockedUntil: timestampTz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: timestampTz('done_at'),
  },
  (t) => [
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('notification_deliveries_chat_idx')
      .on(t.telegramChatId)
      .where(sql`${t.state} = 'pending'`),
  ],
);
