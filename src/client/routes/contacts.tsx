import { createFileRoute } from '@tanstack/react-router';
import { ContactsPage } from '#client/features/places/contacts-page.tsx';

export const Route = createFileRoute('/contacts')({
  component: ContactsPage,
});
