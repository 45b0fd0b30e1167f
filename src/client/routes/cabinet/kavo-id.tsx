import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { isKavoLinkResult, type KavoLinkResult } from '#shared/api/kavo.ts';
import { KavoPage } from '#client/features/kavo/kavo-page.tsx';

// `?kavo=` is how the provider's callback tells the page the link's result (src/server/routes/kavo.ts).
export const Route = createFileRoute('/cabinet/kavo-id')({
  validateSearch: (search: Record<string, unknown>): { kavo?: KavoLinkResult } => (isKavoLinkResult(search.kavo) ? { kavo: search.kavo } : {}),
  component: KavoIdRoute,
});

function KavoIdRoute() {
  const { kavo } = Route.useSearch();
  const navigate = useNavigate();
  return <KavoPage result={kavo} onResultSeen={() => void navigate({ to: '/cabinet/kavo-id', search: {}, replace: true })} />;
}
