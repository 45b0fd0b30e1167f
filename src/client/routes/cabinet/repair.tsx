import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { RepairMainForm } from '#client/features/repair/main-form.tsx';

// The logged-in clinic's main request form (portal.md §2.2); the cabinet guard asks a guest to log in first.
export const Route = createFileRoute('/cabinet/repair')({
  component: RepairPage,
});

function RepairPage() {
  const user = useAccountStore((state) => state.user);
  if (!user) return null;
  return <RepairMainForm user={user} onAccountChange={() => void useAccountStore.getState().refresh()} />;
}
