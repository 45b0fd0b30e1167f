import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { ResetLinkScreen } from '#client/features/account/reset-link-screen.tsx';

export const Route = createFileRoute('/client/restore-password/$code')({
  component: RestorePasswordPage,
});

function RestorePasswordPage() {
  const { code } = Route.useParams();
  return (
    <Page title="Восстановление пароля" narrow>
      <ResetLinkScreen code={code} />
    </Page>
  );
}
