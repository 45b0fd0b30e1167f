import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { SettingsForm } from '#client/features/account/settings-form.tsx';

export const Route = createFileRoute('/cabinet/settings')({
  component: SettingsPage,
});

function SettingsPage() {
  const user = useAccountStore((state) => state.user);
  return user ? <SettingsForm user={user} /> : null;
}
