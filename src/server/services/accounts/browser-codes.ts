import type { AppDeps, MailMessage } from '#server/context.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { sha256 } from '#server/lib/sha256.ts';
import {
  browserOfToken,
  type CodeFamily,
  countCodeAsk,
  countCodeGuess,
  requireSameBrowser,
} from '#server/services/accounts/code-limits.ts';
import {
  checkCode,
  type CodePurpose,
  issueCode,
  latestCodePayload,
  type OneTimeCode,
  resendTooSoon,
  resendWait,
} from '#server/services/accounts/one-time-codes.ts';
import { queueMail } from '#server/services/notifications/mail-queue.ts';

// A code mailed to an address and bound to the browser that asked for it (registration, the guest
// wizard): one way to send it and one way to check it, so every such code counts its asks and
// guesses alike. What counts where: services/accounts/code-limits.ts.

interface CodeOwner {
  purpose: CodePurpose;
  family: CodeFamily;
  email: string;
  ip: string;
}

/**
 * Mails a code unless the address waits out its cooldown (costs nothing, counts nowhere) or a
 * limit or `refuseFirst` refuses. `payload` is kept with the code, beside this browser's token hash.
 */
export async function mailBrowserCode(
  deps: AppDeps,
  ask: CodeOwner & {
    browserToken: string;
    budget: string;
    refuseFirst: () => Promise<void>;
    payload?: object;
    mail: (code: string) => MailMessage;
  },
): Promise<void> {
  const now = deps.now();
  const { db } = deps.database;
  const wait = await resendWait(db, ask.email, now, ask.purpose);
  if (wait > 0) throw resendTooSoon(wait);
  const who = { browser: browserOfToken(ask.browserToken), ip: ask.ip };
  await countCodeAsk(deps, {
    family: ask.family,
    email: ask.email,
    who,
    budget: ask.budget,
    refuseFirst: ask.refuseFirst,
  });
  const payload = { ...ask.payload, session: sha256(ask.browserToken) };
  // The code and its mail in one transaction: the mail goes once the code is stored (ADR 0045).
  await db.transaction(async (tx) => {
    const { code } = await issueCode(tx, ask.purpose, ask.email, payload, now);
    await queueMail(deps, tx, ask.mail(code));
  });
}

/** What a wrong and a spent code are told, here and wherever else a code is entered. */
export const WRONG_CODE_MESSAGE = 'Неверный код';
export const DEAD_CODE_MESSAGE = 'Код больше не действует, запросите новый';

/**
 * The live code row when `code` is right and was mailed to this browser; the caller marks it used.
 * Another browser's code is refused before anything counts against the address, so nobody elsewhere
 * can use up the owner's guesses; the IP counts every try.
 */
export async function checkBrowserCode(
  deps: AppDeps,
  entered: CodeOwner & { code: string; browserToken: string | null },
): Promise<OneTimeCode> {
  const { purpose, email, browserToken } = entered;
  const latest = await latestCodePayload(deps.database.db, purpose, email);
  if (latest !== undefined) requireSameBrowser(latest, browserToken);
  await countCodeGuess(deps, entered.family, email, { browser: browserOfToken(browserToken ?? ''), ip: entered.ip });
  // Checked again on the very code the guess is spent on: one mailed to another browser in between is refused too.
  const check = await checkCode(deps, purpose, email, entered.code, (payload) =>
    requireSameBrowser(payload, browserToken),
  );
  if (check.status === 'wrong') throw fieldFailure('code', WRONG_CODE_MESSAGE);
  if (check.status === 'dead') throw fieldFailure('code', DEAD_CODE_MESSAGE);
  return check.row;
}
