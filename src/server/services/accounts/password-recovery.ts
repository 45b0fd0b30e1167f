import { and, eq, ne } from 'drizzle-orm';
import type { AppDeps, SessionInfo } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { clients, sessions } from '#server/db/schema/accounts.ts';
import { PASSWORD_RULE_MESSAGES, passwordRuleProblem } from '#shared/validation/password-rules.ts';
import { ApiFailure, fieldFailure, unauthorized } from '#server/lib/api-failure.ts';
import { passwordChangedMail, passwordResetMail } from '#server/services/accounts/account-mails.ts';
import { findClientByEmail, loginLimits, mailQuietly } from '#server/services/accounts/accounts.ts';
import { commonPasswords } from '#shared/validation/common-passwords.ts';
import {
  invalidateResetTokens,
  issueResetToken,
  peekResetToken,
  useResetToken,
} from '#server/services/accounts/one-time-codes.ts';
import { checkLimits, countFailure, enforceLimits, rateRules } from '#server/services/rate-limit.ts';
import { TOKEN_PATTERN } from '#server/services/accounts/tokens.ts';
import { spendMailBudget } from '#server/services/accounts/mail-budget.ts';
import { afterAnswer } from '#server/lib/after-answer.ts';
import { queueMail } from '#server/services/notifications/mail-queue.ts';
import { mailboxKey } from '#shared/validation/mailbox-key.ts';

export const RESET_SENT_MESSAGE = 'Ссылка для восстановления пароля отправлена на вашу почту';
export const RESET_LINK_DEAD_MESSAGE = 'Ссылка для восстановления устарела или уже использована. Запросите новую.';
export const PASSWORD_CHANGED_MESSAGE = 'Пароль успешно изменен!';

/**
 * Mails a reset link if the address has an account. The answer is the same either way and comes as
 * fast: both take one mail from the hourly budget (so its refusal says nothing either), and the work
 * only an account gets (its token and the mail's outbox row, one transaction) runs after the answer;
 * the delivery loop sends the mail, retrying while the relay is down (ADR 0045).
 */
export async function requestPasswordReset(deps: AppDeps, email: string, ip: string): Promise<string> {
  await enforceLimits(deps, [
    [rateRules.resetRequestEmail, mailboxKey(email)],
    [rateRules.resetRequestIp, ip],
  ]);
  await spendMailBudget(deps, 'password reset');
  const client = await findClientByEmail(deps.database.db, email);
  if (client) afterAnswer(deps.log, 'password reset mail', () => mailResetLink(deps, client.email));
  return RESET_SENT_MESSAGE;
}

async function mailResetLink(deps: AppDeps, email: string): Promise<void> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const token = await issueResetToken(tx, email.toLowerCase(), now);
    await queueMail(deps, tx, passwordResetMail(email, `${deps.config.publicUrl}/client/restore-password/${token}`));
  });
}

const linkDead = () => new ApiFailure(422, { success: false, message: RESET_LINK_DEAD_MESSAGE });

/** A common password, or one made of the e-mail's name, is refused under the new-password field. */
function refuseWeak(newPassword: string, email: string): void {
  const problem = passwordRuleProblem(newPassword, email, commonPasswords());
  if (problem) throw fieldFailure('new_password', problem);
}

/**
 * Sets a new password from a reset link and says whose it was. Every session of the account ends, except the caller's
 * own when the caller is logged in as that same account. The link is checked before the slow hash:
 * a made-up code costs a lookup, not 128 MiB of scrypt.
 */
export async function resetPassword(
  deps: AppDeps,
  code: string,
  newPassword: string,
  session: SessionInfo | null,
  ip: string,
): Promise<{ message: string; email: string }> {
  await enforceLimits(deps, [[rateRules.resetSubmitIp, ip]]);
  if (!TOKEN_PATTERN.test(code)) throw linkDead();
  const linkEmail = await peekResetToken(deps.database.db, code, deps.now());
  if (!linkEmail) throw linkDead();
  refuseWeak(newPassword, linkEmail);
  const passwordHash = await deps.passwords.hash(newPassword); // slow: kept outside the transaction
  const now = deps.now();
  const email = await deps.database.db.transaction(async (tx) => {
    // Used up only now, atomically: of two submits of one link, one wins.
    const email = await useResetToken(tx, code, now);
    if (!email) throw linkDead();
    const client = await findClientByEmail(tx, email);
    if (!client) throw linkDead();
    // The link came by e-mail: the mailbox is the clinic's.
    await tx
      .update(clients)
      .set({ passwordHash, emailConfirmedAt: client.emailConfirmedAt ?? now })
      .where(eq(clients.id, client.id));
    await invalidateResetTokens(tx, email, now);
    await deleteOtherSessions(tx, client.id, session?.clientId === client.id ? session.tokenHash : null);
    return client.email;
  });
  await mailQuietly(deps, passwordChangedMail(email, deps.config.publicUrl));
  // The e-mail tells the link's holder nothing new: the link already lets them log in as its owner.
  return { message: PASSWORD_CHANGED_MESSAGE, email };
}

/**
 * Whether a reset link still works (known, unused, not expired), without using it up. It counts against
 * the same limit as the reset itself: asking cannot be used to guess codes faster than resetting.
 */
export async function checkResetCode(deps: AppDeps, code: string, ip: string): Promise<boolean> {
  await enforceLimits(deps, [[rateRules.resetSubmitIp, ip]]);
  if (!TOKEN_PATTERN.test(code)) return false;
  return (await peekResetToken(deps.database.db, code, deps.now())) !== null;
}

/**
 * The logged-in variant: the current password instead of a code (a wrong one counts as a failed
 * login); this session stays, the account's other sessions end.
 */
export async function changePassword(
  deps: AppDeps,
  session: SessionInfo,
  input: { current_password: string; new_password: string },
  ip: string,
): Promise<string> {
  await enforceLimits(deps, [[rateRules.passwordChange, String(session.clientId)]]);
  const { db } = deps.database;
  const [client] = await db
    .select({ email: clients.email, passwordHash: clients.passwordHash })
    .from(clients)
    .where(eq(clients.id, session.clientId));
  if (!client) throw unauthorized();
  refuseWeak(input.new_password, client.email);
  const limits = loginLimits(client.email, ip);
  await checkLimits(deps, limits);
  if (!(await deps.passwords.verify(input.current_password, client.passwordHash))) {
    await countFailure(deps, limits);
    throw fieldFailure('current_password', PASSWORD_RULE_MESSAGES.currentWrong);
  }
  const passwordHash = await deps.passwords.hash(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(clients).set({ passwordHash }).where(eq(clients.id, session.clientId));
    await deleteOtherSessions(tx, session.clientId, session.tokenHash);
  });
  await mailQuietly(deps, passwordChangedMail(client.email, deps.config.publicUrl));
  return PASSWORD_CHANGED_MESSAGE;
}

/** After a password change or reset: every other device of the account is logged out. */
export async function deleteOtherSessions(db: Db | Tx, clientId: number, keepTokenHash: string | null): Promise<void> {
  const ofClient = eq(sessions.clientId, clientId);
  await db.delete(sessions).where(keepTokenHash ? and(ofClient, ne(sessions.tokenHash, keepTokenHash)) : ofClient);
}
