import { and, eq, ne, sql } from 'drizzle-orm';
import { PROFILE_MESSAGES, type personalDataForm, type settingsForm } from '#shared/screens/profile.ts';
import type * as v from 'valibot';
import type { AppDeps } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { recordEvent } from '#server/db/journal.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { fieldFailure, unauthorized } from '#server/lib/api-failure.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { emailChangeCodeMail, emailChangedMail } from '#server/services/accounts/account-mails.ts';
import { EMAIL_TAKEN_MESSAGE, mailQuietly } from '#server/services/accounts/accounts.ts';
import { checkCode, issueCode, markUsed, resendTooSoon, resendWait } from '#server/services/accounts/one-time-codes.ts';
import { rateRules } from '#server/services/rate-limit.ts';
import { browserOfAccount, countCodeAsk, countCodeGuess } from '#server/services/accounts/code-limits.ts';
import { DEAD_CODE_MESSAGE, WRONG_CODE_MESSAGE } from '#server/services/accounts/browser-codes.ts';
import { queueMail } from '#server/services/notifications/mail-queue.ts';

// The clinic's own data (cabinet.md §2 Personal data, Settings; API.md `client.updated`). A new
// login e-mail is only written once the code mailed to it comes back: until then the old one logs
// in, so a typo or someone at an unlocked screen cannot take the account from its owner.

type PersonalData = v.InferOutput<typeof personalDataForm>;
type Settings = v.InferOutput<typeof settingsForm>;

async function lockedClient(tx: Tx, clientId: number) {
  const [row] = await tx.select().from(clients).where(eq(clients.id, clientId)).for('update').limit(1);
  if (!row) throw unauthorized();
  return row;
}

async function emailTakenByOther(tx: Tx, email: string, clientId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(sql`lower(${clients.email}) = ${email}`, ne(clients.id, clientId)))
    .limit(1);
  return row !== undefined;
}

/** The fields whose value changes, as `client.updated` names them. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(after).filter(([field, value]) => before[field] !== value));
}

async function recordUpdate(tx: Tx, clientId: number, changed: Record<string, unknown>, now: Date): Promise<void> {
  if (Object.keys(changed).length > 0)
    await recordEvent(tx, {
      type: 'client.updated',
      clientId,
      payload: { client_id: clientId, changed },
      createdAt: now,
    });
}

/** An e-mail change code's payload: the account that asked. */
interface ChangeCodePayload {
  clientId: number;
}

const codeSentMessage = (email: string) =>
  `Код подтверждения отправлен на ${email}. Адрес изменится, когда вы введёте код.`;

/**
 * Whether a code may be mailed to `email` now; checked before the transaction that mails it (the
 * limits write through their own connection). Within 30 s of the last one: no (that code is still
 * good), or, when `force`d (the user asked for another), a 429 saying how long to wait. Otherwise
 * it counts against the account (whatever the address: one account must not mail anyone it
 * likes), the IP, the address's budgets and the hourly mail budget, or refuses with a 429.
 */
async function mayMailCode(
  deps: AppDeps,
  clientId: number,
  email: string,
  ip: string,
  { force }: { force: boolean },
): Promise<boolean> {
  const wait = await resendWait(deps.database.db, email, deps.now(), 'email_change');
  if (wait > 0) {
    if (!force) return false;
    throw resendTooSoon(wait);
  }
  const who = { browser: browserOfAccount(clientId), ip };
  const extra = [[rateRules.codeSendAccount, String(clientId)]] as const;
  await countCodeAsk(deps, { family: 'code', email, who, extra, budget: 'e-mail change code' });
  return true;
}

/**
 * Stores a code for the new address and queues its mail, in the caller's transaction (the mail goes
 * once the code is stored). The code is for this account too: another one waiting for the same address cannot use it.
 */
async function mailChangeCode(deps: AppDeps, tx: Tx, clientId: number, email: string, now: Date): Promise<void> {
  const { code } = await issueCode(tx, 'email_change', email, { clientId } satisfies ChangeCodePayload, now);
  await queueMail(deps, tx, emailChangeCodeMail(email, code));
}

async function currentEmails(deps: AppDeps, clientId: number) {
  const [row] = await deps.database.db
    .select({ email: clients.email, pending: clients.pendingEmail })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!row) throw unauthorized();
  return row;
}

/** Личные данные: name, surname and phone at once; a new e-mail waits for its code. */
export async function updatePersonalData(deps: AppDeps, clientId: number, input: PersonalData, ip: string) {
  const now = deps.now();
  const before = await currentEmails(deps, clientId);
  const asked = input.email === before.email.toLowerCase() ? null : input.email;
  const mail = asked !== null && (await mayMailCode(deps, clientId, asked, ip, { force: false }));
  return deps.database.db.transaction(async (tx) => {
    const client = await lockedClient(tx, clientId);
    const wanted = { name: input.name, surname: input.surname, phone: input.phone };
    const changed = changes(client, wanted);
    const newEmail = input.email === client.email.toLowerCase() ? null : input.email;
    if (newEmail && (await emailTakenByOther(tx, newEmail, clientId))) throw fieldFailure('email', EMAIL_TAKEN_MESSAGE);
    // Typing the current address back cancels a change that waits for its code.
    await tx
      .update(clients)
      .set({ ...wanted, pendingEmail: newEmail })
      .where(eq(clients.id, clientId));
    await recordUpdate(tx, clientId, changed, now);
    if (newEmail === null) return { success: true as const, message: PROFILE_MESSAGES.saved, email_change: null };
    if (mail && newEmail === asked) await mailChangeCode(deps, tx, clientId, newEmail, now);
    return {
      success: true as const,
      message: PROFILE_MESSAGES.saved,
      email_change: { email: newEmail, message: codeSentMessage(newEmail) },
    };
  });
}

export async function resendEmailChangeCode(deps: AppDeps, clientId: number, ip: string): Promise<string> {
  const now = deps.now();
  const { pending } = await currentEmails(deps, clientId);
  if (pending === null) throw fieldFailure('code', PROFILE_MESSAGES.noPendingEmail);
  await mayMailCode(deps, clientId, pending, ip, { force: true });
  await deps.database.db.transaction((tx) => mailChangeCode(deps, tx, clientId, pending, now));
  return codeSentMessage(pending);
}

/** The code from the new address: it becomes the login (and a confirmed one); the old address is told. */
export async function confirmEmailChange(deps: AppDeps, clientId: number, code: string, ip: string): Promise<string> {
  const { pending } = await currentEmails(deps, clientId);
  if (pending === null) throw fieldFailure('code', PROFILE_MESSAGES.noPendingEmail);
  await countCodeGuess(deps, 'code', pending, { browser: browserOfAccount(clientId), ip });
  const check = await checkCode(deps, 'email_change', pending, code);
  if (check.status === 'wrong') throw fieldFailure('code', WRONG_CODE_MESSAGE);
  if (check.status === 'dead') throw fieldFailure('code', DEAD_CODE_MESSAGE);
  const now = deps.now();
  let oldEmail = '';
  try {
    await deps.database.db.transaction(async (tx) => {
      const client = await lockedClient(tx, clientId);
      // Changed meanwhile (another tab typed another address): this code is for an address no longer asked for.
      // Or asked by another account for the same address: that one's code is not this one's.
      const forThisAccount = (check.row.payload as ChangeCodePayload | null)?.clientId === clientId;
      if (client.pendingEmail !== pending || !forThisAccount || !(await markUsed(tx, check.row.id, now)))
        throw fieldFailure('code', DEAD_CODE_MESSAGE);
      if (await emailTakenByOther(tx, pending, clientId)) throw fieldFailure('code', EMAIL_TAKEN_MESSAGE);
      oldEmail = client.email;
      await tx
        .update(clients)
        .set({ email: pending, pendingEmail: null, emailConfirmedAt: now })
        .where(eq(clients.id, clientId));
      await recordUpdate(tx, clientId, { email: pending }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldFailure('code', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  await mailQuietly(deps, emailChangedMail(oldEmail, pending));
  return PROFILE_MESSAGES.emailChanged(pending);
}

/** Настройки: surname, name, patronymic and the organisation. */
export async function updateSettings(deps: AppDeps, clientId: number, input: Settings): Promise<string> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const client = await lockedClient(tx, clientId);
    const wanted = {
      surname: input.surname,
      name: input.name,
      patronymic: input.patronymic === '' ? null : input.patronymic,
      company: input.company,
    };
    await tx.update(clients).set(wanted).where(eq(clients.id, clientId));
    await recordUpdate(tx, clientId, changes(client, wanted), now);
  });
  return PROFILE_MESSAGES.saved;
}
