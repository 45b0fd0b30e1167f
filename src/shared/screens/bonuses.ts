import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { programmeNotice } from '../api/loyalty-programme.ts';

// The clinic's 'Бонусы' page (portal.md §4.7; ADR 0016): the active balance,
// points waiting to activate, points about to expire and the ledger with where each change came from.

export const BONUS_ROW_KINDS = ['earned', 'credited', 'returned', 'spent', 'annulled', 'expired'] as const;
export type BonusRowKind = (typeof BONUS_ROW_KINDS)[number];

/** Why the clinic earns nothing now (null: it earns). */
export const NOT_EARNING_REASONS = ['left', 'suspended', 'programme'] as const;

const isoDate = v.string();

export const bonusRow = v.object({
  /** Unique in the list: an entry's id, or the entry's id with ':expired' / ':ended' for what the clock did to it. */
  key: v.string(),
  kind: v.picklist(BONUS_ROW_KINDS),
  /** Signed: + earned, credited, returned; − spent, annulled, expired. */
  points: v.number(),
  date: isoDate,
  reason: v.string(),
  /** For credits: where they stand now. */
  state: v.nullable(v.picklist(['pending', 'active', 'spent', 'expired', 'annulled'])),
  activates_at: v.nullable(isoDate),
  expires_at: v.nullable(isoDate),
  ticket_id: v.nullable(v.number()),
  bill: v.nullable(v.string()),
  order: v.nullable(v.string()),
});
export type BonusRow = v.InferOutput<typeof bonusRow>;

export const bonusesData = v.object({
  balance: v.number(),
  pending: v.number(),
  /** Pending points by the day they activate; null: held while participation is suspended. */
  pending_by_date: v.array(v.object({ points: v.number(), activates_at: v.nullable(isoDate) })),
  /** Active points that expire within 30 days, by expiry. */
  expiring: v.array(v.object({ points: v.number(), expires_at: isoDate })),
  not_earning: v.nullable(v.picklist(NOT_EARNING_REASONS)),
  programme: programmeNotice,
  rows: v.array(bonusRow),
});
export type BonusesData = v.InferOutput<typeof bonusesData>;

export const getBonuses = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/points',
  output: okResponse({ data: bonusesData }),
});

/**
 * Retired (ADR 0016, amended): it was the separate eligibility confirmation. Every account takes part from
 * registration now; the call stays so that a page loaded before the change, or a cached service
 * worker's copy, gets a plain answer instead of a 404. It writes nothing.
 */
export const confirmBonusEligibility = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/points/eligibility',
  input: v.object({ confirmed: v.optional(v.boolean()) }),
  output: okResponse({ message: v.string() }),
});

export const BONUS_TEXTS = {
  /** What the retired eligibility call answers an old page (ADR 0016, amended: every account takes part). */
  eligibilityNotNeeded: 'Подтверждение больше не нужно: вы участник программы лояльности с регистрации.',
  earning: 'Вы участник программы лояльности: за каждый оплаченный ремонт начисляется 5 % его стоимости бонусами.',
  left: 'Бонусы не начисляются: вы вышли из программы лояльности.',
  suspended: 'Участие в программе лояльности приостановлено: новые бонусы не активируются до его восстановления.',
  /** A promo code's or a survey's refusal once a pause or end is announced (the page shows the notice instead). */
  programmePaused: 'Бонусы не начисляются: объявлена приостановка программы лояльности.',
  programmeEnding: 'Бонусы не начисляются: объявлено завершение программы лояльности.',
} as const;
