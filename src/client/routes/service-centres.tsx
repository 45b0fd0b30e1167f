import { createFileRoute } from '@tanstack/react-router';
import { ServiceCentres } from '#client/features/places/service-centres.tsx';

export const Route = createFileRoute('/service-centres')({
  component: ServiceCentres,
});
