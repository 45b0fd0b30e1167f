import { and, between, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { HISTORY_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE, type Notification } from '#shared/screens/notifications.ts';
import type { HistoryItem } from '#shared/api/tickets.ts';
import { formatServerTimestamp } from '#shared/format/server-timestamp.ts';
import type { Db } from '#server/db/client.ts';
import { historyEntries } from '#server/db/schema/tickets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { stops } from '#server/db/schema/couriers.ts';
import { courierWindow } from '#server/lib/courier-window.ts';
import { cursorTimestamp, decodeTimestampCursor, encodeTimestampCursor } from '#server/services/keyset-cursor.ts';

// The clinic's own notifications and history (cabinet.md §2 Notifications, History): its own only,
// never a colleague's who gave it access; newest first.

/** created_at to the microsecond, as the cursor carries it (JS dates keep milliseconds only). */
const exactCreatedAt = cursorTimestamp(notifications.createdAt);

/** Newest first by when they were made (the back office may post an older one later), keyset on (created_at, id). */
export async function listNotifications(
  db: Db,
  viewerId: number,
  cursor: string | undefined,
  limit = NOTIFICATIONS_PAGE_SIZE,
  now = new Date(),
): Promise<{ data: Notification[]; next_cursor: string | null }> {
  const key = cursor ? decodeTimestampCursor(cursor) : null;
  const rows = await db
    .select({ row: notifications, exactCreatedAt, stopOnRoute: stops.id })
    .from(notifications)
    // A courier's notice links to its stop while the card would open it (still the courier's, not
    // cancelled, within the days the courier reads: ADR 0042); else the page links to the route.
    .leftJoin(
      stops,
      and(
        eq(stops.id, notifications.stopId),
        eq(stops.courierId, viewerId),
        isNull(stops.cancelledAt),
        between(stops.date, ...courierWindow(now)),
      ),
    )
    .where(
      and(
        eq(notifications.clientId, viewerId),
        key ? sql`(${notifications.createdAt}, ${notifications.id}) < (${key.at}::timestamptz, ${key.id})` : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(({ row, stopOnRoute }) => ({
      id: row.id,
      description: row.description,
      created_at: formatServerTimestamp(row.createdAt),
      is_viewed: row.isViewed,
      ticket_id: row.ticketId,
      stop_id: stopOnRoute,
    })),
    next_cursor:
      rows.length > limit && last ? encodeTimestampCursor({ at: last.exactCreatedAt, id: last.row.id }) : null,
  };
}

/** Marks the viewer's own notifications among `ids` read; resolves to how many stay unread. */
export async function markRead(db: Db, viewerId: number, ids: readonly number[]): Promise<number> {
  if (ids.length > 0) {
    await db
      .update(notifications)
      .set({ isViewed: true })
      .where(and(eq(notifications.clientId, viewerId), inArray(notifications.id, [...new Set(ids)])));
  }
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.clientId, viewerId), eq(notifications.isViewed, false)));
  return Number(row?.unread ?? 0);
}

export async function listAccountHistory(
  db: Db,
  viewerId: number,
  page: number,
): Promise<{ data: HistoryItem[]; last_page: number; current_page: number }> {
  const [total] = await db.select({ n: count() }).from(historyEntries).where(eq(historyEntries.clientId, viewerId));
  const lastPage = Math.max(1, Math.ceil(Number(total?.n ?? 0) / HISTORY_PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const rows = await db
    .select()
    .from(historyEntries)
    .where(eq(historyEntries.clientId, viewerId))
    .orderBy(desc(historyEntries.createdAt), desc(historyEntries.id))
    .limit(HISTORY_PAGE_SIZE)
    .offset((current - 1) * HISTORY_PAGE_SIZE);
  return { data: rows.map(historyItemOf), last_page: lastPage, current_page: current };
}

/** A history row as the API shows it: the История list here, a ticket's history on its page. */
export function historyItemOf(row: typeof historyEntries.$inferSelect): HistoryItem {
  return {
    created_at: formatServerTimestamp(row.createdAt),
    description: row.description,
    subject: { type: row.subjectType, id: row.subjectId },
    ticket_id: row.ticketId,
  };
}
