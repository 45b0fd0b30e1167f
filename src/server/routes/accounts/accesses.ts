import { Hono } from 'hono';
import { linkAccount, listAccesses, listAccessOwners, unlinkAccount } from '#shared/screens/accesses.ts';
import { ACCESS_LEVEL_LABELS } from '#shared/screens/access-levels.ts';
import { acceptInvitation, getInvitation, INVITATION_MESSAGES } from '#shared/screens/invitations.ts';
import { startSession } from '#server/middleware/session-cookie.ts';
import * as invitations from '#server/services/accounts/invitations.ts';
import type { AppEnv } from '#server/context.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import {
  grantAccess,
  listGrantees,
  listGranters,
  recordChange,
  revokeAccess,
} from '#server/services/accounts/accesses.ts';

// Доступы (src/shared/screens/accesses.ts): thin handlers over services/accounts/accesses.ts.

export const accessRoutes = new Hono<AppEnv>();
const loggedIn = { before: [requireSession()] };

route(
  accessRoutes,
  listAccesses,
  async (c) => ({ success: true, data: await listGrantees(c.var.deps, sessionOf(c).clientId) }),
  loggedIn,
);
// The other way round: the clinics that gave this account access ('Оставить заявку от имени клиники').
route(
  accessRoutes,
  listAccessOwners,
  async (c) => ({ success: true, data: await listGranters(c.var.deps, sessionOf(c).clientId) }),
  loggedIn,
);
route(
  accessRoutes,
  linkAccount,
  async (c, input) => ({
    success: true,
    message: await grantAccess(c.var.deps, sessionOf(c).clientId, input.email, input.level),
  }),
  loggedIn,
);
route(
  accessRoutes,
  unlinkAccount,
  async (c, input) => ({ success: true, message: await revokeAccess(c.var.deps, sessionOf(c).clientId, input.email) }),
  loggedIn,
);

// The invitation's link (logged out): whose it is, then the form that makes the account and logs in.
route(accessRoutes, getInvitation, async (c, input) => ({
  success: true,
  invitation: await invitations.checkInvitation(c.var.deps, input.token),
}));

route(accessRoutes, acceptInvitation, async (c, input) => {
  // Accepting logs the new colleague in, which would end whoever is logged in here (an owner opening
  // the link to try it) without a word: refused until that account logs out, nothing written.
  if (c.var.session) throw new ApiFailure(409, { success: false, message: INVITATION_MESSAGES.loggedIn });
  const { clientId, level } = await invitations.acceptInvitation(
    c.var.deps,
    input,
    (tx, ownerId, granteeId, given, now) =>
      recordChange(tx, 'access.granted', { ownerId, granteeId, level: given }, now, {
        owner: (grantee) => `Коллега принял приглашение («${ACCESS_LEVEL_LABELS[given]}»): ${grantee}`,
        grantee: (owner) => `Вам открыт доступ к заявкам и счетам («${ACCESS_LEVEL_LABELS[given]}»): ${owner}`,
      }),
  );
  const session = await startSession(c, clientId, 'clinic');
  return {
    success: true,
    landing: level === 'bills' ? ('/cabinet/bills' as const) : ('/cabinet/tickets' as const),
    csrf_token: session.csrfToken,
  };
});
