// The invitation link's calls (src/shared/screens/invitations.ts; issue 41).
import {
  acceptInvitation as acceptEndpoint,
  getInvitation,
  type AcceptInvitationForm,
  type Invitation,
} from '#shared/screens/invitations.ts';
import { callApi, setCsrfToken } from '#client/lib/http.ts';

export const checkInvitation = async (token: string, signal?: AbortSignal): Promise<Invitation> =>
  (await callApi(getInvitation, { input: { token }, signal })).invitation;

/** Makes the account and logs in; the page to go to after (the owner's tickets, or bills). */
export async function acceptInvitation(form: AcceptInvitationForm): Promise<string> {
  const answer = await callApi(acceptEndpoint, { input: form });
  setCsrfToken(answer.csrf_token);
  return answer.landing;
}
