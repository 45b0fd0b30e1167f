import { DAY_MS } from '#shared/durations.ts';

/** The outbox keeps an entry at most a week (sw/outbox-drain.ts MAX_RETRY_AGE_MS), and a day more. */
const PAGE_MOMENT_MAX_AGE_MS = 8 * DAY_MS;

/**
 * When the phone says it was done: its moment when the outbox could have held the entry that long,
 * else now. A clock ahead, or a claim older than any queued entry, gains nothing.
 */
export function trustedPageMoment(at: string | null, now: Date): Date {
  const sent = at === null ? Number.NaN : Date.parse(at);
  return sent <= now.getTime() && sent >= now.getTime() - PAGE_MOMENT_MAX_AGE_MS ? new Date(sent) : now;
}
