import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { NotFoundScreen } from '#client/components/layout/status-screens.tsx';
import { ResetLinkScreen } from '#client/features/account/reset-link-screen.tsx';
import { InvitationScreen } from '#client/features/account/invitation-screen.tsx';

// The pages that mailed links open: /client/restore-password/{code} (a password reset) and
// /client/invitation/{token} (a colleague's invitation, issue 41). One route for both: each route
// adds to the entry every page loads, and the clinic's cold path is at its 144 KB budget.
export const Route = createFileRoute('/client/$link/$code')({
  component: MailedLinkPage,
});

function MailedLinkPage() {
  const { link, code } = Route.useParams();
  if (link === 'restore-password') {
    return (
      <Page title="Восстановление пароля" narrow>
        <ResetLinkScreen code={code} />
      </Page>
    );
  }
  if (link === 'invitation') {
    return (
      <Page title="Приглашение в кабинет клиники" narrow>
        <InvitationScreen token={code} />
      </Page>
    );
  }
  return <NotFoundScreen />;
}
