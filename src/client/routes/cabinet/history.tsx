import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { HistoryPage } from '#client/features/notifications/history-page.tsx';

export const Route = createFileRoute('/cabinet/history')({
  component: () => <HistoryPage onLoaded={() => void useAccountStore.getState().refresh()} />,
});
