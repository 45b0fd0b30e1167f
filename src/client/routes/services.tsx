import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { ServicesInfo } from '#client/components/content/services-info.tsx';

export const Route = createFileRoute('/services')({
  component: ServicesPage,
});

function ServicesPage() {
  return (
    <Page title="О сервисе" narrow>
      <ServicesInfo />
    </Page>
  );
}
