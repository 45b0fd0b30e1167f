import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { InvitationScreen } from '#client/features/account/invitation-screen.tsx';

export const Route = createFileRoute('/client/invitation/$token')({
  component: InvitationPage,
});

function InvitationPage() {
  const { token } = Route.useParams();
  return (
    <Page title="Приглашение в кабинет клиники" narrow>
      <InvitationScreen token={token} />
    </Page>
  );
}
