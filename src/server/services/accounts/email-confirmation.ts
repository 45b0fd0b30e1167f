import { eq } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { fieldFailure, unauthorized } from '#server/lib/api-failure.ts';
import { emailConfirmationMail } from '#server/services/accounts/account-mails.ts';
import { checkCode, issueCode, markUsed, resendTooSoon, resendWait } from '#server/services/accounts/one-time-codes.ts';
import { rateRules } from '#server/services/rate-limit.ts';
import { browserOfAccount, countCodeAsk, countCodeGuess } from '#server/services/accounts/code-limits.ts';
import { DEAD_CODE_MESSAGE, WRONG_CODE_MESSAGE } from '#server/services/accounts/browser-codes.ts';
import { queueMail } from '#server/services/notifications/mail-queue.ts';

// Confirming the logged-in account's e-mail with a mailed 4-digit code (portal.md §2.1 step 1: the
// wizard asks for it where the mailbox is not proven yet, e.g. an account the back office opened
// with a password of its own). Same limits as the registration code: 30 s between mails, 5 guesses.

export const EMAIL_CONFIRMED_MESSAGE = 'Эл. почта подтверждена';

async function account(deps: AppDeps, clientId: number) {
  const [row] = await deps.database.db
    .select({ email: clients.email, confirmedAt: clients.emailConfirmedAt })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!row) throw unauthorized();
  return row;
}

/** Mails a code; an address already confirmed gets none (nothing to confirm). */
export async function sendEmailConfirmationCode(deps: AppDeps, clientId: number, ip: string): Promise<string> {
  const { email, confirmedAt } = await account(deps, clientId);
  if (confirmedAt !== null) return EMAIL_CONFIRMED_MESSAGE;
  const now = deps.now();
  const wait = await resendWait(deps.database.db, email, now, 'email_confirmation');
  if (wait > 0) throw resendTooSoon(wait);
  const who = { browser: browserOfAccount(clientId), ip };
  const extra = [[rateRules.codeSendAccount, String(clientId)]] as const;
  await countCodeAsk(deps, { family: 'code', email, who, extra, budget: 'e-mail confirmation code' });
  // The code and its mail in one transaction: the mail goes once the code is stored (ADR 0045).
  await deps.database.db.transaction(async (tx) => {
    const { code } = await issueCode(tx, 'email_confirmation', email, null, now);
    await queueMail(deps, tx, emailConfirmationMail(email, code));
  });
  return `Код подтверждения отправлен на ${email}`;
}

export async function confirmEmail(deps: AppDeps, clientId: number, code: string, ip: string): Promise<string> {
  const { email, confirmedAt } = await account(deps, clientId);
  if (confirmedAt !== null) return EMAIL_CONFIRMED_MESSAGE;
  await countCodeGuess(deps, 'code', email, { browser: browserOfAccount(clientId), ip });
  const check = await checkCode(deps, 'email_confirmation', email, code);
  if (check.status === 'wrong') throw fieldFailure('code', WRONG_CODE_MESSAGE);
  if (check.status === 'dead') throw fieldFailure('code', DEAD_CODE_MESSAGE);
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    if (!(await markUsed(tx, check.row.id, now))) throw fieldFailure('code', DEAD_CODE_MESSAGE);
    await tx.update(clients).set({ emailConfirmedAt: now }).where(eq(clients.id, clientId));
  });
  return EMAIL_CONFIRMED_MESSAGE;
}
