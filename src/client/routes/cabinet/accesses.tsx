import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '#client/components/layout/page.tsx';

export const Route = createFileRoute('/cabinet/accesses')({
  component: () => <PlaceholderScreen title="Выдача доступов к моим заявкам и счетам" />,
});
