import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { PromocodePage } from '#client/features/promocode/promocode-page.tsx';

export const Route = createFileRoute('/cabinet/promocode')({
  component: PromocodeRoute,
});

function PromocodeRoute() {
  const refresh = useAccountStore((state) => state.refresh);
  return <PromocodePage onApplied={() => void refresh()} />;
}
