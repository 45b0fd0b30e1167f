import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { RepairMainForm } from '#client/features/repair/main-form.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';

// The places feature's address dialog, fetched when 'Добавить адрес' is pressed.
const AddressFormDialog = lazyComponent(() =>
  import('#client/features/places/address-form-dialog.tsx').then((module) => module.AddressFormDialog),
);

// The logged-in clinic's main request form (portal.md §2.2); the cabinet guard asks a guest to log in first.
export const Route = createFileRoute('/cabinet/repair')({
  component: RepairPage,
});

function RepairPage() {
  const user = useAccountStore((state) => state.user);
  if (!user) return null;
  return (
    <RepairMainForm
      user={user}
      onAccountChange={() => void useAccountStore.getState().refresh()}
      renderAddressDialog={(props) => <AddressFormDialog address={null} {...props} />}
    />
  );
}
