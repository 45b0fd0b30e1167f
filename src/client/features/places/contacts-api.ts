// The contacts page's call (src/shared/screens/contacts.ts getContacts) through the app's one HTTP client.
import { getContacts, type Contacts } from '#shared/screens/contacts.ts';
import { callApi } from '#client/lib/http.ts';

export async function fetchContacts(signal?: AbortSignal): Promise<Contacts> {
  const { support_email, support_phone, offices } = await callApi(getContacts, { signal });
  return { support_email, support_phone, offices };
}
