import { DAY_MS } from '#shared/durations.ts';
// The programme's pauses and ends (portal.md §4.7 "Programme end"), read from its announcements
// and the clock: announced at least 7 days ahead; from the announcement nothing more is credited;
// at `ends_on` every unused point is annulled. A later announcement made before an end cancels it
// (`active` again, or a new date); an end that has come stays, so points it annulled never revive.

export const NOTICE_MS = 7 * DAY_MS;

export interface ProgrammeChange {
  id: number;
  state: 'active' | 'paused' | 'ending';
  endsOn: Date | null;
  announcedAt: Date;
}

export interface ProgrammeStatus {
  /** The newest announcement's state ('active' when there never was one). */
  state: 'active' | 'paused' | 'ending';
  endsOn: Date | null;
  announcedAt: Date | null;
  /** Whether points are credited now: not from a pause or end being announced. */
  crediting: boolean;
  /** Moments every unused point was annulled (ends that have come), ascending. */
  ends: Date[];
}

export function programmeStatus(changes: readonly ProgrammeChange[], now: Date): ProgrammeStatus {
  const ordered = [...changes].sort((a, b) => a.id - b.id);
  const ends: Date[] = [];
  ordered.forEach((change, index) => {
    const next = ordered[index + 1];
    if (change.state === 'active' || !change.endsOn || change.endsOn > now || change.announcedAt > now) return;
    if (next && next.announcedAt < change.endsOn) return;
    ends.push(change.endsOn);
  });
  const latest = ordered.at(-1);
  const state = latest && latest.announcedAt <= now ? latest.state : 'active';
  return {
    state,
    endsOn: latest && state !== 'active' ? latest.endsOn : null,
    announcedAt: latest && state !== 'active' ? latest.announcedAt : null,
    crediting: state === 'active',
    ends: ends.sort((a, b) => a.getTime() - b.getTime()),
  };
}
