import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { KavoPage } from '#client/features/kavo/kavo-page.tsx';

// `?kavo=` is how the provider's callback tells the page the link's result (src/server/routes/kavo/kavo.ts).
// validateSearch stays in the route tree, on every page's start: it keeps the text and the page's
// chunk checks it against the known results (#shared/screens/kavo.ts is not loaded before that).
export const Route = createFileRoute('/cabinet/kavo-id')({
  validateSearch: (search: Record<string, unknown>): { kavo?: string } =>
    typeof search.kavo === 'string' ? { kavo: search.kavo } : {},
  component: KavoIdRoute,
});

function KavoIdRoute() {
  const { kavo } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <KavoPage result={kavo} onResultSeen={() => void navigate({ to: '/cabinet/kavo-id', search: {}, replace: true })} />
  );
}
