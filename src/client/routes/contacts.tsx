import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { ContactsInfo } from '#client/components/content/contacts-info.tsx';

export const Route = createFileRoute('/contacts')({
  component: ContactsPage,
});

function ContactsPage() {
  return (
    <Page title="Контакты" narrow>
      <ContactsInfo />
    </Page>
  );
}
