import * as v from 'valibot';
import { positiveInt4 } from '../api/ids.ts';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { cleanText } from '../validation/invisible-characters.ts';

// The bonus survey (portal.md §2.7, §3 Quiz, §4.4, §7): the newest active quiz the clinic has not
// answered, and its answers, which credit the quiz's points once.

export const QUESTION_TYPES = ['radio-button', 'checkbox'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const OWN_ANSWER_MAX = 1000;

export const QUIZ_MESSAGES = {
  none: 'Сейчас нет опросов для вас',
  gone: 'Этот опрос больше не проводится',
  answered: 'Вы уже прошли этот опрос',
  everyQuestion: 'Ответьте на каждый вопрос опроса',
  unknownItem: 'Такого варианта ответа в этом вопросе нет',
  oneChoice: 'В этом вопросе выбирается один вариант',
  noOwn: 'В этом вопросе нет своего варианта ответа',
  noAnswer: 'Выберите вариант ответа',
  ownTooLong: `Свой ответ — не длиннее ${OWN_ANSWER_MAX} символов`,
  id: 'Некорректный идентификатор',
  tooMany: 'Слишком много ответов',
  thanks: 'Спасибо за ответы!',
} as const;

export const quizItem = v.object({ id: v.number(), title: v.string(), image: v.nullable(v.string()) });
export type QuizItem = v.InferOutput<typeof quizItem>;

export const quizQuestion = v.object({
  id: v.number(),
  title: v.string(),
  type: v.picklist(QUESTION_TYPES),
  /** The question takes a free-text answer of the clinic's own ('Свой вариант'). */
  has_own: v.boolean(),
  items: v.array(quizItem),
});
export type QuizQuestion = v.InferOutput<typeof quizQuestion>;

const quizEntries = {
  id: v.number(),
  title: v.string(),
  image: v.nullable(v.string()),
  minutes_count: v.number(),
  balls_count: v.number(),
  questions_count: v.number(),
  questions: v.array(quizQuestion),
};
export const quiz = v.object(quizEntries);
export type Quiz = v.InferOutput<typeof quiz>;

/** As the spec names the call: the quiz waiting for this clinic; 404 with QUIZ_MESSAGES.none when there is none. */
export const getQuiz = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/quiz/get',
  output: okResponse(quizEntries),
});

const answerId = positiveInt4(QUIZ_MESSAGES.id);

export const quizAnswer = v.object({
  question_id: answerId,
  /** The chosen items' ids: at most one in a radio-button question. */
  results: v.pipe(v.array(answerId, QUIZ_MESSAGES.id), v.maxLength(100, QUIZ_MESSAGES.tooMany)),
  /** The clinic's own answer; blank is no answer. */
  own_answer: v.optional(
    v.nullable(
      v.pipe(
        v.string(QUIZ_MESSAGES.noAnswer),
        cleanText(),
        v.maxLength(OWN_ANSWER_MAX, QUIZ_MESSAGES.ownTooLong),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
    null,
  ),
});
export type QuizAnswer = v.InferOutput<typeof quizAnswer>;

export const quizSubmission = v.object({
  quiz_id: answerId,
  answers: v.pipe(v.array(quizAnswer, QUIZ_MESSAGES.everyQuestion), v.maxLength(100, QUIZ_MESSAGES.tooMany)),
});
export type QuizSubmission = v.InferInput<typeof quizSubmission>;

/** As the spec names the call; answers `balls`, the points credited for this quiz. */
export const sendQuiz = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/quiz/send',
  input: quizSubmission,
  output: okResponse({ balls: v.number(), message: v.string() }),
});
