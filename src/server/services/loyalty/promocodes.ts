import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { CreatePromocodeInput } from '#shared/api/integration-promo-quiz.ts';
import { promoQuizMessages } from '#shared/api/integration-promo-quiz.ts';
import { PROMOCODE_MESSAGES, promocodeKey } from '#shared/screens/promocodes.ts';
import type { AppDeps } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { recordEvent } from '#server/db/journal.ts';
import { promocodes, promocodeUses } from '#server/db/schema/loyalty.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { creditRefusal } from '#server/services/loyalty/credit-rules.ts';
import { credit, loadLedger } from '#server/services/loyalty/points.ts';
import { enforceLimits, rateRules, refundHits } from '#server/services/rate-limit.ts';

// Promo codes (portal.md §4.3, API.md §Loyalty programme): the back office makes them, a clinic
// redeems each once. "Once" is the primary key of promocode_uses, not a check before a write, so
// parallel taps credit once; the use limit is the `uses` counter raised by one conditional UPDATE,
// which holds the code's row lock until commit, so concurrent clients never pass `max_uses`.

/** A date alone means through the end of that day in Moscow (UTC+3 all year), where the clinics are. */
export function validityEnd(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999+03:00` : value);
}

export async function createPromocode(deps: AppDeps, input: CreatePromocodeInput): Promise<{ id: number }> {
  const [row] = await deps.database.db
    .insert(promocodes)
    .values({
      code: input.code,
      codeKey: promocodeKey(input.code),
      points: input.points,
      maxUses: input.max_uses,
      validUntil: input.valid_until === null ? null : validityEnd(input.valid_until),
      createdAt: deps.now(),
    })
    .onConflictDoNothing({ target: promocodes.codeKey })
    .returning({ id: promocodes.id });
  if (!row) throw fieldFailure('code', promoQuizMessages.codeTaken, 409);
  return row;
}

/** Every refusal names the code in `errors.code`: the result popup's heading (portal.md §8). */
const refuse = (message: string) => fieldFailure('code', message);

/** Redeems `code` for the client in `tx`: one use, the points, one `promocode.used`; a refusal writes nothing. */
async function redeem(tx: Tx, clientId: number, code: string, now: Date): Promise<number> {
  const [promo] = await tx
    .select()
    .from(promocodes)
    .where(eq(promocodes.codeKey, promocodeKey(code)))
    .limit(1);
  if (!promo) throw refuse(PROMOCODE_MESSAGES.unknown);
  if (promo.validUntil !== null && promo.validUntil.getTime() < now.getTime()) throw refuse(PROMOCODE_MESSAGES.expired);
  // A parallel first use of the same client waits here for the other to commit, then inserts nothing.
  const used = await tx
    .insert(promocodeUses)
    .values({ promocodeId: promo.id, clientId, points: promo.points, createdAt: now })
    .onConflictDoNothing()
    .returning({ clientId: promocodeUses.clientId });
  if (used.length === 0) throw refuse(PROMOCODE_MESSAGES.used);
  const counted = await tx
    .update(promocodes)
    .set({ uses: sql`${promocodes.uses} + 1` })
    .where(and(eq(promocodes.id, promo.id), or(isNull(promocodes.maxUses), lt(promocodes.uses, promocodes.maxUses))))
    .returning({ uses: promocodes.uses });
  if (counted.length === 0) throw refuse(PROMOCODE_MESSAGES.exhausted);
  await credit(tx, clientId, promo.points, `Промокод ${promo.code}`, now, 'code');
  await recordEvent(tx, {
    type: 'promocode.used',
    clientId,
    payload: { client_id: clientId, code: promo.code, points: promo.points },
    createdAt: now,
  });
  return promo.points;
}

/**
 * The clinic's `POST /ajax/promocode/set`: the points credited. Guessing is throttled: every try
 * counts against the account and the address (20 an hour each, a 429 after), and a code that
 * worked gives its hits back, so only wrong codes use the allowance. Counting before the try
 * (not after a failure) keeps a parallel burst of guesses from all slipping past the limit.
 */
export async function applyPromocode(deps: AppDeps, clientId: number, ip: string, code: string): Promise<number> {
  // A clinic that left, or any once the programme's end is announced, is told so before its try is
  // counted as a guess: it is not guessing. `credit()` checks again under the client lock.
  const ledger = await loadLedger(deps.database.db, clientId, deps.now());
  const refusal = ledger && creditRefusal(ledger);
  if (refusal) throw fieldFailure('code', refusal, 409);
  const counted = await enforceLimits(deps, [
    [rateRules.promocodeAccount, String(clientId)],
    [rateRules.promocodeIp, ip],
  ]);
  const now = deps.now();
  const points = await deps.database.db.transaction((tx) => redeem(tx, clientId, code, now));
  await refundHits(deps, counted, rateRules.promocodeAccount);
  await refundHits(deps, counted, rateRules.promocodeIp);
  return points;
}
