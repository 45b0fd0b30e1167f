// Gauges read when scraped: the deliveries waiting and the event feed from the shared database,
// the back office's last read of the feed and the last backup from this process's memory. With
// workers the database's numbers are the same in each, so they are merged with max, not summed.
import { count, eq, max, min } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { Database } from '#server/db/client.ts';
import { notificationDeliveries } from '#server/db/schema/notifications.ts';
import { events } from '#server/db/schema/platform.ts';
import { registry } from './registry.ts';

let database: Database | undefined;
let now: () => Date = () => new Date();

/** The database the scrape-time gauges read (the app's, set by createApp when metrics are on). */
export function watchDatabase(watched: Database, clock: () => Date): void {
  database = watched;
  now = clock;
}

const seconds = (date: Date) => Math.max(0, (now().getTime() - date.getTime()) / 1000);

interface Waiting {
  channel: string;
  waiting: number;
  oldest: Date | null;
}

/** One statement for both delivery gauges: a scrape collects them together, so they share it while it runs. */
let waitingRead: Promise<Waiting[] | null> | undefined;
function waitingDeliveries(): Promise<Waiting[] | null> {
  if (!database) return Promise.resolve(null);
  if (waitingRead) return waitingRead;
  const table = notificationDeliveries;
  waitingRead = database.db
    .select({ channel: table.channel, waiting: count(), oldest: min(table.createdAt) })
    .from(table)
    .where(eq(table.state, 'pending'))
    .groupBy(table.channel)
    // A database that does not answer must not take the other metrics down with it: no samples.
    .catch(() => null)
    .finally(() => (waitingRead = undefined));
  return waitingRead;
}

const CHANNELS = ['email', 'telegram', 'push'] as const;

/** A gauge of the waiting deliveries with one sample per channel, `valueOf` its channel's row (none: no row). */
function deliveriesGauge(name: string, help: string, valueOf: (row: Waiting | undefined) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['channel'],
    registers: [registry],
    aggregator: 'max',
    async collect() {
      this.reset();
      const rows = await waitingDeliveries();
      if (!rows) return;
      for (const channel of CHANNELS) this.set({ channel }, valueOf(rows.find((row) => row.channel === channel)));
    },
  });
}

deliveriesGauge(
  'portal_deliveries_waiting',
  'Mail, Telegram and Web Push deliveries waiting to be sent (first try or a retry), by channel.',
  (row) => row?.waiting ?? 0,
);
deliveriesGauge(
  'portal_deliveries_oldest_waiting_seconds',
  'Age of the oldest delivery still waiting, by channel (0 when none waits).',
  (row) => (row?.oldest ? seconds(row.oldest) : 0),
);

new Gauge({
  name: 'portal_events_newest_id',
  help: "The newest event's id in the back office's feed.",
  registers: [registry],
  aggregator: 'max',
  async collect() {
    this.reset();
    if (!database) return;
    const rows = await database.db
      .select({ id: max(events.id) })
      .from(events)
      .catch(() => null);
    if (rows) this.set(Number(rows[0]?.id ?? 0));
  },
});

/** Per database: a feed's ids mean nothing in another's (a process holding several apps, the tests). */
const feedReads = new WeakMap<Database, { id: number; at: Date }>();
const watchedFeedRead = () => (database ? feedReads.get(database) : undefined);

/** The back office read `from`'s feed up to `id` (GET /api/v1/events, routes/integration/integration.ts). */
export function noteFeedRead(from: Database, id: number, at: Date): void {
  const feedRead = feedReads.get(from);
  if (!feedRead || id >= feedRead.id || at > feedRead.at)
    feedReads.set(from, { id: Math.max(id, feedRead?.id ?? 0), at });
}

new Gauge({
  name: 'portal_event_feed_last_read_id',
  help: 'The last event id the back office was given (GET /api/v1/events); absent until it reads.',
  registers: [registry],
  aggregator: 'max',
  collect() {
    this.reset();
    const feedRead = watchedFeedRead();
    if (feedRead) this.set(feedRead.id);
  },
});

new Gauge({
  name: 'portal_event_feed_last_read_age_seconds',
  help: 'Seconds since the back office last read the event feed; absent until it reads.',
  registers: [registry],
  aggregator: 'min',
  collect() {
    this.reset();
    const feedRead = watchedFeedRead();
    if (feedRead) this.set(seconds(feedRead.at));
  },
});

let lastBackupAt: Date | undefined;

/**
 * The hook for the backups (npm run backup, and the scheduled ones): call it when a backup has been
 * written, and portal_backup_age_seconds reports its age from then on. Absent where no backup ran.
 */
export function setLastBackupAt(date: Date): void {
  lastBackupAt = date;
}

new Gauge({
  name: 'portal_backup_age_seconds',
  help: 'Seconds since the last backup was written (setLastBackupAt); absent where backups do not run.',
  registers: [registry],
  aggregator: 'min',
  collect() {
    if (lastBackupAt) this.set(seconds(lastBackupAt));
  },
});
