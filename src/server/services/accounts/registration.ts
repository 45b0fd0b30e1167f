import * as v from 'valibot';
import type { AppDeps } from '#server/context.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { credentialsMail, registrationCodeMail } from '#server/services/accounts/account-mails.ts';
import { EMAIL_TAKEN_MESSAGE, findClientByEmail, insertClient } from '#server/services/accounts/accounts.ts';
import {
  browserOfToken,
  countCodeAsk,
  countCodeGuess,
  requireSameBrowser,
} from '#server/services/accounts/code-limits.ts';
import { spendMailBudget } from '#server/services/accounts/mail-budget.ts';
import {
  checkCode,
  issueCode,
  latestCodePayload,
  markUsed,
  resendTooSoon,
  resendWait,
} from '#server/services/accounts/one-time-codes.ts';
import { generatePassword } from '#server/services/accounts/passwords.ts';
import { sha256 } from '#server/lib/sha256.ts';
import { queueMail } from '#server/services/notifications/mail-queue.ts';

export const WRONG_CODE_MESSAGE = 'Неверный код';
export const DEAD_CODE_MESSAGE = 'Код больше не действует, запросите новый';

/** The registration form as validated by the shared schema (phone already normalised to 7XXXXXXXXXX). */
export interface RegistrationDetails {
  firstname: string;
  lastname: string;
  phone: string;
  clinicName: string;
  city: string;
  email: string;
}

/** What is kept with the code: the form it confirms. Re-checked on the way out of jsonb. */
const storedDetails = v.object({
  firstname: v.string(),
  lastname: v.string(),
  phone: v.string(),
  clinicName: v.string(),
  city: v.string(),
  email: v.string(),
});

/**
 * Stage 1: checks the address is free and mails a 4-digit code bound to this browser (its cookie
 * token, middleware/browser-cookie.ts). Returns the success message. What counts where: see
 * services/accounts/code-limits.ts.
 */
export async function sendRegistrationCode(
  deps: AppDeps,
  form: RegistrationDetails,
  browserToken: string,
  ip: string,
): Promise<string> {
  const now = deps.now();
  const { db } = deps.database;
  const who = { browser: browserOfToken(browserToken), ip };
  const wait = await resendWait(db, form.email, now);
  if (wait > 0) throw resendTooSoon(wait);
  await countCodeAsk(deps, {
    family: 'code',
    email: form.email,
    who,
    budget: 'registration code',
    refuseFirst: async () => {
      if (await findClientByEmail(db, form.email)) throw fieldFailure('email', EMAIL_TAKEN_MESSAGE);
    },
  });
  const details: RegistrationDetails & { session: string } = {
    firstname: form.firstname,
    lastname: form.lastname,
    phone: form.phone,
    clinicName: form.clinicName,
    city: form.city,
    email: form.email,
    session: sha256(browserToken),
  };
  // The code and its mail in one transaction: the mail goes once the code is stored (ADR 0045).
  await db.transaction(async (tx) => {
    const { code } = await issueCode(tx, 'registration', form.email, details, now);
    await queueMail(deps, tx, registrationCodeMail(form.email, code));
  });
  return `Код подтверждения отправлен на ${form.email}`;
}

/**
 * Stage 2: the right code, from the browser that asked for it, creates the account with a generated
 * password and mails it. The user is not logged in: the client shows the login form with the e-mail
 * filled in. Another browser's code is refused before anything counts against the address.
 */
export async function confirmRegistration(
  deps: AppDeps,
  form: RegistrationDetails & { code: string },
  browserToken: string | null,
  ip: string,
): Promise<{ message: string; email: string }> {
  const latest = await latestCodePayload(deps.database.db, 'registration', form.email);
  if (latest !== undefined) requireSameBrowser(latest, browserToken);
  await countCodeGuess(deps, 'code', form.email, { browser: browserOfToken(browserToken ?? ''), ip });
  const check = await checkCode(deps, 'registration', form.email, form.code, (payload) =>
    requireSameBrowser(payload, browserToken),
  );
  if (check.status === 'wrong') throw fieldFailure('code', WRONG_CODE_MESSAGE);
  if (check.status === 'dead') throw fieldFailure('code', DEAD_CODE_MESSAGE);

  const stored = v.safeParse(storedDetails, check.row.payload);
  const details = stored.success ? stored.output : form;
  // The account's password goes by mail: refused with the budget spent, the code stays unused for later.
  await spendMailBudget(deps, 'registration password');
  const password = generatePassword();
  const passwordHash = await deps.passwords.hash(password); // slow: kept outside the transaction
  const now = deps.now();
  try {
    await deps.database.db.transaction(async (tx) => {
      if (!(await markUsed(tx, check.row.id, now))) throw fieldFailure('code', DEAD_CODE_MESSAGE);
      await insertClient(
        tx,
        {
          email: form.email,
          name: details.firstname,
          surname: details.lastname,
          phone: details.phone,
          company: details.clinicName,
          city: details.city,
          emailConfirmed: true,
        },
        passwordHash,
        now,
        'portal',
        422,
      );
      await queueMail(deps, tx, credentialsMail(form.email, password, deps.config.publicUrl, details.firstname));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldFailure('email', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  return { message: `Регистрация прошла успешно! Данные для входа отправлены на ${form.email}`, email: form.email };
}
