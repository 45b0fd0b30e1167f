import { asc, gt } from 'drizzle-orm';
import type { FeedPage } from '#shared/api/integration.ts';
import type { AppDeps } from '#server/context.ts';
import { events } from '#server/db/schema/platform.ts';

// GET /events: the feed in id order. recordEvent makes writers commit in id order, so a reader
// that resumes after the last id it saw never skips a late commit.

export async function listEvents(deps: AppDeps, after: number, limit: number): Promise<FeedPage> {
  const rows = await deps.database.db
    .select()
    .from(events)
    .where(gt(events.id, after))
    .orderBy(asc(events.id))
    .limit(limit);
  return {
    events: rows.map((row) => ({
      id: row.id,
      type: row.type,
      created_at: row.createdAt.toISOString(),
      client_id: row.clientId,
      ticket_id: row.ticketId,
      payload: (row.payload ?? {}) as Record<string, unknown>,
    })),
    next: rows.at(-1)?.id ?? after,
  };
}
