import { useEffect } from 'react';
import { createFileRoute, Navigate, Outlet } from '@tanstack/react-router';
import { OfflineBanner } from '#client/components/layout/offline-banner.tsx';
import { SkeletonText } from '#client/components/ui/skeleton.tsx';
import { selectAccountKnown, useAccountStore } from '#client/features/account/account-store.ts';
import { useLogout } from '#client/features/account/use-account-life-cycle.ts';
import { CourierMore } from '#client/features/courier/courier-more.tsx';
import { CourierNotFound } from '#client/features/courier/courier-not-found.tsx';
import { CourierOutboxPanel } from '#client/features/courier/courier-outbox-panel.tsx';
import { CourierShell } from '#client/features/courier/courier-shell.tsx';

export const Route = createFileRoute('/courier')({
  component: CourierRoute,
  // Rendered in this route's Outlet, so inside the courier's shell (the root's would be the public one).
  notFoundComponent: CourierNotFound,
});

/**
 * The courier's section (DESIGN.md §Couriers, ADR 0047): its own shell and tab bar (the root renders
 * none of the clinics' for it). A clinic is sent to its requests, a guest (logged out) to the home page,
 * whose login brings a courier back here.
 */
function CourierRoute() {
  const user = useAccountStore((state) => state.user);
  const ready = useAccountStore(selectAccountKnown);
  const logout = useLogout();
  // Back on the phone's screen: the unread count on 'Уведомления' follows what the back office changed meanwhile.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void useAccountStore.getState().refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
  if (!ready) {
    return (
      <CourierShell>
        <div aria-busy="true" aria-label="Загрузка">
          <SkeletonText lines={4} />
        </div>
      </CourierShell>
    );
  }
  if (user === null) return <Navigate to="/" replace />;
  if (user.kind !== 'courier') return <Navigate to="/cabinet/tickets" replace />;
  return (
    <CourierShell
      unread={user.unread_notifications}
      more={(close) => <CourierMore user={user} onClose={close} onLogout={logout} />}
    >
      <OfflineBanner />
      <CourierOutboxPanel userId={user.id} />
      <Outlet />
    </CourierShell>
  );
}
