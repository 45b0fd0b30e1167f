import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '#client/components/layout/page.tsx';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { CourierRouteList } from '#client/features/courier/route-list.tsx';
import { useCourierRoute } from '#client/features/courier/route-store.ts';

export const Route = createFileRoute('/courier/')({
  component: CourierRoutePage,
});

function CourierRoutePage() {
  useDocumentTitle('Маршрут');
  const userId = useAccountStore((state) => state.user?.id);
  const day = useCourierRoute((state) => state.day);
  const setDay = useCourierRoute((state) => state.setDay);
  if (userId === undefined) return null;
  return <CourierRouteList userId={userId} day={day} onDayChange={setDay} />;
}
