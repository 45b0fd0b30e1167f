import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { ServiceGuide } from '#client/components/content/service-guide.tsx';

export const Route = createFileRoute('/guide/2')({
  component: GuidePage,
});

function GuidePage() {
  return (
    <Page title="Как пользоваться сервисом" narrow>
      <ServiceGuide />
    </Page>
  );
}
