import { useCallback, useState } from 'react';
import type { CourierStop } from '#shared/screens/courier.ts';
import { savedCopyAt, useNoConnection } from '#client/lib/connection.ts';
import { ApiError } from '#client/lib/http.ts';
import { whenHydrated } from '#client/lib/persist-hydration.ts';
import { useRemote, type Remote } from '#client/lib/use-remote.ts';
import { loadDay, loadStop } from './api.ts';
import { savedStop, savedStopAt, useCourierRoute } from './route-store.ts';

// One way to load (ADR 0029): a remote value whose loader writes the phone's copy once it is read
// back; the copy is shown while loading, on failure and offline, with its age.

export interface Shown<T> {
  remote: Remote<T>;
  /** The server's answer, or the saved copy; null while neither is there. */
  value: T | null;
  /** 'Обновлено … назад' when a saved copy is shown, else null. */
  savedAt: number | null;
  /** The saved copy has been read back (before that, a skeleton rather than 'nothing'). */
  hydrated: boolean;
}

/** Fetches a day and keeps it on the phone for this account. */
export async function fetchAndSaveDay(date: string, ownerId: number, signal: AbortSignal): Promise<CourierStop[]> {
  const stops = await loadDay(date, signal);
  await whenHydrated(useCourierRoute);
  if (!signal.aborted) useCourierRoute.getState().saveDay(date, { stops, fetchedAt: Date.now(), ownerId });
  return stops;
}

export function useCourierDay(userId: number, date: string): Shown<CourierStop[]> {
  const load = useCallback((signal: AbortSignal) => fetchAndSaveDay(date, userId, signal), [date, userId]);
  const reloads = useCourierRoute((state) => state.reloads);
  const remote = useRemote(load, `${userId}:${date}#${reloads}`);
  const saved = useCourierRoute((state) => state.days[date]);
  const hydrated = useCourierRoute((state) => state.hydrated);
  const noConnection = useNoConnection();
  const copy = saved !== undefined && saved.ownerId === userId ? saved : null;
  if (remote.data !== null && !remote.failure) return { remote, value: remote.data, savedAt: null, hydrated };
  if (copy !== null && !remote.loading) {
    const savedAt = savedCopyAt(copy.fetchedAt, { cached: false, failed: remote.failure !== undefined, noConnection });
    return { remote, value: copy.stops, savedAt, hydrated };
  }
  // While loading: the copy at once (a cold start), its age only once the load has failed.
  return { remote, value: remote.data ?? copy?.stops ?? null, savedAt: null, hydrated };
}

/** A stop's card: and `gone`, the server no longer gives this courier the stop (404: cancelled, given to another). */
export function useCourierStop(userId: number, id: number): Shown<CourierStop> & { gone: boolean } {
  const [gone, setGone] = useState(false);
  const load = useCallback(
    async (signal: AbortSignal) => {
      try {
        const stop = await loadStop(id, signal);
        await whenHydrated(useCourierRoute);
        if (!signal.aborted) useCourierRoute.getState().saveStop(stop, userId);
        setGone(false);
        return stop;
      } catch (error) {
        // Only the server's own 404: a failed network is no news about the stop.
        if (!signal.aborted && error instanceof ApiError && error.status === 404) setGone(true);
        throw error;
      }
    },
    [id, userId],
  );
  const reloads = useCourierRoute((state) => state.reloads);
  const remote = useRemote(load, `${userId}:${id}#${reloads}`);
  const days = useCourierRoute((state) => state.days);
  const hydrated = useCourierRoute((state) => state.hydrated);
  const noConnection = useNoConnection();
  const copy = savedStop(days, id, userId);
  const copyAt = savedStopAt(days, id, userId);
  if (remote.data !== null && !remote.failure) return { remote, value: remote.data, savedAt: null, hydrated, gone };
  // The saved copy of a stop that is gone would offer actions the server can only refuse.
  if (gone && remote.failure) return { remote, value: null, savedAt: null, hydrated, gone };
  const savedAt =
    copy !== null && copyAt !== null && !remote.loading
      ? savedCopyAt(copyAt, { cached: false, failed: remote.failure !== undefined, noConnection })
      : null;
  return { remote, value: remote.data ?? copy, savedAt, hydrated, gone };
}
