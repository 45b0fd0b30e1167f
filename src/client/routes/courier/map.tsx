import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '#client/components/layout/page.tsx';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { CourierMapPage } from '#client/features/courier/courier-map-page.tsx';
import { useCourierRoute } from '#client/features/courier/route-store.ts';

export const Route = createFileRoute('/courier/map')({
  component: CourierMapRoute,
});

function CourierMapRoute() {
  useDocumentTitle('Карта');
  const userId = useAccountStore((state) => state.user?.id);
  const navigate = Route.useNavigate();
  const day = useCourierRoute((state) => state.day);
  const setDay = useCourierRoute((state) => state.setDay);
  if (userId === undefined) return null;
  return (
    <CourierMapPage
      userId={userId}
      day={day}
      onDayChange={setDay}
      onOpen={(id) => void navigate({ to: '/courier/stops/$id', params: { id: String(id) } })}
    />
  );
}
