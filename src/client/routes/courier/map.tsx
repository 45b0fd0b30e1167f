import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '#client/components/layout/page.tsx';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { CourierMapPage } from '#client/features/courier/courier-map-page.tsx';

export const Route = createFileRoute('/courier/map')({
  component: CourierMapRoute,
});

function CourierMapRoute() {
  useDocumentTitle('Карта');
  const userId = useAccountStore((state) => state.user?.id);
  const navigate = Route.useNavigate();
  if (userId === undefined) return null;
  return (
    <CourierMapPage
      userId={userId}
      onOpen={(id) => void navigate({ to: '/courier/stops/$id', params: { id: String(id) } })}
    />
  );
}
