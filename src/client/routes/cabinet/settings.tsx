import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { SettingsForm } from '#client/features/account/settings-form.tsx';
import { KavoSettingsSection } from '#client/features/kavo/settings-section.tsx';

export const Route = createFileRoute('/cabinet/settings')({
  component: SettingsPage,
});

function SettingsPage() {
  const user = useAccountStore((state) => state.user);
  return user ? (
    <SettingsForm user={user}>
      <KavoSettingsSection />
    </SettingsForm>
  ) : null;
}
