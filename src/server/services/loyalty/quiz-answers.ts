import { QUIZ_MESSAGES, type QuizAnswer, type QuestionType } from '#shared/screens/quizzes.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';

// The server's check of a quiz's answers against the quiz (portal.md §4.4, §5 Survey): every
// question answered once, with its own items only; one choice or the own answer in a radio-button
// question; the own answer only where the question allows it. A refusal is a 422 on the answer's field.

export interface QuestionRules {
  id: number;
  type: QuestionType;
  hasOwn: boolean;
  itemIds: ReadonlySet<number>;
}

/** What is stored and sent in `quiz.answered`: one answer per question, in the quiz's order. */
export interface CheckedAnswer {
  question_id: number;
  results: number[];
  own_answer: string | null;
}

function checkOne(question: QuestionRules, answer: QuizAnswer, at: string): CheckedAnswer {
  const results = [...new Set(answer.results)];
  if (results.some((id) => !question.itemIds.has(id))) throw fieldFailure(`${at}.results`, QUIZ_MESSAGES.unknownItem);
  const own = answer.own_answer ?? null;
  if (own !== null && !question.hasOwn) throw fieldFailure(`${at}.own_answer`, QUIZ_MESSAGES.noOwn);
  if (results.length === 0 && own === null) throw fieldFailure(`${at}.results`, QUIZ_MESSAGES.noAnswer);
  if (question.type === 'radio-button' && results.length + (own === null ? 0 : 1) > 1)
    throw fieldFailure(`${at}.results`, QUIZ_MESSAGES.oneChoice);
  return { question_id: question.id, results, own_answer: own };
}

/** The answers checked against the quiz's questions, in the questions' order; throws the first refusal. */
export function checkAnswers(questions: readonly QuestionRules[], answers: readonly QuizAnswer[]): CheckedAnswer[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const checked = new Map<number, CheckedAnswer>();
  answers.forEach((answer, index) => {
    const at = `answers.${index}`;
    const question = byId.get(answer.question_id);
    if (!question || checked.has(question.id)) throw fieldFailure(`${at}.question_id`, QUIZ_MESSAGES.everyQuestion);
    checked.set(question.id, checkOne(question, answer, at));
  });
  if (checked.size !== questions.length) throw fieldFailure('answers', QUIZ_MESSAGES.everyQuestion);
  return questions.map((question) => checked.get(question.id)!);
}
