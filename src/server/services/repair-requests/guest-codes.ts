import { and, gt, sql } from 'drizzle-orm';
import { guestMessages } from '#shared/screens/guest-requests.ts';
import type { AppDeps } from '#server/context.ts';
import { oneTimeCodes } from '#server/db/schema/accounts.ts';
import { ApiFailure, fieldFailure } from '#server/lib/api-failure.ts';
import { emailConfirmationMail } from '#server/services/accounts/account-mails.ts';
import { findClientByEmail } from '#server/services/accounts/accounts.ts';
import { checkBrowserCode, DEAD_CODE_MESSAGE, mailBrowserCode } from '#server/services/accounts/browser-codes.ts';
import { codesFor, markUsed } from '#server/services/accounts/one-time-codes.ts';
import { sha256 } from '#server/lib/sha256.ts';
import { HOUR_MS } from '#shared/durations.ts';

// The guest wizard's e-mail code (docs/api.md). A code is bound to the e-mail (as every code) and to
// the browser that asked for it: the hash of that browser's guest token (routes/repair-requests/guest-requests.ts
// keeps the token in an HttpOnly cookie) is stored with the code, and only that browser can enter
// it and then send a request for the e-mail. Same code rules as registration: 10 minutes, 5
// guesses, 30 s between mails.

const PURPOSE = 'guest_request';
/** How long an entered code lets this browser send the request: the wizard's steps 2–3 take minutes, not hours. */
export const GUEST_CONFIRMED_TTL_MS = 6 * HOUR_MS;
export const GUEST_CONFIRMED_MESSAGE = 'Эл. почта подтверждена';

/**
 * Mails a code unless the address has an account (409: log in instead; nothing is mailed). A cooldown
 * costs nothing and counts nowhere; the IP counts every other ask; the address's budgets count only a
 * mail that goes out (services/accounts/code-limits.ts).
 */
export async function sendGuestCode(deps: AppDeps, email: string, guestToken: string, ip: string): Promise<string> {
  await mailBrowserCode(deps, {
    purpose: PURPOSE,
    family: 'guest',
    email,
    ip,
    browserToken: guestToken,
    budget: 'guest code',
    refuseFirst: async () => {
      if (await findClientByEmail(deps.database.db, email)) {
        throw fieldFailure('email', guestMessages.emailRegistered, 409);
      }
    },
    mail: (code) => emailConfirmationMail(email, code),
  });
  return `Код подтверждения отправлен на ${email}`;
}

/**
 * The right code from the browser that asked for it confirms the e-mail for that browser. Another
 * browser's code is refused before anything is counted against the address, so nobody elsewhere can
 * use up the owner's guesses or their limit; the IP counts every try.
 */
export async function confirmGuestCode(
  deps: AppDeps,
  email: string,
  code: string,
  guestToken: string | null,
  ip: string,
): Promise<string> {
  const row = await checkBrowserCode(deps, {
    purpose: PURPOSE,
    family: 'guest',
    email,
    ip,
    code,
    browserToken: guestToken,
  });
  const now = deps.now();
  const used = await deps.database.db.transaction((tx) => markUsed(tx, row.id, now));
  if (!used) throw fieldFailure('code', DEAD_CODE_MESSAGE);
  return GUEST_CONFIRMED_MESSAGE;
}

/** 422 unless this browser entered a code for `email` within GUEST_CONFIRMED_TTL_MS. */
export async function requireGuestConfirmed(deps: AppDeps, email: string, guestToken: string | null): Promise<void> {
  const refused = new ApiFailure(422, {
    success: false,
    message: guestMessages.emailNotConfirmed,
    errors: { 'contact.email': [guestMessages.emailNotConfirmed] },
  });
  if (guestToken === null) throw refused;
  const since = new Date(deps.now().getTime() - GUEST_CONFIRMED_TTL_MS);
  const [row] = await deps.database.db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        codesFor(PURPOSE, email),
        gt(oneTimeCodes.usedAt, since),
        sql`${oneTimeCodes.payload}->>'session' = ${sha256(guestToken)}`,
      ),
    )
    .limit(1);
  if (!row) throw refused;
}
