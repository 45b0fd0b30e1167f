import * as v from 'valibot';
import { object } from '../api/object.ts';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { MAX_INT4, positiveInt4 } from '../api/ids.ts';
import { moneyString, nullableMoney } from '../api/query.ts';
import { requiredChoice } from '../validation/required-choice.ts';
import { REJECT_REASONS } from '../dictionaries/reject-reasons.ts';
import { toKopecks } from '../format/number/kopecks.ts';
import { formatPoints } from '../format/number/money.ts';
import { cleanText } from '../validation/invisible-characters.ts';

// Decisions on repair quotes (cabinet.md §2 Popups, §4 Approval, §5). Every call carries an
// `Idempotency-Key` header made when the user tapped, and names the statement version the user saw.

/** Share of a repair's cost that points may cover (portal.md §9). */
export const MAX_POINTS_SHARE = 0.3;

export const decisionMessages = {
  reasonRequired: 'Выберите причину',
  commentRequired: 'Введите комментарий',
  giftRequired: 'Выберите подарок',
  ballsRequired: 'Введите количество баллов',
  /** The limit written as the hint beside the input writes it: '1 994' (cabinet.md §5). */
  ballsTooMany: (limit: number) => `Списать можно только ${formatPoints(limit)} и меньше`,
  conflict: 'Ведомость изменилась, пока вы её смотрели. Проверьте новые условия и примите решение снова.',
  alreadyDecided: 'По этой ведомости уже принято решение.',
  /** Refusals of a decision on a quote the back office no longer offers (decisionClosedReason). */
  statementClosed: 'Сервисный центр уже закрыл эту ведомость. Решение по ней больше не принимается.',
  statementCancelled: 'Сервисный центр отменил эту ведомость. Решение по ней больше не принимается.',
  ticketFinished: 'Заявка завершена. Решения по её ведомостям больше не принимаются.',
} as const;

/** The decision popups' fields (cabinet.md §2 Popups, §5): the requests below and the page's forms check the same. */
export const DISCUSS_COMMENT_MAX = 1000;
const discussComment = v.pipe(
  v.string(decisionMessages.commentRequired),
  cleanText(),
  v.nonEmpty(decisionMessages.commentRequired),
  v.maxLength(DISCUSS_COMMENT_MAX, `Максимальная длина ${DISCUSS_COMMENT_MAX} символов`),
);
const rejectReason = v.picklist(REJECT_REASONS, decisionMessages.reasonRequired);
const giftId = positiveInt4(decisionMessages.giftRequired);

export const discussForm = v.object({ comment: discussComment });
export const rejectForm = v.object({ comment: requiredChoice(rejectReason, decisionMessages.reasonRequired) });
export const giftForm = v.object({ gift: requiredChoice(giftId, decisionMessages.giftRequired) });

/**
 * The points form (cabinet.md §5 Points form): whole points typed as text, at least one, at most
 * `limit` (ballsForDiscount, which the server checks again against the balance of the moment).
 */
export function ballsForm(limit: number) {
  return v.object({
    balls: v.pipe(
      v.string(decisionMessages.ballsRequired),
      v.trim(),
      v.regex(/^\d+$/, decisionMessages.ballsRequired),
      v.transform(Number),
      v.minValue(1, decisionMessages.ballsRequired),
      v.maxValue(limit, decisionMessages.ballsTooMany(limit)),
    ),
  });
}

/** The statement as the user saw it. */
const seenStatement = object({
  id: positiveInt4(),
  version: positiveInt4(),
});

const ticketId = positiveInt4();

const decisionAnswer = okResponse({
  message: v.string(),
  /** The user's points after the decision. */
  balls: v.number(),
});

export const approveDefects = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/defects/approve',
  input: v.pipe(
    object({
      ticket_id: ticketId,
      defects: v.pipe(v.array(seenStatement), v.minLength(1), v.maxLength(500)),
      /** Points spent on this repair; only with a single statement. */
      balls: v.optional(
        v.pipe(
          v.number(decisionMessages.ballsRequired),
          v.integer(decisionMessages.ballsRequired),
          v.minValue(0, decisionMessages.ballsRequired),
          v.maxValue(MAX_INT4, decisionMessages.ballsRequired),
        ),
        0,
      ),
      /** A gift bought with points instead; only with a single statement. */
      gift: v.optional(v.nullable(giftId), null),
      /** The last instrument of the points popup's sequence. */
      end: v.optional(v.boolean(), true),
    }),
    v.check(
      (input) => input.defects.length === 1 || (input.balls === 0 && input.gift === null),
      'Бонусы и подарок списываются только при согласовании одной ведомости',
    ),
    v.check((input) => input.balls === 0 || input.gift === null, 'Выберите либо списание бонусов, либо подарок'),
  ),
  output: decisionAnswer,
});

export const rejectDefects = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/defects/reject',
  input: object({
    ticket_id: ticketId,
    defects: v.pipe(v.array(seenStatement), v.minLength(1), v.maxLength(500)),
    comment: rejectReason,
  }),
  output: decisionAnswer,
});

export const discussDefect = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/defects/discuss',
  input: object({
    ticket_id: ticketId,
    defect: seenStatement,
    comment: discussComment,
  }),
  output: decisionAnswer,
});

export const tradeInDefect = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/defects/trade-in',
  input: object({
    ticket_id: ticketId,
    defect: seenStatement,
    instrument_id: positiveInt4(),
    /** The price the page showed; optional so that decisions queued before it was sent still go through. */
    price: v.optional(moneyString),
    end: v.optional(v.boolean(), true),
  }),
  output: decisionAnswer,
});

/**
 * What a decision on a statement depends on: its cost, status and whether it is decided already,
 * with the version that grows whenever any of them changes.
 */
export const statementTerms = object({
  id: v.number(),
  version: v.number(),
  /** Null where the viewer's access shows no prices (ADR 0049). */
  sum: nullableMoney,
  status: v.number(),
  agreed: v.number(),
});
export type StatementTerms = v.InferOutput<typeof statementTerms>;

/** In a 409 `details`: the statements as they are now, so the user sees what changed. */
export const conflictDetails = object({ statements: v.array(statementTerms) });
export type ConflictDetails = v.InferOutput<typeof conflictDetails>;

export const gift = object({
  id: v.number(),
  name: v.string(),
  cost: v.number(),
  image: v.nullable(v.string()),
  is_available: v.boolean(),
  /** Points still missing to afford it (0 when affordable). */
  need_balls: v.number(),
});
export type Gift = v.InferOutput<typeof gift>;

/** What the points popup needs for one statement. */
export const getDefectLoyalty = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/defects/:id/loyalty',
  output: okResponse({ ballsAvailable: v.number(), ballsForDiscount: v.number(), giftsAvailable: v.array(gift) }),
});

/** At most 30 % of the cost (whole points, rounded down) and at most what the user has. */
export function ballsForDiscount(sum: string, available: number): number {
  const limit = Math.floor((Number(toKopecks(sum)) * MAX_POINTS_SHARE) / 100);
  return Math.max(0, Math.min(limit, available));
}

export const tradeInListItem = object({
  id: v.number(),
  title: v.string(),
  list_img: v.nullable(v.string()),
  price_discount: moneyString,
});
export const tradeInDetail = object({
  id: v.number(),
  title: v.string(),
  page_img: v.nullable(v.string()),
  properties: v.array(v.string()),
  link: v.string(),
  price_discount: moneyString,
});
export type TradeInListItem = v.InferOutput<typeof tradeInListItem>;
export type TradeInDetail = v.InferOutput<typeof tradeInDetail>;

export const listTradeInInstruments = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/trade-in',
  output: okResponse({ data: v.array(tradeInListItem) }),
});

export const getTradeInInstrument = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/trade-in/:id',
  output: okResponse({ instrument: tradeInDetail }),
});
