import { createFileRoute, Navigate } from '@tanstack/react-router';
import { HomeScreen } from '#client/components/content/home-screen.tsx';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { openLoginForNewAccount, useAuthDialog } from '#client/features/account/auth-dialog-store.ts';
import { lazyComponent } from '#client/lib/lazy-component.tsx';

// The wizard's chunk comes when the home page's form section nears the screen.
const RepairWizard = lazyComponent(
  () => import('#client/features/repair/repair-wizard.tsx').then((module) => module.RepairWizard),
  {
    fallback: <output>Загрузка формы…</output>,
  },
);

// The logged-in clinic's latest notifications come in their own chunk too.
const LatestNotifications = lazyComponent(() =>
  import('#client/features/notifications/latest-notifications.tsx').then((module) => module.LatestNotifications),
);

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const user = useAccountStore((state) => state.user);
  const ready = useAccountStore((state) => state.hydrated);
  const openAuth = useAuthDialog((state) => state.open);
  // A courier has no clinic pages: its home is the route (ADR 0047).
  if (ready && user?.kind === 'courier') return <Navigate to="/courier" replace />;
  return (
    <HomeScreen
      user={user}
      ready={ready}
      onLogin={() => openAuth('login')}
      onRegister={() => openAuth('register')}
      notifications={<LatestNotifications />}
      repairForm={
        <RepairWizard
          user={ready ? user : null}
          // Logged in from the wizard, the clinic goes on with its request here (not to the cabinet).
          onLogin={(email) => openAuth('login', { stayOnPage: true, email })}
          onForgotPassword={(email) => openAuth('reset', { stayOnPage: true, email })}
          onNewAccountLogin={openLoginForNewAccount}
          onDone={() => {}}
          onAccountChange={() => void useAccountStore.getState().refresh()}
        />
      }
    />
  );
}
