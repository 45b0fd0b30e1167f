import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { useLogout } from '#client/features/account/use-account-life-cycle.ts';

export const Route = createFileRoute('/courier/more')({
  component: CourierMore,
});

/** 'Ещё': who is logged in, and 'Выйти' (the saved route is wiped with the account's other copies). */
function CourierMore() {
  const user = useAccountStore((state) => state.user);
  const logout = useLogout();
  return (
    <Page title="Ещё">
      {user ? <p>{[user.name, user.email].filter(Boolean).join(', ')}</p> : null}
      <Button variant="secondary" onClick={logout}>
        Выйти
      </Button>
    </Page>
  );
}
