import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '#client/components/layout/page.tsx';

export const Route = createFileRoute('/cabinet/kavo-id')({
  component: () => <PlaceholderScreen title="KAVO ID" />,
});
