import { getLoyaltyProgramme, type ProgrammeNotice as Notice } from '#shared/api/loyalty-programme.ts';
import { hasNoConnection } from '#client/lib/connection.ts';
import { callApi } from '#client/lib/http.ts';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { useRemote } from '#client/lib/use-remote.ts';

// The loyalty programme's pause or end on every page, from the announcement (portal.md §4.7). The
// shell mounts this check only once the page has loaded (routes/-shell/notices.tsx, lib/after-load.ts);
// the notice comes in its own chunk, and only when there is one.

const ProgrammeNoticeBar = lazyComponent(
  () => import('./programme-notice-bar.tsx').then((module) => module.ProgrammeNoticeBar),
  { failed: () => null },
);

/** The notice; with no connection there is nothing to ask. */
async function loadNotice(signal: AbortSignal): Promise<Notice> {
  if (hasNoConnection()) return null;
  return (await callApi(getLoyaltyProgramme, { signal })).programme;
}

export function ProgrammeNotice() {
  // A failed call is only a notice not shown: the failure is not shown.
  const notice = useRemote(loadNotice).data;
  return notice ? <ProgrammeNoticeBar notice={notice} /> : null;
}
