import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '#client/components/content/home-screen.tsx';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { useAuthDialog } from '#client/features/account/auth-dialog-store.ts';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const user = useAccountStore((state) => state.user);
  const ready = useAccountStore((state) => state.hydrated);
  const openAuth = useAuthDialog((state) => state.open);
  return (
    <HomeScreen user={user} ready={ready} onLogin={() => openAuth('login')} onRegister={() => openAuth('register')} />
  );
}
