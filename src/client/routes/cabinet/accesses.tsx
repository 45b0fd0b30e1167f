import { createFileRoute } from '@tanstack/react-router';
import { AccessesPage } from '#client/features/accesses/accesses-page.tsx';

export const Route = createFileRoute('/cabinet/accesses')({
  component: AccessesPage,
});
