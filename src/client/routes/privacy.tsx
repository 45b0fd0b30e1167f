import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { PrivacyPolicy } from '#client/components/content/privacy-policy.tsx';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  return (
    <Page title="Политика обработки персональных данных" narrow>
      <PrivacyPolicy />
    </Page>
  );
}
