import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { BonusesPage } from '#client/features/bonuses/bonuses-page.tsx';

export const Route = createFileRoute('/cabinet/bonuses')({
  component: () => <BonusesPage onLoaded={() => void useAccountStore.getState().refresh()} />,
});
