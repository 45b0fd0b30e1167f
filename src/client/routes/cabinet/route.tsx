import { useEffect } from 'react';
import { createFileRoute, Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { CabinetLayout, CabinetSkeleton } from '#client/components/layout/cabinet-layout.tsx';
import { cabinetHome, isCabinetPath, isShownSection } from '#client/components/layout/cabinet-links.ts';
import { UnauthorizedScreen } from '#client/components/layout/status-screens.tsx';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { useAuthDialog } from '#client/features/account/auth-dialog-store.ts';
import { useShownAccount } from '#client/features/account/shown-account.ts';
import { LazyDecisionDialogs, LazyOutboxPanel } from '#client/features/decisions/lazy-hosts.tsx';
import { useStandalone } from '#client/lib/standalone.ts';
import { onOutboxChange } from '#client/lib/sw-bridge.ts';

export const Route = createFileRoute('/cabinet')({
  component: CabinetRoute,
});

/**
 * Reloads a ticket after a decision. The ticket store is the ticket page's: imported only when a
 * decision asks for it, it stays off the start of the other cabinet pages.
 */
function reloadTicket(ticketId: number): Promise<void> {
  return import('#client/features/tickets/ticket-store.ts')
    .then((module) => module.reloadTicket(ticketId))
    .catch(() => {}); // its chunk lost to a deploy: the ticket is fresh when next opened anyway
}

/** The requests list again, if it was shown in this session (a kept repair request became a ticket). */
function reloadTicketsList(): void {
  import('#client/features/tickets/tickets-list-store.ts')
    .then(({ useTicketsListStore }) => useTicketsListStore.getState().reload())
    .catch(() => {});
}

/** A decision changed a ticket and maybe the points: reload both (the popups live in the shell, the ticket in its feature). */
function onDecided(ticketId: number): void {
  void reloadTicket(ticketId);
  void useAccountStore.getState().refresh();
}

/** Guards the cabinet: the saved account first, then the unauthorized screen (browser) or the login in place (installed app). */
function CabinetRoute() {
  const standalone = useStandalone();
  // The shell's account: the section it lets in renders in the shell's deferred render, not at once.
  const { user, ready } = useShownAccount();
  const authView = useAuthDialog((state) => state.view);
  const openAuth = useAuthDialog((state) => state.open);
  const needsLogin = ready && user === null;
  // False once a navigation away has started: this page stays mounted until the next one is ready,
  // and the shell closes the in-place form at that start; opening it again here would carry it along.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onCabinetPage = isCabinetPath(pathname);

  // A decision the service worker kept was applied (reload the ticket and the points) or refused
  // because the ticket changed meanwhile (reload the ticket; the panel shows what changed).
  useEffect(
    () =>
      onOutboxChange((entry) => {
        if (entry.ticketId === null) {
          if (entry.state === 'done') reloadTicketsList(); // a kept repair request is now a ticket
        } else if (entry.state === 'done') onDecided(entry.ticketId);
        else if (entry.state === 'conflict') void reloadTicket(entry.ticketId);
      }),
    [],
  );

  useEffect(() => {
    if (standalone && needsLogin && onCabinetPage && authView === null) openAuth('login');
  }, [standalone, needsLogin, onCabinetPage, authView, openAuth]);

  if (!ready) return <CabinetSkeleton />;
  if (!user) return standalone ? null : <UnauthorizedScreen onLogin={() => openAuth('login')} />;
  // A courier has no cabinet: its section is the route (ADR 0047).
  if (user.kind === 'courier') return <Navigate to="/courier" replace />;
  // A section the colleague's accesses give nothing of (ADR 0054): its link is hidden, and its address
  // (the cabinet's default, an old bookmark) opens the section they do have.
  const home = cabinetHome(user.hidden_sections);
  if (!isShownSection(pathname, user.hidden_sections) && isShownSection(home, user.hidden_sections)) {
    return <Navigate to={home} replace />;
  }
  return (
    <CabinetLayout
      unpaidBills={user.unpaid_bills}
      hasBills={user.has_bills || user.unpaid_bills > 0}
      hiddenSections={user.hidden_sections}
    >
      <LazyOutboxPanel onLogin={() => openAuth('login')} />
      <Outlet />
      <LazyDecisionDialogs balls={user.balls} onDecided={onDecided} />
    </CabinetLayout>
  );
}
