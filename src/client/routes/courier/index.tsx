import * as v from 'valibot';
import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '#client/components/layout/page.tsx';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { CourierRouteList } from '#client/features/courier/route-list.tsx';

export const Route = createFileRoute('/courier/')({
  // 'Завтра' is in the address: Back from a stop's card returns to the day it was opened from.
  validateSearch: v.object({ day: v.optional(v.picklist(['tomorrow'])) }),
  component: CourierRoutePage,
});

function CourierRoutePage() {
  useDocumentTitle('Маршрут');
  const userId = useAccountStore((state) => state.user?.id);
  const { day } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (userId === undefined) return null;
  return (
    <CourierRouteList
      userId={userId}
      day={day === 'tomorrow' ? 'tomorrow' : 'today'}
      onDayChange={(next) => void navigate({ search: next === 'tomorrow' ? { day: 'tomorrow' } : {}, replace: true })}
    />
  );
}
