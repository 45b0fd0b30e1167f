import { createFileRoute } from '@tanstack/react-router';
import { AddressBook } from '#client/features/places/address-book.tsx';

export const Route = createFileRoute('/cabinet/address')({
  component: AddressBook,
});
