import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { PasswordForm } from '#client/features/account/password-form.tsx';

// 'Сменить пароль' from the courier's 'Ещё': the clinics' form and call (a courier may make it,
// ADR 0042), inside the courier's shell, since /cabinet/password sends a courier back to its route.
export const Route = createFileRoute('/courier/password')({
  component: () => (
    <Page title="Смена пароля" narrow>
      <PasswordForm variant="change" />
    </Page>
  ),
});
