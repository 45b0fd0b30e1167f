import { ACCESS_MESSAGES } from '#shared/screens/accesses.ts';
import type { approveDefects, discussDefect, rejectDefects, tradeInDefect } from '#shared/screens/decisions.ts';
import type { Endpoint, EndpointParsedInput } from '#shared/api/endpoint.ts';
import { AGREED, STATEMENT_STATUS } from '#shared/dictionaries/statement-decisions.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import type { Tx } from '#server/db/client.ts';
import { ApiFailure, fieldFailure } from '#server/lib/api-failure.ts';
import {
  lockForDecision,
  lockOneForDecision,
  statementLabel,
  writeDecisions,
} from '#server/services/tickets/decision-statements.ts';
import { spendOnGift, spendOnRepair } from '#server/services/loyalty/quote-points.ts';
import { balance } from '#server/services/loyalty/points.ts';
import { findActiveInstrument } from '#server/services/loyalty/trade-in.ts';
import type { Viewer } from '#server/services/access/access.ts';

// The four decisions on repair quotes (cabinet.md §2 "Popups on the ticket", §4; ADR 0006).
// Each runs inside the caller's transaction (withIdempotency's savepoint): a refusal thrown
// anywhere leaves nothing written. The answer carries the viewer's points after the decision.

export const TRADE_IN_DISABLED_MESSAGE = 'Для этой ведомости обмен на новый инструмент недоступен';
export const TRADE_IN_INSTRUMENT_MESSAGE = 'Этот инструмент недоступен для обмена';
export const tradeInPriceChangedMessage = (price: string) =>
  `Цена инструмента изменилась: теперь ${formatMoney(price)}. Посмотрите новую цену и согласуйте обмен ещё раз`;

/** The clinic agrees to the price it was shown: a catalogue change since then is a conflict, not a silent new price. */
const samePrice = (seen: string, current: string) => Number(seen) === Number(current);

export interface DecisionAnswer {
  success: true;
  message: string;
  balls: number;
}

interface Caller {
  viewerId: number;
  /** Whose quotes the viewer may decide on (services/access/levels.ts): its own, and 'full' access. */
  viewer: Viewer;
  now: Date;
}

async function answer(tx: Tx, caller: Caller, message: string): Promise<DecisionAnswer> {
  return { success: true, message, balls: await balance(tx, caller.viewerId, caller.now) };
}

/** A decision call's work inside its transaction: the caller's request in, the answer out. */
export type DecisionCall<E extends Endpoint> = (
  tx: Tx,
  caller: Caller,
  input: EndpointParsedInput<E>,
) => Promise<DecisionAnswer>;

const countedStatements = (n: number) => (n === 1 ? '' : ` (ведомостей: ${n})`);

export const approve: DecisionCall<typeof approveDefects> = async (tx, caller, input) => {
  const { ticket, statements } = await lockForDecision(tx, caller.viewer, input.ticket_id, input.defects);
  // A colleague with access approves; the owner's points and gifts stay the owner's to spend (cabinet.md §2 Accesses).
  if ((input.balls > 0 || input.gift !== null) && ticket.clientId !== caller.viewerId)
    throw fieldFailure('balls', ACCESS_MESSAGES.ownerOnlyPoints);
  // The contract allows points and gifts with one statement only; the schema already checked it.
  const single = statements.length === 1 ? statements[0] : undefined;
  let spent = '';
  let giftId: number | null = null;
  if (input.balls > 0 && single) {
    await spendOnRepair(
      tx,
      caller.viewerId,
      single,
      input.balls,
      `Списание в счёт ремонта по ведомости ${statementLabel(single)}`,
      caller.now,
    );
    spent = `, списано ${countOf(input.balls, BONUS_FORMS)}`;
  } else if (input.gift !== null && single) {
    const gift = await spendOnGift(
      tx,
      caller.viewerId,
      single,
      input.gift,
      (name) => `Подарок «${name}» при согласовании ведомости ${statementLabel(single)}`,
      caller.now,
    );
    giftId = gift.id;
    spent = `, выбран подарок «${gift.name}» за ${countOf(gift.cost, BONUS_FORMS)}`;
  }
  await writeDecisions(tx, statements, (statement) => ({
    viewerId: caller.viewerId,
    ticket,
    statement,
    kind: 'approved',
    agreed: AGREED.approved,
    status: STATEMENT_STATUS.agreed,
    balls: input.balls,
    giftId,
    history: `Согласован ремонт по ведомости ${statementLabel(statement)} (${statement.name})${spent}`,
    event: {
      type: 'defect.approved',
      payload: { defect_id: statement.id, actor_client_id: caller.viewerId, balls: input.balls, gift: giftId },
    },
    now: caller.now,
  }));
  return answer(tx, caller, `Ремонт согласован${countedStatements(statements.length)}`);
};

export const reject: DecisionCall<typeof rejectDefects> = async (tx, caller, input) => {
  const { ticket, statements } = await lockForDecision(tx, caller.viewer, input.ticket_id, input.defects);
  await writeDecisions(tx, statements, (statement) => ({
    viewerId: caller.viewerId,
    ticket,
    statement,
    kind: 'rejected',
    agreed: AGREED.rejected,
    status: STATEMENT_STATUS.cancelled,
    comment: input.comment,
    history: `Отказ от ремонта по ведомости ${statementLabel(statement)} (${statement.name}). Причина: ${input.comment}`,
    event: {
      type: 'defect.rejected',
      payload: { defect_id: statement.id, actor_client_id: caller.viewerId, comment: input.comment },
    },
    now: caller.now,
  }));
  return answer(tx, caller, `Отказ от ремонта отправлен${countedStatements(statements.length)}`);
};

export const discuss: DecisionCall<typeof discussDefect> = async (tx, caller, input) => {
  const { ticket, statement } = await lockOneForDecision(tx, caller.viewer, input.ticket_id, input.defect);
  // The status stays: the quote is still to be agreed; the back office answers and may reset agreed to 0.
  await writeDecisions(tx, [statement], () => ({
    viewerId: caller.viewerId,
    ticket,
    statement,
    kind: 'discussed',
    agreed: AGREED.discussed,
    comment: input.comment,
    history: `Вопрос по ведомости ${statementLabel(statement)} (${statement.name}): ${input.comment}`,
    event: {
      type: 'defect.discussed',
      payload: { defect_id: statement.id, actor_client_id: caller.viewerId, comment: input.comment },
    },
    now: caller.now,
  }));
  return answer(tx, caller, 'Вопрос отправлен менеджеру сервисного центра');
};

export const tradeIn: DecisionCall<typeof tradeInDefect> = async (tx, caller, input) => {
  const { ticket, statement } = await lockOneForDecision(tx, caller.viewer, input.ticket_id, input.defect);
  if (!statement.tradeIsEnabled) throw new ApiFailure(422, { success: false, message: TRADE_IN_DISABLED_MESSAGE });
  const instrument = await findActiveInstrument(tx, input.instrument_id);
  if (!instrument) throw fieldFailure('instrument_id', TRADE_IN_INSTRUMENT_MESSAGE);
  if (input.price !== undefined && !samePrice(input.price, instrument.priceDiscount))
    throw new ApiFailure(409, { success: false, message: tradeInPriceChangedMessage(instrument.priceDiscount) });
  await writeDecisions(tx, [statement], () => ({
    viewerId: caller.viewerId,
    ticket,
    statement,
    kind: 'trade_in',
    agreed: AGREED.tradeIn,
    tradeInInstrumentId: instrument.id,
    tradeIn: { title: instrument.title, price: instrument.priceDiscount },
    history: `Согласован обмен по ведомости ${statementLabel(statement)} (${statement.name}) на новый инструмент «${instrument.title}» за ${formatMoney(instrument.priceDiscount)}`,
    event: {
      type: 'defect.trade_in',
      payload: {
        defect_id: statement.id,
        actor_client_id: caller.viewerId,
        instrument_id: instrument.id,
        price: instrument.priceDiscount,
      },
    },
    now: caller.now,
  }));
  return answer(tx, caller, `Обмен на «${instrument.title}» согласован`);
};
