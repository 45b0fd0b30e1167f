import type { CreateClientInput } from '#shared/api/integration.ts';
import type { AppDeps } from '#server/context.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { credentialsMail } from '#server/services/accounts/account-mails.ts';
import { EMAIL_TAKEN_MESSAGE, insertClient } from '#server/services/accounts/accounts.ts';
import { generatePassword } from '#server/services/accounts/passwords.ts';
import { queueMail } from '#server/services/notifications/mail-queue.ts';

/**
 * POST /api/v1/clients: the back office opens an account. Without a password one is generated
 * and its mail queued in the same transaction (it goes once the account exists). A taken e-mail is 409.
 */
export async function createClientFromBackOffice(deps: AppDeps, input: CreateClientInput): Promise<number> {
  const generated = input.password === undefined ? generatePassword() : undefined;
  const passwordHash = await deps.passwords.hash(input.password ?? generated ?? '');
  const now = deps.now();
  try {
    return await deps.database.db.transaction(async (tx) => {
      const id = await insertClient(
        tx,
        {
          email: input.email,
          name: input.name,
          surname: input.surname,
          patronymic: input.patronymic || null,
          phone: input.phone || null,
          company: input.company || null,
          // A password of the back office's own proves nothing about the mailbox; one only mailed there does.
          emailConfirmed: generated !== undefined,
        },
        passwordHash,
        now,
        'integration',
        409,
      );
      if (generated)
        await queueMail(deps, tx, credentialsMail(input.email, generated, deps.config.publicUrl, input.name));
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldFailure('email', EMAIL_TAKEN_MESSAGE, 409);
    throw error;
  }
}
