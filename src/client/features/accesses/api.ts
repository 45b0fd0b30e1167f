// The Доступы calls (src/shared/screens/accesses.ts).
import { linkAccount, listAccesses, unlinkAccount, type Grantee } from '#shared/screens/accesses.ts';
import { callApi } from '#client/lib/http.ts';
import type { AccessLevel } from '#shared/screens/access-levels.ts';

export const fetchGrantees = async (signal?: AbortSignal): Promise<Grantee[]> =>
  (await callApi(listAccesses, { signal })).data;
/** Gives access at `level`; for a colleague who has access, another level changes it (ADR 0049). */
export const grantAccess = async (email: string, level: AccessLevel): Promise<string> =>
  (await callApi(linkAccount, { input: { email, level } })).message;
export const revokeAccess = async (email: string): Promise<string> =>
  (await callApi(unlinkAccount, { input: { email } })).message;
