import { useCallback, useEffect, useRef, useState } from 'react';
import { createRootRoute, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { AppShell } from '#client/components/layout/app-shell.tsx';
import { isCabinetPath } from '#client/components/layout/cabinet-links.ts';
import { Header } from '#client/components/layout/header.tsx';
import { MorePanel } from '#client/components/layout/more-panel.tsx';
import { NoticeStack } from '#client/components/layout/notice-stack.tsx';
import { OfflineBanner } from '#client/components/layout/offline-banner.tsx';
import { RepairSheet } from '#client/components/layout/repair-sheet.tsx';
import { NotFoundScreen } from '#client/components/layout/status-screens.tsx';
import { TabBar } from '#client/components/layout/tab-bar.tsx';
import { UpdateBanner } from '#client/components/ui/update-banner.tsx';
import { selectAccountKnown, useAccountStore } from '#client/features/account/account-store.ts';
import { AuthHost } from '#client/features/account/auth-host.tsx';
import { useAuthDialog } from '#client/features/account/auth-dialog-store.ts';
import { InstallInvitation } from '#client/features/install/install-invitation.tsx';
import { claimAccessOwners, claimAccountData } from '#client/lib/account-scoped.ts';
import { onAccountChangeElsewhere } from '#client/lib/account-sync.ts';
import { NotificationBell } from '#client/features/notifications/notification-bell.tsx';
import { UnpaidBillsNotice } from '#client/features/bills/unpaid-bills-notice.tsx';
import { FeedbackBox } from '#client/features/feedback/feedback-box.tsx';
import { SiteNotices } from '#client/features/site-notices/site-notices.tsx';
import { promocodeFromSearch } from '#client/features/promocode/promocode-link.ts';
import { ProgrammeNotice } from '#client/features/programme-notice/programme-notice.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { useStandalone } from '#client/lib/standalone.ts';

// The wizard (with its forms and the places calls) comes when the sheet opens, never on a cold start.
const RepairWizard = lazyComponent(
  () => import('#client/features/repair/repair-wizard.tsx').then((module) => module.RepairWizard),
  {
    fallback: <p role="status">Загрузка…</p>,
  },
);

// The installed app's More panel offers Web Push for this device; the switch comes when the panel opens.
const PushSwitch = lazyComponent(() =>
  import('#client/features/push/push-switch.tsx').then((module) => module.PushSwitch),
);
// A promo code from a link, and the survey: their popups come when first opened.
const PromocodeResult = lazyComponent(() =>
  import('#client/features/promocode/promocode-result.tsx').then((module) => module.PromocodeResult),
);
const QuizDialog = lazyComponent(() =>
  import('#client/features/quiz/quiz-dialog.tsx').then((module) => module.QuizDialog),
);

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
});

/**
 * The app shell. It renders at once from the persisted account (no blank screen while the user
 * data loads) and refreshes it in the background.
 */
function RootLayout() {
  const standalone = useStandalone();
  const user = useAccountStore((state) => state.user);
  const ready = useAccountStore(selectAccountKnown);
  const refresh = useAccountStore((state) => state.refresh);
  const logout = useAccountStore((state) => state.logout);
  const authView = useAuthDialog((state) => state.view);
  const openAuth = useAuthDialog((state) => state.open);
  const closeAuth = useAuthDialog((state) => state.close);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  const inCabinet = isCabinetPath(pathname);
  const [moreOpen, setMoreOpen] = useState(false);
  const [repairOpen, setRepairOpen] = useState(false);

  // Another tab changed the account's data (read notifications): this one's badges follow.
  useEffect(() => onAccountChangeElsewhere(() => void refresh()), [refresh]);

  // Fresh user data (and the CSRF token) on start and whenever the connection comes back. main.tsx
  // asks before the first render: only if that has already been answered is a second request spared.
  useEffect(() => {
    if (!useAccountStore.getState().checked) void refresh();
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refresh]);

  // Another account's tickets and bills never stay on the device: whenever the server names who is
  // here (start, login, logout, an ended session) the copies of anyone else are wiped. Before that (an
  // offline start) the saved account stands.
  const userId = user?.id ?? null;
  const checked = useAccountStore((state) => state.checked);
  useEffect(() => {
    if (checked) void claimAccountData(userId);
  }, [userId, checked]);
  // An access taken back drops the copies of that account's records too (a grantee's device).
  const accessOwners = user?.access_owner_ids.join(',') ?? '';
  useEffect(() => {
    if (checked && userId !== null)
      void claimAccessOwners(userId, accessOwners === '' ? [] : accessOwners.split(',').map(Number));
  }, [userId, checked, accessOwners]);

  // A non-empty ?promocode= (portal.md §4.2, §4.3): a guest gets the login (once the server says
  // it is a guest) and the code is applied right after logging in; a logged-in user the result popup.
  const [linkCode, setLinkCode] = useState(() => promocodeFromSearch(window.location.search));
  const guestWithCode = linkCode !== null && checked && user === null;
  useEffect(() => {
    if (guestWithCode) openAuth('login');
  }, [guestWithCode, openAuth]);
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
    setRepairOpen(false);
    if (standalone) closeAuth();
  }, [pathname, standalone, closeAuth]);

  const login = useCallback(() => openAuth('login'), [openAuth]);
  const handleLogout = useCallback(() => {
    void logout().then(() => {
      if (isCabinetPath(window.location.pathname)) void navigate({ to: '/' });
    });
  }, [logout, navigate]);
  const openRepair = useCallback(() => setRepairOpen(true), []);
  // Installed app: the wizard's 'Войти' / 'Забыли пароль?' put the form in the sheet's place;
  // once logged in the sheet comes back and the wizard goes on (portal.md §2.1 step 1).
  const [repairAfterLogin, setRepairAfterLogin] = useState(false);
  const authFromRepair = (view: 'login' | 'reset', email?: string) => {
    if (standalone) {
      setRepairOpen(false);
      setRepairAfterLogin(true);
    }
    openAuth(view, { stayOnPage: true, email: email ?? null });
  };
  /** A guest's request made the account: the sheet is done, and the login starts with the mailed e-mail. */
  const loginToNewAccount = (email: string) => {
    setRepairOpen(false);
    setRepairEntries(false);
    useAccountStore.getState().rememberVerifiedEmail(email);
    openAuth('login');
  };
  if (repairAfterLogin && (user !== null || authView === null)) {
    // Adjusted while rendering (React's pattern for state that follows other state): no extra frame without the sheet.
    setRepairAfterLogin(false);
    if (user !== null) setRepairOpen(true);
  }
  /** The wizard in the sheet holds something entered: closing asks first. */
  const [repairEntries, setRepairEntries] = useState(false);

  // Installed app: a guest's cabinet page shows the login in its place, and the cabinet guard opens
  // it again whenever it is closed. Closing it there leaves the cabinet for the home page instead (in
  // place of the cabinet entry, which was never shown); the navigation then closes the form.
  const closeInPlaceAuth = useCallback(() => {
    if (user === null && inCabinet) void navigate({ to: '/', replace: true });
    else closeAuth();
  }, [user, inCabinet, navigate, closeAuth]);

  // Installed app: the auth forms replace the page (kept mounted, so its state survives).
  const authInPlace = standalone && authView !== null;

  return (
    <AppShell
      standalone={standalone}
      header={
        <Header
          user={user}
          ready={ready}
          inCabinet={inCabinet}
          authInPlace={authInPlace}
          onLogin={login}
          onLogout={handleLogout}
          onSurvey={survey}
          actions={
            user ? <NotificationBell unread={user.unread_notifications} onClosed={() => void refresh()} /> : null
          }
        />
      }
      footerExtra={<FeedbackBox loggedIn={ready && user !== null} />}
      tabBar={
        <TabBar
          user={user}
          ready={ready}
          standalone={standalone}
          moreOpen={moreOpen}
          onLogin={login}
          onRepair={openRepair}
          onMore={() => setMoreOpen(true)}
        />
      }
      overlays={
        <>
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
          {/* On every page, not only the cabinet (portal.md Startup, §4.6). */}
          {user ? <UnpaidBillsNotice unpaidBills={user.unpaid_bills} /> : null}
          {/* The banner and the ad-blocker notice, for guests too (portal.md Startup, §4.6). */}
          <SiteNotices />
          <RepairSheet
            open={repairOpen}
            onClose={() => {
              setRepairOpen(false);
              setRepairEntries(false);
            }}
            loggedIn={user !== null}
            hasEntries={repairEntries}
          >
            {repairOpen ? (
              <RepairWizard
                user={user}
                onLogin={(email) => authFromRepair('login', email)}
                onForgotPassword={(email) => authFromRepair('reset', email)}
                onNewAccountLogin={loginToNewAccount}
                onDone={() => setRepairOpen(false)}
                onEntriesChange={setRepairEntries}
                onAccountChange={() => void refresh()}
              />
            ) : null}
          </RepairSheet>
          {!standalone && <AuthHost standalone={false} />}
          {linkCode !== null && checked && user ? (
            <PromocodeResult
              code={linkCode}
              fromLink
              onApplied={() => void refresh()}
              onClose={() => setLinkCode(null)}
            />
          ) : null}
          {quizOpen ? (
            <QuizDialog
              onClose={() => {
                // Closing resets the survey and reloads the user data (portal.md §4.4).
                setQuizOpen(false);
                void refresh();
              }}
            />
          ) : null}
          <NoticeStack standalone={standalone}>
            <UpdateBanner />
            <InstallInvitation standalone={standalone} />
            {/* The loyalty programme's pause or end, for guests too (portal.md §4.7). */}
            <ProgrammeNotice />
          </NoticeStack>
        </>
      }
    >
      {/* Above the page, in its flow: it pushes the content down instead of covering it. */}
      <OfflineBanner />
      {standalone && <AuthHost standalone onClose={closeInPlaceAuth} />}
      <div hidden={authInPlace}>
        <Outlet />
      </div>
    </AppShell>
  );
}
