import { idempotentReplays } from '#server/metrics/domain.ts';
import { spendMailBudget } from '#server/services/accounts/mail-budget.ts';
import { and, eq } from 'drizzle-orm';
import {
  createGuestRepairRequest,
  guestMessages,
  type GuestRepairRequestValues,
} from '#shared/screens/guest-requests.ts';
import type { AppDeps } from '#server/context.ts';
import { recordEvent } from '#server/db/journal.ts';
import { idempotencyKeys } from '#server/db/schema/platform.ts';
import { ApiFailure, fieldFailure } from '#server/lib/api-failure.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { credentialsMail } from '#server/services/accounts/account-mails.ts';
import { EMAIL_TAKEN_MESSAGE, findClientByEmail, insertClient } from '#server/services/accounts/accounts.ts';
import { checkPickupAddress } from '#server/services/places/geo.ts';
import { requireGuestConfirmed } from '#server/services/repair-requests/guest-codes.ts';
import { KEY_REUSED_MESSAGE, requestHash } from '#server/services/idempotency.ts';
import { generatePassword } from '#server/services/accounts/passwords.ts';
import {
  requestWithPhotosIdentity,
  withStoredPhotos,
  type RequestWithPhotos,
} from '#server/services/repair-requests/repair-photos.ts';
import { enforceLimits, rateRules } from '#server/services/rate-limit.ts';
import { createRepairRequest } from '#server/services/repair-requests/repair-requests.ts';
import { queueMail } from '#server/services/notifications/mail-queue.ts';

// A guest's repair request (portal.md §2.1; docs/api.md): the account and the ticket in one transaction, the password
// mailed as registration mails it. The Idempotency-Key is scoped by the confirmed e-mail: it is
// stored under the account it made, so the same key from the same e-mail (which only the browser
// that entered the code can send) finds that account's stored answer; any other request for an
// e-mail that has an account is the 409 of the code step, and attaches nothing to it.

export interface GuestCaller {
  key: string;
  /** The browser's guest token (its cookie), null when it has none. */
  guestToken: string | null;
  ip: string;
}

type GuestAnswer = { success: true; ticket_id: number; email: string };

/** The stored answer to this key for the account the e-mail has, or the 409 when the account is not this key's. */
async function answerOfExisting(
  deps: AppDeps,
  clientId: number,
  key: string,
  hash: string,
): Promise<{ body: GuestAnswer; replayed: true }> {
  const [stored] = await deps.database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!stored) throw fieldFailure('contact.email', guestMessages.emailRegistered, 409);
  if (stored.requestHash !== hash) throw new ApiFailure(422, { success: false, message: KEY_REUSED_MESSAGE });
  idempotentReplays.inc({ call: 'POST guest repair request' });
  return { body: stored.response as GuestAnswer, replayed: true };
}

/**
 * Creates the account and its first ticket once per (e-mail, key); a repeat gets the first answer.
 * Photos sent with it (already in the file store) become the new account's files in the same
 * transaction; `replayed: false` means a ticket names them, else the caller deletes them.
 */
export async function createGuestRequest(
  deps: AppDeps,
  sent: RequestWithPhotos<GuestRepairRequestValues>,
  caller: GuestCaller,
): Promise<{ body: GuestAnswer; replayed: boolean }> {
  const { input } = sent;
  const email = input.contact.email;
  await enforceLimits(deps, [
    [rateRules.guestRequestEmail, email],
    [rateRules.guestRequestIp, caller.ip],
  ]);
  await requireGuestConfirmed(deps, email, caller.guestToken);
  // One key space for both calls (with photos or without): the photos' contents are part of the request.
  const body = sent.photos.length === 0 ? input : requestWithPhotosIdentity(sent);
  const hash = requestHash({ method: createGuestRepairRequest.method, path: createGuestRepairRequest.path, body });
  const { db } = deps.database;
  const existing = await findClientByEmail(db, email);
  if (existing) return answerOfExisting(deps, existing.id, caller.key, hash);

  // The new account's password goes by mail: with the hour's mail budget spent, no account is made.
  await spendMailBudget(deps, 'guest request password');
  // Slow, so outside the transaction: the geo provider (up to 3 s) and the password hash.
  const place = await checkPickupAddress(deps, input.address.address, 'address.address');
  const password = generatePassword();
  const passwordHash = await deps.passwords.hash(password);
  const now = deps.now();
  const { email: _email, ...contact } = input.contact;
  try {
    const answer = await db.transaction(async (tx): Promise<GuestAnswer> => {
      const clientId = await insertClient(
        tx,
        {
          email,
          name: contact.name,
          surname: contact.surname,
          phone: contact.phone,
          company: input.address.company,
          emailConfirmed: true,
        },
        passwordHash,
        now,
        'portal',
        409,
      );
      await recordEvent(tx, {
        type: 'client.created',
        clientId,
        createdAt: now,
        payload: {
          client_id: clientId,
          source: 'portal',
          email,
          name: contact.name,
          surname: contact.surname,
          phone: contact.phone,
          company: input.address.company,
        },
      });
      const owner = { viewerId: clientId, now, pickupCutoffHour: deps.config.pickupCutoffHour, log: deps.log };
      const named = await withStoredPhotos(tx, clientId, sent);
      const ticket = await createRepairRequest(tx, owner, { ...named, contact }, place);
      const answer: GuestAnswer = { ...ticket, email };
      await tx
        .insert(idempotencyKeys)
        .values({ clientId, key: caller.key, requestHash: hash, status: 200, response: answer, createdAt: now });
      await queueMail(deps, tx, credentialsMail(email, password, deps.config.publicUrl, contact.name));
      return answer;
    });
    return { body: answer, replayed: false };
  } catch (error) {
    // A parallel request with the e-mail made the account first: this one is its repeat, or the 409.
    const lostRace =
      isUniqueViolation(error) || (error instanceof ApiFailure && error.body.message === EMAIL_TAKEN_MESSAGE);
    const winner = lostRace ? await findClientByEmail(db, email) : undefined;
    if (winner) return answerOfExisting(deps, winner.id, caller.key, hash);
    throw error;
  }
}
