import { NoticeStack } from '#client/components/layout/notice-stack.tsx';
import { UpdateBanner } from '#client/components/ui/update-banner.tsx';
import { unpaidBillsSince } from '#client/features/account/unpaid-bills-clock.ts';
import { UnpaidBillsNotice } from '#client/features/bills/unpaid-bills-notice.tsx';
import { InstallInvitation } from '#client/features/install/install-invitation.tsx';
import { ProgrammeNotice } from '#client/features/programme-notice/programme-notice.tsx';
import { SiteNotices } from '#client/features/site-notices/site-notices.tsx';

export interface ShellNoticesProps {
  standalone: boolean;
  /** The logged-in user's count of unpaid bills; null for a guest. */
  unpaidBills: number | null;
}

/**
 * The notices over the page (floating, so none moves it when it comes). None is needed for the first
 * paint: the root loads them in a chunk of their own once the page has loaded.
 */
export function ShellNotices({ standalone, unpaidBills }: ShellNoticesProps) {
  return (
    <>
      {/* On every page, not only the cabinet (portal.md §Startup and mounting, §4.6). */}
      {unpaidBills !== null ? <UnpaidBillsNotice unpaidBills={unpaidBills} countSince={unpaidBillsSince} /> : null}
      {/* The banner and the ad-blocker notice, for guests too (portal.md §Startup and mounting, §4.6). */}
      <SiteNotices />
      <NoticeStack standalone={standalone}>
        <UpdateBanner />
        <InstallInvitation standalone={standalone} />
        {/* The loyalty programme's pause or end, for guests too (portal.md §4.7). */}
        <ProgrammeNotice />
      </NoticeStack>
    </>
  );
}
