import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { NotificationsPage } from '#client/features/notifications/notifications-page.tsx';

// A courier may read its own notifications (the allow-list of ADR 0042): the clinic's page, without
// 'Показать все' (the history is a cabinet page, which sends a courier back to its route).
export const Route = createFileRoute('/courier/notifications')({
  component: () => <NotificationsPage historyLink={false} onRead={() => void useAccountStore.getState().refresh()} />,
});
