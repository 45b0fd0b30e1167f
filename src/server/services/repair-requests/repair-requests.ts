import { countRefusal } from '#server/metrics/domain.ts';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { pickupDateProblem } from '#shared/screens/pickup-days.ts';
import {
  CUSTOM_INSTRUMENT_TYPE,
  REPAIR_REQUESTS_PER_HOUR,
  repairMessages,
  tooManyRepairRequestsMessage,
  type RepairRequestValues,
} from '#shared/screens/repair-requests.ts';
import { offeredCentres } from '#shared/screens/geo/service-centres.ts';
import type { Logger } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { recordEvent, recordHistory } from '#server/db/journal.ts';
import { accountAccesses, clients } from '#server/db/schema/accounts.ts';
import { levelGives, levelRefusalMessage } from '#shared/screens/access-levels.ts';
import { ACCESS_LEVEL_REFUSAL } from '#shared/api/endpoint.ts';
import { files, repairRequests } from '#server/db/schema/repair-requests.ts';
import { instruments, tickets } from '#server/db/schema/tickets.ts';
import { offices } from '#server/db/schema/places.ts';
import { ApiFailure, fieldFailure, notFound, tooManyRequests } from '#server/lib/api-failure.ts';
import { markSavedAddressChecked } from '../places/addresses.ts';
import type { PickupAddressCheck } from '../places/geo.ts';
import { loadPickupCalendar } from '../places/pickup-calendar.ts';
import { HOUR_MS } from '#shared/durations.ts';
import { trustedPageMoment } from '#server/lib/page-moment.ts';

// A repair request made in the portal (portal.md §2.1–2.2, API.md): the ticket (status 1 'Ожидает
// одобрения', the chosen centre), its instruments, what the clinic sent beside them (contact,
// address, pickup date, photos), the consents, a history line and one `ticket.created` event with
// the whole request — in the caller's transaction, so that all or nothing is written (and, through
// withIdempotency, at most once per key).

/** 'Ожидает одобрения' (src/shared/dictionaries/ticket-statuses.ts). */
const NEW_TICKET_STATUS = 1;

export interface RepairCaller {
  viewerId: number;
  now: Date;
  /** PICKUP_CUTOFF_HOUR (unset: 12). */
  pickupCutoffHour?: number | undefined;
  /** Where the pickup calendar warns of a year it has no decree for. */
  log?: Pick<Logger, 'warn'> | undefined;
}

/**
 * When the request was made, for the pickup-day rule: the page's `made_at` when it lies in the past
 * the outbox can span (a request queued offline yesterday is judged by yesterday's offer, which the
 * clinic chose from), else now — a clock ahead, or a claim older than any queued request, gains nothing.
 */
function madeAtOf(input: RepairRequestValues, now: Date): Date {
  return trustedPageMoment(input.made_at, now);
}

/** The day the courier comes: offered when the request was made and not over yet (src/shared/screens/pickup-days.ts). */
async function requirePickupDay(tx: Tx, caller: RepairCaller, input: RepairRequestValues): Promise<void> {
  const madeAt = madeAtOf(input, caller.now);
  const calendar = await loadPickupCalendar(tx, caller, madeAt);
  const problem = pickupDateProblem(input.address.pickup_date, calendar, madeAt, caller.now);
  if (problem) throw fieldFailure('address.pickup_date', problem);
}

async function requireCentre(tx: Tx, officeId: number, address: string) {
  const all = await tx.select().from(offices);
  const rules = all.map((row) => ({ id: row.id, region: row.region, is_show_in_crimea: row.isShowInCrimea }));
  if (!all.some((row) => row.id === officeId)) throw fieldFailure('address.office_id', repairMessages.centreNotFound);
  if (!offeredCentres(rules, address).some((office) => office.id === officeId))
    throw fieldFailure('address.office_id', repairMessages.noCentre);
}

/** The photos, if every one is the caller's own upload and no ticket uses it yet; locked until commit. */
async function requireOwnPhotos(tx: Tx, viewerId: number, fileIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(fileIds)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, unique), eq(files.ownerClientId, viewerId)))
    .for('update');
  const used = await tx
    .select({ ticketId: repairRequests.ticketId })
    .from(repairRequests)
    .where(or(...unique.map((id) => sql`${repairRequests.fileIds} @> ${JSON.stringify([id])}::jsonb`)))
    .limit(1);
  if (rows.length !== unique.length || used.length > 0) throw fieldFailure('file_ids', repairMessages.photoNotFound);
  return unique;
}

/** Consents asked once (portal.md §5 Step 3): given now, or earlier and remembered with the date. */
async function recordConsents(tx: Tx, caller: RepairCaller, input: RepairRequestValues): Promise<void> {
  const [client] = await tx
    .select({ policy: clients.consentPolicyAt, loyalty: clients.consentLoyaltyAt })
    .from(clients)
    .where(eq(clients.id, caller.viewerId))
    .limit(1);
  const policyAt = client?.policy ?? (input.approval_policy ? caller.now : null);
  const loyaltyAt = client?.loyalty ?? (input.approval_loyalty ? caller.now : null);
  if (policyAt === null) throw fieldFailure('approval_policy', repairMessages.consentPolicy);
  if (loyaltyAt === null) throw fieldFailure('approval_loyalty', repairMessages.consentLoyalty);
  // Written once, the first time each is given; an account that gave both before is not touched.
  if (client?.policy === null || client?.loyalty === null) {
    await tx
      .update(clients)
      .set({ consentPolicyAt: policyAt, consentLoyaltyAt: loyaltyAt })
      .where(eq(clients.id, caller.viewerId));
  }
}

/**
 * The pickup address as the back office gets it: a checked one as the provider formats it, with the
 * found house's point whatever the page sent; an unchecked one as typed, marked so that someone calls.
 */
function pickupAddress(
  { pickup_date: _date, office_id: _office, ...address }: RepairRequestValues['address'],
  place: PickupAddressCheck,
) {
  if (!place.checked) return { ...address, checked: false };
  return { ...address, address: place.address, coordinates: `${place.latitude},${place.longitude}`, checked: true };
}

/**
 * Only a confirmed e-mail sends requests: the wizard's code step, enforced here. A 422 the page and
 * the worker's outbox show as a refusal; checked before the Idempotency-Key is claimed (a route guard),
 * so it is not stored under the key and the same request goes through once the e-mail is confirmed.
 */
export async function requireConfirmedEmail(db: Db, clientId: number): Promise<void> {
  const [account] = await db
    .select({ confirmedAt: clients.emailConfirmedAt })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!account?.confirmedAt) throw new ApiFailure(422, { success: false, message: repairMessages.emailNotConfirmed });
}

/**
 * At most REPAIR_REQUESTS_PER_HOUR requests an hour, counted from the tickets themselves under the
 * client row's lock (withIdempotency), so a parallel burst cannot pass the limit and a replayed key
 * counts once. A 429 is not stored under the key: the outbox sends again after Retry-After.
 */
async function requireAllowance(tx: Tx, caller: RepairCaller): Promise<void> {
  const recent = await tx
    .select({ createdAt: tickets.createdAt })
    .from(tickets)
    .innerJoin(repairRequests, eq(repairRequests.ticketId, tickets.id))
    .where(and(eq(tickets.authorId, caller.viewerId), gt(tickets.createdAt, new Date(caller.now.getTime() - HOUR_MS))))
    .orderBy(tickets.createdAt)
    .limit(REPAIR_REQUESTS_PER_HOUR);
  const oldest = recent[0];
  if (recent.length < REPAIR_REQUESTS_PER_HOUR || !oldest) return;
  const retryAfter = (oldest.createdAt.getTime() + HOUR_MS - caller.now.getTime()) / 1000;
  countRefusal('repair-requests:account');
  throw tooManyRequests(tooManyRepairRequestsMessage(retryAfter), retryAfter);
}

/**
 * Whose ticket the request makes: the caller's, or the clinic's named by `for_client_id` when that
 * clinic gave the caller a level with its tickets (ADR 0049); another level is its 403, no access a 404.
 */
async function requestOwner(tx: Tx, viewerId: number, forClientId: number | null): Promise<number> {
  if (forClientId === null || forClientId === viewerId) return viewerId;
  const [grant] = await tx
    .select({ level: accountAccesses.level })
    .from(accountAccesses)
    .where(and(eq(accountAccesses.ownerClientId, forClientId), eq(accountAccesses.granteeClientId, viewerId)))
    .limit(1);
  if (!grant) throw notFound();
  if (!levelGives(grant.level, 'tickets'))
    throw new ApiFailure(403, {
      success: false,
      message: levelRefusalMessage(grant.level, 'tickets'),
      details: { reason: ACCESS_LEVEL_REFUSAL, level: grant.level },
    });
  return forClientId;
}

/** `place`: the address checked with the geo provider before the transaction (checkPickupAddress). */
export async function createRepairRequest(
  tx: Tx,
  caller: RepairCaller,
  input: RepairRequestValues,
  place: PickupAddressCheck,
): Promise<{ success: true; ticket_id: number }> {
  await requireAllowance(tx, caller);
  // Whose ticket first: a level without tickets is refused before the request's own checks.
  const ownerId = await requestOwner(tx, caller.viewerId, input.for_client_id ?? null);
  await requirePickupDay(tx, caller, input);
  await requireCentre(tx, input.address.office_id, input.address.address);
  const fileIds = await requireOwnPhotos(tx, caller.viewerId, input.file_ids);
  await recordConsents(tx, caller, input);

  const [account] = await tx
    .select({ email: clients.email })
    .from(clients)
    .where(eq(clients.id, caller.viewerId))
    .limit(1);
  const [ticket] = await tx
    .insert(tickets)
    .values({
      // A colleague's request for the clinic is the clinic's ticket, the colleague its author and contact.
      clientId: ownerId,
      authorId: caller.viewerId,
      status: NEW_TICKET_STATUS,
      officeId: input.address.office_id,
      createdAt: caller.now,
    })
    .returning({ id: tickets.id });
  const ticketId = ticket!.id;
  const rows = await tx
    .insert(instruments)
    .values(
      input.instruments.map((item) => ({
        ticketId,
        serialNumber: item.serial_number,
        type: item.type,
        name: item.type === CUSTOM_INSTRUMENT_TYPE ? item.name : null,
        description: item.description,
        guarantee: item.guarantee,
      })),
    )
    .returning({ id: instruments.id });
  const instrumentIds = rows.map((row) => row.id).sort((a, b) => a - b);

  const contact = { ...input.contact, email: account?.email ?? '' };
  const { pickup_date: pickupDate, office_id: officeId } = input.address;
  const address = pickupAddress(input.address, place);
  await markSavedAddressChecked(tx, caller.viewerId, input.address.address, place);
  await tx.insert(repairRequests).values({ ticketId, contact, address, pickupDate, fileIds, createdAt: caller.now });
  await recordHistory(tx, {
    clientId: ownerId,
    ticketId,
    description: `Создана заявка №${ticketId}`,
    subjectType: 'Ticket',
    subjectId: ticketId,
    createdAt: caller.now,
  });
  await recordEvent(tx, {
    type: 'ticket.created',
    clientId: ownerId,
    ticketId,
    createdAt: caller.now,
    payload: {
      ticket_id: ticketId,
      source: 'portal',
      status: NEW_TICKET_STATUS,
      office_id: officeId,
      instrument_ids: instrumentIds,
      contact,
      address,
      pickup_date: pickupDate,
      instruments: input.instruments.map((item, index) => ({
        id: instrumentIds[index]!,
        serial_number: item.serial_number,
        type: item.type,
        name: item.type === CUSTOM_INSTRUMENT_TYPE ? item.name : null,
        description: item.description,
        guarantee: item.guarantee,
      })),
      file_ids: fileIds,
    },
  });
  return { success: true, ticket_id: ticketId };
}
