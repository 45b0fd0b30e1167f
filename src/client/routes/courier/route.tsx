import { createFileRoute, Navigate, Outlet } from '@tanstack/react-router';
import { OfflineBanner } from '#client/components/layout/offline-banner.tsx';
import { SkeletonText } from '#client/components/ui/skeleton.tsx';
import { useAuthDialog } from '#client/features/account/auth-dialog-store.ts';
import { useShownAccount } from '#client/features/account/shown-account.ts';
import { CourierOutboxPanel } from '#client/features/courier/courier-outbox-panel.tsx';
import { CourierShell } from '#client/features/courier/courier-shell.tsx';

export const Route = createFileRoute('/courier')({
  component: CourierRoute,
});

/**
 * The courier's section (DESIGN.md fourth wave, ADR 0047): its own shell and tab bar. A clinic is sent
 * to its requests, a guest to the cabinet's login (which brings a courier back here).
 */
function CourierRoute() {
  const { user, ready } = useShownAccount();
  const openAuth = useAuthDialog((state) => state.open);
  if (!ready) {
    return (
      <CourierShell>
        <div aria-busy="true" aria-label="Загрузка">
          <SkeletonText lines={4} />
        </div>
      </CourierShell>
    );
  }
  if (user === null || user.kind !== 'courier') return <Navigate to="/cabinet/tickets" replace />;
  return (
    <CourierShell>
      <OfflineBanner />
      <CourierOutboxPanel userId={user.id} onLogin={() => openAuth('login')} />
      <Outlet />
    </CourierShell>
  );
}
