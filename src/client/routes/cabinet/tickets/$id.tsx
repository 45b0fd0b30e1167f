import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '#client/components/layout/page.tsx';

export const Route = createFileRoute('/cabinet/tickets/$id')({
  component: TicketPage,
});

function TicketPage() {
  const { id } = Route.useParams();
  return <PlaceholderScreen title={`Заявка на ремонт №${id}`} text="Страница заявки появится в ближайшем обновлении." />;
}
