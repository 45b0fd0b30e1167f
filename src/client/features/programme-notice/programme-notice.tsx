import { getLoyaltyProgramme, type ProgrammeNotice as Notice } from '#shared/api/loyalty-programme.ts';
import { callApi } from '#client/lib/http.ts';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { useRemote } from '#client/lib/use-remote.ts';

// The loyalty programme's pause or end on every page, from the announcement (portal.md §4.7). Only
// this check is on a page's start, and it waits for the page's load; the notice comes in its own
// chunk, and only when there is one.

const ProgrammeNoticeBar = lazyComponent(
  () => import('./programme-notice-bar.tsx').then((module) => module.ProgrammeNoticeBar),
  { failed: () => null },
);

/** Resolves once the page has loaded (at once if it has); never after `signal` is aborted. */
function pageLoaded(signal: AbortSignal): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true, signal }));
}

/** The notice, after the page's load; offline there is nothing to ask. */
async function loadNotice(signal: AbortSignal): Promise<Notice> {
  await pageLoaded(signal);
  if (!navigator.onLine) return null;
  return (await callApi(getLoyaltyProgramme, { signal })).programme;
}

export function ProgrammeNotice() {
  // A failed call is only a notice not shown: the failure is not shown.
  const notice = useRemote(loadNotice).data;
  return notice ? <ProgrammeNoticeBar notice={notice} /> : null;
}
