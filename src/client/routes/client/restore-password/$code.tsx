import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { PasswordForm } from '#client/features/account/password-form.tsx';

export const Route = createFileRoute('/client/restore-password/$code')({
  component: RestorePasswordPage,
});

function RestorePasswordPage() {
  const { code } = Route.useParams();
  return (
    <Page title="Восстановление пароля" narrow>
      <PasswordForm variant="reset" code={code} />
    </Page>
  );
}
