import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { NotificationsPage } from '#client/features/notifications/notifications-page.tsx';

export const Route = createFileRoute('/cabinet/notifications')({
  component: () => <NotificationsPage onRead={() => void useAccountStore.getState().refresh()} />,
});
