import { createFileRoute } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { NotificationsPage } from '#client/features/notifications/notifications-page.tsx';
import { StopLinkedText } from '#client/features/notifications/stop-linked-text.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';

// The Web Push switch, as on the clinics' page: a courier whose phone subscribes hears of its day's
// changes with the app closed.
const PushSwitch = lazyComponent(() =>
  import('#client/features/push/push-switch.tsx').then((module) => module.PushSwitch),
);

// A courier may read its own notifications (the allow-list of ADR 0042): the clinic's page, without
// 'Показать все' (the history is a cabinet page, which sends a courier back to its route); each one
// opens the stop it is about, or the route once the stop has left it.
export const Route = createFileRoute('/courier/notifications')({
  component: () => (
    <NotificationsPage
      historyLink={false}
      settings={<PushSwitch />}
      linkedText={(item) => <StopLinkedText text={item.description} stopId={item.stop_id} />}
      onRead={() => void useAccountStore.getState().refresh()}
    />
  ),
});
