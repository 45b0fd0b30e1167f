import { eq } from 'drizzle-orm';
import type { AppDeps, SessionInfo } from '#server/context.ts';
import { clients } from '#server/db/schema.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { passwordResetMail } from '#server/services/account-mails.ts';
import { findClientByEmail } from '#server/services/accounts.ts';
import { invalidateResetTokens, issueResetToken, useResetToken } from '#server/services/one-time-codes.ts';
import { hashPassword } from '#server/services/passwords.ts';
import { enforceLimits, rateRules } from '#server/services/rate-limit.ts';
import { deleteOtherSessions } from '#server/services/sessions.ts';
import { TOKEN_PATTERN } from '#server/services/tokens.ts';

export const RESET_SENT_MESSAGE = 'Ссылка для восстановления пароля отправлена на вашу почту';
export const RESET_LINK_DEAD_MESSAGE = 'Ссылка для восстановления устарела или уже использована. Запросите новую.';
export const PASSWORD_CHANGED_MESSAGE = 'Пароль успешно изменен!';

/**
 * Mails a reset link if the address has an account. The answer is the same either way, and a
 * failing mail is only logged, so neither the text nor the status tells whether an account exists.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, ip: string): Promise<string> {
  await enforceLimits(deps, [
    [rateRules.resetRequestEmail, email],
    [rateRules.resetRequestIp, ip],
  ]);
  const { db } = deps.database;
  const client = await findClientByEmail(db, email);
  if (!client) return RESET_SENT_MESSAGE;
  const now = deps.now();
  const token = await db.transaction((tx) => issueResetToken(tx, client.email.toLowerCase(), now));
  const link = `${deps.config.publicUrl}/client/restore-password/${token}`;
  try {
    await deps.mailer.send(passwordResetMail(client.email, link));
  } catch (error) {
    deps.log.error('password reset mail failed', { error });
  }
  return RESET_SENT_MESSAGE;
}

const linkDead = () => new ApiFailure(422, { success: false, message: RESET_LINK_DEAD_MESSAGE });

/**
 * Sets a new password from a reset link. Every session of the account ends, except the caller's
 * own when the caller is logged in as that same account.
 */
export async function resetPassword(
  deps: AppDeps,
  code: string,
  newPassword: string,
  session: SessionInfo | null,
  ip: string,
): Promise<string> {
  await enforceLimits(deps, [[rateRules.resetSubmitIp, ip]]);
  if (!TOKEN_PATTERN.test(code)) throw linkDead();
  const passwordHash = await hashPassword(newPassword); // slow: kept outside the transaction
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const email = await useResetToken(tx, code, now);
    if (!email) throw linkDead();
    const client = await findClientByEmail(tx, email);
    if (!client) throw linkDead();
    await tx.update(clients).set({ passwordHash }).where(eq(clients.id, client.id));
    await invalidateResetTokens(tx, email, now);
    await deleteOtherSessions(tx, client.id, session?.clientId === client.id ? session.tokenHash : null);
  });
  return PASSWORD_CHANGED_MESSAGE;
}

/** The logged-in variant: no code; this session stays, the account's other sessions end. */
export async function changePassword(deps: AppDeps, session: SessionInfo, newPassword: string): Promise<string> {
  const passwordHash = await hashPassword(newPassword);
  await deps.database.db.transaction(async (tx) => {
    await tx.update(clients).set({ passwordHash }).where(eq(clients.id, session.clientId));
    await deleteOtherSessions(tx, session.clientId, session.tokenHash);
  });
  return PASSWORD_CHANGED_MESSAGE;
}
