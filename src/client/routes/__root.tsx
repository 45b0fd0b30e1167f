import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { UserData } from '#shared/api/account.ts';
import { createRootRoute, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { AppShell } from '#client/components/layout/app-shell.tsx';
import { isCabinetPath } from '#client/components/layout/cabinet-links.ts';
import { Header } from '#client/components/layout/header.tsx';
import { OfflineBanner } from '#client/components/layout/offline-banner.tsx';
import { NotFoundScreen } from '#client/components/layout/status-screens.tsx';
import { TabBar } from '#client/components/layout/tab-bar.tsx';
import { PopupPending } from '#client/components/ui/popup-pending.tsx';
import { selectAccountKnown, useAccountStore } from '#client/features/account/account-store.ts';
import { openLoginForNewAccount, useAuthDialog } from '#client/features/account/auth-dialog-store.ts';
import { ShownAccountContext } from '#client/features/account/shown-account.ts';
import { useAccountLifeCycle, useLogout } from '#client/features/account/use-account-life-cycle.ts';
import { NotificationBell } from '#client/features/notifications/notification-bell.tsx';
import { FeedbackBox } from '#client/features/feedback/feedback-box.tsx';
import { PromocodeLinkHost } from '#client/features/promocode/promocode-link-host.tsx';
import { useOfflineCopiesAtIdle } from '#client/features/repair/offline-copies-at-idle.ts';
import { useRepairSheet } from '#client/features/repair/repair-sheet-store.ts';
import { useLoadedAndIdle } from '#client/lib/after-load.ts';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { useStandalone } from '#client/lib/standalone.ts';

// What the first paint does not need comes in chunks of its own (docs/decisions/0012-code-splitting-and-cold-start.md): the panels
// and popups when first opened, the notices once the page has loaded.
const MorePanel = lazyComponent(
  () => import('#client/components/layout/more-panel.tsx').then((module) => module.MorePanel),
  { fallback: <PopupPending /> },
);
const AuthHost = lazyComponent(
  () => import('#client/features/account/auth-host.tsx').then((module) => module.AuthHost),
  { fallback: <PopupPending /> },
);
const RepairSheetHost = lazyComponent(
  () => import('#client/features/repair/repair-sheet-host.tsx').then((module) => module.RepairSheetHost),
  { fallback: <PopupPending /> },
);
const ShellNotices = lazyComponent(() => import('./-shell/notices.tsx').then((module) => module.ShellNotices), {
  failed: () => null,
});
// The installed app's More panel offers Web Push for this device; the switch comes when the panel opens.
const PushSwitch = lazyComponent(() =>
  import('#client/features/push/push-switch.tsx').then((module) => module.PushSwitch),
);
const QuizDialog = lazyComponent(() =>
  import('#client/features/quiz/quiz-dialog.tsx').then((module) => module.QuizDialog),
);

/** How long the notices wait for an idle moment after the page's load. */
const NOTICES_IDLE_TIMEOUT_MS = 1000;

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
});

/**
 * The app shell. It renders at once from the persisted account (no blank screen while the user
 * data loads) and refreshes it in the background; the features keep their own state, the root
 * composes them.
 */
function RootLayout() {
  useAccountLifeCycle();
  // Deferred: the account's answer (the store's updates are synchronous) re-renders the whole shell,
  // on a first visit together with the page it lets in. At a deferred priority React splits that
  // render into short slices instead of one long task a slow phone's taps wait behind. The first
  // render starts from 'not known yet' (as it mostly is) even when the answer came before it, so a
  // fast answer does not make the first render that one long task either.
  const user = useDeferredValue(
    useAccountStore((state) => state.user),
    null,
  );
  const ready = useDeferredValue(useAccountStore(selectAccountKnown), false);
  const checked = useDeferredValue(
    useAccountStore((state) => state.checked),
    false,
  );
  return <Shell user={user} ready={ready} checked={checked} />;
}

interface ShellProps {
  user: UserData | null;
  /** Who is here is known (selectAccountKnown). */
  ready: boolean;
  /** This page's first user-data request has settled. */
  checked: boolean;
}

/** Memoised: the account's answer renders it only in the deferred pass, with the new account. */
const Shell = memo(function Shell({ user, ready, checked }: ShellProps) {
  const standalone = useStandalone();
  const refresh = useAccountStore((state) => state.refresh);
  const authView = useAuthDialog((state) => state.view);
  const openAuth = useAuthDialog((state) => state.open);
  const closeAuth = useAuthDialog((state) => state.close);
  const repairWanted = useRepairSheet((state) => state.wanted);
  const openRepair = useRepairSheet((state) => state.show);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  const inCabinet = isCabinetPath(pathname);
  const [moreOpen, setMoreOpen] = useState(false);
  const [moreWanted, setMoreWanted] = useState(false);
  const loaded = useLoadedAndIdle(NOTICES_IDLE_TIMEOUT_MS);
  useOfflineCopiesAtIdle(user, loaded);
  const handleLogout = useLogout();
  const refreshAccount = useCallback(() => void refresh(), [refresh]);

  // The bonus survey's popup (portal.md §2.7): from the header's item, or the More panel on phones.
  const [quizOpen, setQuizOpen] = useState(false);
  const openQuiz = useCallback(() => setQuizOpen(true), []);
  const survey = user?.quiz_available ? openQuiz : undefined;

  // A navigation closes the shell's panels, and in the installed app the in-place auth form.
  const lastPathname = useRef(pathname);
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    setMoreOpen(false);
    useRepairSheet.getState().close();
    if (standalone) closeAuth();
  }, [pathname, standalone, closeAuth]);

  const login = useCallback(() => openAuth('login'), [openAuth]);
  const openMore = useCallback(() => {
    setMoreWanted(true);
    setMoreOpen(true);
  }, []);
  const authFromRepair = useCallback(
    (view: 'login' | 'reset', email?: string) => openAuth(view, { stayOnPage: true, email: email ?? null }),
    [openAuth],
  );

  // Installed app: a guest's cabinet page shows the login in its place, and the cabinet guard opens
  // it again whenever it is closed. Closing it there leaves the cabinet for the home page instead (in
  // place of the cabinet entry, which was never shown); the navigation then closes the form.
  const closeInPlaceAuth = useCallback(() => {
    if (user === null && inCabinet) void navigate({ to: '/', replace: true });
    else closeAuth();
  }, [user, inCabinet, navigate, closeAuth]);

  // Installed app: the auth forms replace the page (kept mounted, so its state survives).
  const authInPlace = standalone && authView !== null;
  // The forms' host: when a form opens, or for a guest once the page has loaded (it fetches the forms then).
  const guest = checked && user === null;
  const authHostWanted = authView !== null || (guest && loaded);
  // Who is logged in, and the login, as the header and the phone's tab bar both show them.
  const account = { user, ready, onLogin: login };

  const shownAccount = useMemo(() => ({ user, ready }), [user, ready]);

  // The courier's section brings its own shell and tab bar (routes/courier/route.tsx, a lazy chunk; ADR 0047).
  if (pathname.startsWith('/courier')) return <Outlet />;
  return (
    <ShownAccountContext value={shownAccount}>
      <AppShell
        standalone={standalone}
        header={
          <Header
            {...account}
            inCabinet={inCabinet}
            authInPlace={authInPlace}
            onLogout={handleLogout}
            onSurvey={survey}
            actions={user ? <NotificationBell unread={user.unread_notifications} onClosed={refreshAccount} /> : null}
          />
        }
        footerExtra={<FeedbackBox loggedIn={ready && user !== null} />}
        tabBar={
          <TabBar {...account} standalone={standalone} moreOpen={moreOpen} onRepair={openRepair} onMore={openMore} />
        }
        overlays={
          <>
            {moreWanted ? (
              <MorePanel
                open={moreOpen}
                onClose={() => setMoreOpen(false)}
                user={user}
                standalone={standalone}
                onRepair={openRepair}
                onLogin={login}
                onLogout={handleLogout}
                deviceSettings={standalone && moreOpen ? <PushSwitch /> : null}
                onSurvey={survey}
              />
            ) : null}
            {repairWanted ? (
              <RepairSheetHost
                standalone={standalone}
                user={user}
                authOpen={authView !== null}
                openAuth={authFromRepair}
                onNewAccountLogin={openLoginForNewAccount}
                onAccountChange={refreshAccount}
              />
            ) : null}
            {!standalone && authHostWanted ? <AuthHost standalone={false} /> : null}
            <PromocodeLinkHost
              account={checked ? (user ? 'user' : 'guest') : null}
              onLogin={login}
              onApplied={refreshAccount}
            />
            {quizOpen ? (
              <QuizDialog
                onClose={() => {
                  // Closing resets the survey and reloads the user data (portal.md §4.4).
                  setQuizOpen(false);
                  void refresh();
                }}
              />
            ) : null}
            {loaded ? <ShellNotices standalone={standalone} unpaidBills={user ? user.unpaid_bills : null} /> : null}
          </>
        }
      >
        {/* Above the page, in its flow: it pushes the content down instead of covering it. */}
        <OfflineBanner />
        {standalone && authHostWanted ? <AuthHost standalone onClose={closeInPlaceAuth} /> : null}
        <div hidden={authInPlace}>
          <Outlet />
        </div>
      </AppShell>
    </ShownAccountContext>
  );
});
