// The Доступы calls (src/shared/screens/accesses.ts).
import { linkAccount, listAccesses, unlinkAccount, type Grantee } from '#shared/screens/accesses.ts';
import { callApi } from '#client/lib/http.ts';

export const fetchGrantees = async (signal?: AbortSignal): Promise<Grantee[]> =>
  (await callApi(listAccesses, { signal })).data;
export const grantAccess = async (email: string): Promise<string> =>
  (await callApi(linkAccount, { input: { email } })).message;
export const revokeAccess = async (email: string): Promise<string> =>
  (await callApi(unlinkAccount, { input: { email } })).message;
