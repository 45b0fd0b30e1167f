import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { serviceCentre } from './places.ts';

/**
 * The contacts page's data: the support address (SUPPORT_EMAIL, else the central office's e-mail; null
 * when neither is known), the support phone (SUPPORT_PHONE, else the central office's; null likewise: the
 * courier's 'Ещё' shows it) and the service centres, the central office first, then the regional ones.
 */
export const getContacts = defineEndpoint({
  method: 'GET',
  path: '/ajax/contacts',
  output: okResponse({
    support_email: v.nullable(v.string()),
    support_phone: v.optional(v.nullable(v.string()), null),
    offices: v.array(serviceCentre),
  }),
});
export type Contacts = Omit<v.InferOutput<typeof getContacts.output>, 'success'>;
