import * as v from 'valibot';
import { object } from './object.ts';
import { dateField, idField, integrationMessages } from './integration.ts';
import { PROMOCODE_MAX } from '../screens/promocodes.ts';
import { QUESTION_TYPES } from '../screens/quizzes.ts';
import { messages } from '../validation/messages.ts';
import { cleanText } from '../validation/invisible-characters.ts';

// The back office's promo codes and bonus surveys (API.md §Loyalty programme): extensions of the
// integration API, described in the OpenAPI document with the other calls.

export const promoQuizMessages = {
  code: `Код — от 1 до ${PROMOCODE_MAX} символов: буквы, цифры, дефис и подчёркивание`,
  codeTaken: 'Промокод с таким кодом уже есть',
  points: 'Баллы — целое число от 1 до 1 000 000',
  maxUses: 'max_uses — целое число от 1 или null',
  minutes: 'minutes_count — целое число минут от 1 до 600',
  balls: 'balls_count — целое число баллов от 1 до 1 000 000',
  questionType: 'Тип вопроса: "radio-button" или "checkbox"',
  questionsRequired: 'Добавьте хотя бы один вопрос',
  itemsRequired: 'Добавьте варианты ответа или разрешите свой вариант (has_own)',
  quizNotFound: 'Опрос не найден',
} as const;

const text = (max: number) =>
  v.pipe(v.string(messages.required), cleanText(), v.nonEmpty(messages.required), v.maxLength(max, messages.tooLong));
const wholeNumber = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

export const createPromocodeInput = object({
  code: v.pipe(
    v.string(promoQuizMessages.code),
    v.trim(),
    v.regex(new RegExp(`^[\\p{L}\\p{N}_-]{1,${PROMOCODE_MAX}}$`, 'u'), promoQuizMessages.code),
  ),
  points: wholeNumber(1, 1_000_000, promoQuizMessages.points),
  max_uses: v.optional(v.nullable(wholeNumber(1, 2_000_000_000, promoQuizMessages.maxUses)), null),
  /** The last day (a date: through its end, Moscow time) or moment (a date-time) the code works. */
  valid_until: v.optional(v.nullable(dateField), null),
});
export type CreatePromocodeInput = v.InferOutput<typeof createPromocodeInput>;

const imageField = v.optional(v.nullable(idField), null);

export const quizItemInput = object({ title: text(500), image_file_id: imageField });

export const quizQuestionInput = v.pipe(
  object({
    title: text(1000),
    type: v.picklist(QUESTION_TYPES, promoQuizMessages.questionType),
    has_own: v.optional(v.boolean(integrationMessages.boolean), false),
    items: v.optional(v.pipe(v.array(quizItemInput), v.maxLength(50, integrationMessages.tooMany)), []),
  }),
  v.check((question) => question.items.length > 0 || question.has_own, promoQuizMessages.itemsRequired),
);

export const createQuizInput = object({
  title: text(300),
  image_file_id: imageField,
  minutes_count: wholeNumber(1, 600, promoQuizMessages.minutes),
  balls_count: wholeNumber(1, 1_000_000, promoQuizMessages.balls),
  /** Extension: false creates the quiz hidden until `PATCH {active: true}`; offered at once by default. */
  active: v.optional(v.boolean(integrationMessages.boolean), true),
  questions: v.pipe(
    v.array(quizQuestionInput, promoQuizMessages.questionsRequired),
    v.minLength(1, promoQuizMessages.questionsRequired),
    v.maxLength(100, integrationMessages.tooMany),
  ),
});
export type CreateQuizInput = v.InferOutput<typeof createQuizInput>;

export const patchQuizInput = object({ active: v.boolean(integrationMessages.boolean) });
export type PatchQuizInput = v.InferOutput<typeof patchQuizInput>;
