import type { ProgrammeNotice } from '#shared/api/loyalty-programme.ts';
import type { Db } from '#server/db/client.ts';
import { loyaltyProgrammeChanges } from '#server/db/schema/loyalty.ts';
import { programmeStatus, type ProgrammeStatus } from '#server/services/loyalty/programme-rules.ts';

// The programme's notice (portal.md §4.7: the site shows it from the announcement), for the Бонусы
// page and the public call the shell asks on every page.

/** The notice of a programme status: null while it runs; `ended` once its date has come. */
export function noticeOf(programme: ProgrammeStatus, now: Date): ProgrammeNotice {
  if (programme.state === 'active') return null;
  const ended = programme.endsOn !== null && programme.endsOn <= now;
  return { state: programme.state, ends_on: programme.endsOn ? programme.endsOn.toISOString() : null, ended };
}

/** The notice now, from the announcements (a handful of rows: one per announcement). */
export async function currentProgrammeNotice(db: Db, now: Date): Promise<ProgrammeNotice> {
  const changes = await db.select().from(loyaltyProgrammeChanges);
  return noticeOf(programmeStatus(changes, now), now);
}
