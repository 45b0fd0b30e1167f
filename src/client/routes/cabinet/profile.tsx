import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { ProfileForm } from '#client/features/account/profile-form.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { useStandalone } from '#client/lib/standalone.ts';

// The bot block draws its QR code with a library only this block needs: its own chunk.
const TelegramBlock = lazyComponent(() =>
  import('#client/features/telegram/telegram-block.tsx').then((module) => module.TelegramBlock),
);

export const Route = createFileRoute('/cabinet/profile')({
  component: ProfilePage,
});

function ProfilePage() {
  const user = useAccountStore((state) => state.user);
  const logout = useAccountStore((state) => state.logout);
  const standalone = useStandalone();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <ProfileForm
      user={user}
      standalone={standalone}
      onLogout={() => void logout().then(() => navigate({ to: '/' }))}
      botBlock={<TelegramBlock />}
    />
  );
}
