import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { NotificationsPage } from '#client/features/notifications/notifications-page.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';

// The Web Push switch is its own small chunk: it renders nothing where the browser has no push.
const PushSwitch = lazyComponent(() =>
  import('#client/features/push/push-switch.tsx').then((module) => module.PushSwitch),
);

// 'Дублировать уведомления на e-mail' beside it, as small and off the list's way.
const NotificationMailSwitch = lazyComponent(() =>
  import('#client/features/notification-mail/mail-switch.tsx').then((module) => module.NotificationMailSwitch),
);

export const Route = createFileRoute('/cabinet/notifications')({
  component: () => (
    <NotificationsPage
      onRead={() => void useAccountStore.getState().refresh()}
      settings={
        <>
          <PushSwitch />
          <NotificationMailSwitch />
        </>
      }
    />
  ),
});
