import * as v from 'valibot';
import type { AppDeps } from '#server/context.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { credentialsMail, registrationCodeMail } from '#server/services/accounts/account-mails.ts';
import { EMAIL_TAKEN_MESSAGE, findClientByEmail, insertClient } from '#server/services/accounts/accounts.ts';
import { checkBrowserCode, DEAD_CODE_MESSAGE, mailBrowserCode } from '#server/services/accounts/browser-codes.ts';
import { spendMailBudget } from '#server/services/accounts/mail-budget.ts';
import { markUsed } from '#server/services/accounts/one-time-codes.ts';
import { generatePassword } from '#server/services/accounts/passwords.ts';
import { queueMail } from '#server/services/notifications/mail-queue.ts';

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
  const { db } = deps.database;
  const details: RegistrationDetails = {
    firstname: form.firstname,
    lastname: form.lastname,
    phone: form.phone,
    clinicName: form.clinicName,
    city: form.city,
    email: form.email,
  };
  await mailBrowserCode(deps, {
    purpose: 'registration',
    family: 'code',
    email: form.email,
    ip,
    browserToken,
    budget: 'registration code',
    refuseFirst: async () => {
      if (await findClientByEmail(db, form.email)) throw fieldFailure('email', EMAIL_TAKEN_MESSAGE);
    },
    payload: details,
    mail: (code) => registrationCodeMail(form.email, code),
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
  const row = await checkBrowserCode(deps, {
    purpose: 'registration',
    family: 'code',
    email: form.email,
    ip,
    code: form.code,
    browserToken,
  });

  const stored = v.safeParse(storedDetails, row.payload);
  const details = stored.success ? stored.output : form;
  // The account's password goes by mail: refused with the budget spent, the code stays unused for later.
  await spendMailBudget(deps, 'registration password');
  const password = generatePassword();
  const passwordHash = await deps.passwords.hash(password); // slow: kept outside the transaction
  const now = deps.now();
  try {
    await deps.database.db.transaction(async (tx) => {
      if (!(await markUsed(tx, row.id, now))) throw fieldFailure('code', DEAD_CODE_MESSAGE);
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
