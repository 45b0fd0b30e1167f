import type { CreateClientInput } from '#shared/api/integration.ts';
import type { AppDeps, MailMessage } from '#server/context.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { credentialsMail } from '#server/services/accounts/account-mails.ts';
import { EMAIL_TAKEN_MESSAGE, insertClient, type NewClient } from '#server/services/accounts/accounts.ts';
import { generatePassword } from '#server/services/accounts/passwords.ts';
import { queueMail } from '#server/services/notifications/mail-queue.ts';

/**
 * The back office opens an account, a clinic's or a courier's. Without a password one is generated
 * and its mail (`mailOf`) queued in the same transaction: it goes once the account exists. A taken
 * e-mail is 409.
 */
export async function openAccountFromBackOffice(
  deps: AppDeps,
  password: string | undefined,
  account: Omit<NewClient, 'emailConfirmed'>,
  mailOf: (generated: string) => MailMessage,
): Promise<number> {
  const generated = password === undefined ? generatePassword() : undefined;
  const passwordHash = await deps.passwords.hash(password ?? generated ?? '');
  const now = deps.now();
  try {
    return await deps.database.db.transaction(async (tx) => {
      // A password of the back office's own proves nothing about the mailbox; one only mailed there does.
      const id = await insertClient(
        tx,
        { ...account, emailConfirmed: generated !== undefined },
        passwordHash,
        now,
        'integration',
        409,
      );
      if (generated) await queueMail(deps, tx, mailOf(generated));
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldFailure('email', EMAIL_TAKEN_MESSAGE, 409);
    throw error;
  }
}

/** POST /api/v1/clients: a clinic's account. */
export function createClientFromBackOffice(deps: AppDeps, input: CreateClientInput): Promise<number> {
  return openAccountFromBackOffice(
    deps,
    input.password,
    {
      email: input.email,
      name: input.name,
      surname: input.surname,
      patronymic: input.patronymic || null,
      phone: input.phone || null,
      company: input.company || null,
    },
    (generated) => credentialsMail(input.email, generated, deps.config.publicUrl, input.name),
  );
}
