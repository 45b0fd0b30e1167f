import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '#client/components/layout/page.tsx';

export const Route = createFileRoute('/cabinet/address')({
  component: () => <PlaceholderScreen title="Мои адреса" />,
});
