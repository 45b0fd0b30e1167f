import { useEffect, useState } from 'react';
import { getLoyaltyProgramme, type ProgrammeNotice as Notice } from '#shared/api/loyalty-programme.ts';
import { callApi } from '#client/lib/http.ts';
import { lazyComponent } from '#client/lib/lazy-component.tsx';

// The loyalty programme's pause or end on every page, from the announcement (portal.md §4.7). Only
// this check is on a page's start, and it waits for the page's load; the notice comes in its own
// chunk, and only when there is one.

const ProgrammeNoticeBar = lazyComponent(
  () => import('./programme-notice-bar.tsx').then((module) => module.ProgrammeNoticeBar),
  { failed: () => null },
);

/** Runs `then` once the page has loaded (at once if it has). */
function afterLoad(then: () => void): () => void {
  if (document.readyState === 'complete') {
    then();
    return () => undefined;
  }
  window.addEventListener('load', then, { once: true });
  return () => window.removeEventListener('load', then);
}

export function ProgrammeNotice() {
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    let live = true;
    const stop = afterLoad(() => {
      // Offline there is nothing to ask; a failed call is only a notice not shown.
      if (!navigator.onLine) return;
      callApi(getLoyaltyProgramme).then(
        (answer) => live && setNotice(answer.programme),
        () => undefined,
      );
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  return notice ? <ProgrammeNoticeBar notice={notice} /> : null;
}
