import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { serviceCentre } from './places.ts';

/**
 * The contacts page's data: the support address (SUPPORT_EMAIL, else the central office's e-mail; null
 * when neither is known) and the service centres, the central office first, then the regional ones.
 */
export const getContacts = defineEndpoint({
  method: 'GET',
  path: '/ajax/contacts',
  output: okResponse({ support_email: v.nullable(v.string()), offices: v.array(serviceCentre) }),
});
export type Contacts = Omit<v.InferOutput<typeof getContacts.output>, 'success'>;
