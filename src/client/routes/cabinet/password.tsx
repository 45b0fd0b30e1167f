import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { PasswordForm } from '#client/features/account/password-form.tsx';

export const Route = createFileRoute('/cabinet/password')({
  component: ChangePasswordPage,
});

function ChangePasswordPage() {
  return (
    <Page title="Смена пароля" narrow>
      <PasswordForm variant="change" />
    </Page>
  );
}
