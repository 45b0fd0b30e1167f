import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '#client/components/layout/page.tsx';
import { NotFoundScreen } from '#client/components/layout/status-screens.tsx';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { StopCard } from '#client/features/courier/stop-card.tsx';

export const Route = createFileRoute('/courier/stops/$id')({
  component: StopRoute,
});

function StopRoute() {
  useDocumentTitle('Остановка');
  const userId = useAccountStore((state) => state.user?.id);
  const { id } = Route.useParams();
  const stopId = Number(id);
  if (!Number.isInteger(stopId) || stopId <= 0) return <NotFoundScreen />;
  if (userId === undefined) return null;
  return <StopCard key={stopId} userId={userId} id={stopId} />;
}
