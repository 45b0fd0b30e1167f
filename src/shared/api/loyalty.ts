import * as v from 'valibot';
import { object } from './object.ts';
import { dateField, idField, integerOut, moneyField, timestampField } from './integration.ts';
import { messages } from '../validation/messages.ts';
import { cleanText } from '../validation/invisible-characters.ts';

// The back office's loyalty calls (API.md §Loyalty programme; the rules: ADR 0016). Plain JSON
// answers like every integration call. Promo codes and quizzes have their own contracts.

export const POINTS_STATES = ['pending', 'active', 'spent', 'expired', 'annulled'] as const;
export const PARTICIPATION_STATES = ['active', 'suspended', 'left'] as const;
export const PROGRAMME_STATES = ['active', 'paused', 'ending'] as const;

export const loyaltyMessages = {
  paidInFuture: 'Дата оплаты не может быть позже текущего момента',
  externalIdTaken: 'Операция с таким external_id уже есть',
  linesRequired: 'Добавьте хотя бы одну строку операции',
  lineIndex: 'Номера строк — целые числа от 0, как в lines операции',
  participation: 'Допустимые состояния участия: active, suspended, left',
  programmeState: 'Допустимые состояния программы: active, paused, ending',
  endsOnRequired: 'Для paused и ending укажите ends_on — дату приостановки или окончания программы',
  endsOnForActive: 'ends_on указывается только для paused и ending',
  endsOnNotice: (earliest: string) =>
    `Приостановку или окончание программы нужно объявить не менее чем за 7 дней: ends_on не раньше ${earliest}`,
} as const;

const requiredText = (max: number) =>
  v.pipe(v.string(messages.required), cleanText(), v.nonEmpty(messages.required), v.maxLength(max, messages.tooLong));

export const createOperationInput = object({
  client_id: idField,
  external_id: requiredText(100),
  paid_at: timestampField,
  lines: v.pipe(
    v.array(object({ name: requiredText(300), amount: moneyField }), loyaltyMessages.linesRequired),
    v.minLength(1, loyaltyMessages.linesRequired),
    v.maxLength(500, loyaltyMessages.lineIndex),
  ),
});
export type CreateOperationInput = v.InferOutput<typeof createOperationInput>;
export const createOperationOutput = object({
  id: integerOut,
  points: integerOut,
  activates_at: v.string(),
  expires_at: v.string(),
});

const lineIndex = v.pipe(
  v.number(loyaltyMessages.lineIndex),
  v.integer(loyaltyMessages.lineIndex),
  v.minValue(0, loyaltyMessages.lineIndex),
  v.maxValue(499, loyaltyMessages.lineIndex),
);
export const cancelOperationInput = object({
  lines: v.optional(v.pipe(v.array(lineIndex, loyaltyMessages.lineIndex), v.maxLength(500, loyaltyMessages.lineIndex))),
});
export type CancelOperationInput = v.InferOutput<typeof cancelOperationInput>;
export const cancelOperationOutput = object({
  id: integerOut,
  annulled: integerOut,
  cancelled_lines: v.array(integerOut),
});

export const participationInput = object({ state: v.picklist(PARTICIPATION_STATES, loyaltyMessages.participation) });
export type ParticipationInput = v.InferOutput<typeof participationInput>;
export const participationOutput = object({
  client_id: integerOut,
  state: v.picklist(PARTICIPATION_STATES),
  balance: integerOut,
  pending: integerOut,
  annulled: integerOut,
});

export const programmeInput = object({
  state: v.picklist(PROGRAMME_STATES, loyaltyMessages.programmeState),
  ends_on: v.optional(v.nullable(dateField)),
});
export type ProgrammeInput = v.InferOutput<typeof programmeInput>;
export const programmeOutput = object({
  state: v.picklist(PROGRAMME_STATES),
  ends_on: v.nullable(v.string()),
  announced_at: v.nullable(v.string()),
});

export const clientPointsOutput = object({
  balance: integerOut,
  pending: integerOut,
  entries: v.array(
    object({
      id: integerOut,
      delta: integerOut,
      state: v.picklist(POINTS_STATES),
      reason: v.string(),
      activates_at: v.nullable(v.string()),
      expires_at: v.nullable(v.string()),
      created_at: v.string(),
    }),
  ),
});
