import type { QuizAnswer, QuizQuestion } from '#shared/screens/quizzes.ts';

// The survey's answer rules, exactly as portal.md §4.4 gives them, apart from the screens:
// - typing an own answer in a radio question clears the radio choice; in a checkbox question it ticks the own option;
// - Next/Finish waits for an answer: a chosen radio, or own text with the own option (radio); checks
//   without the own option, or the own option ticked with text (checkbox);
// - the own answer is sent only when there is text and the own option is chosen, or when nothing is chosen or checked;
// - the progress step is 100 / the number of questions, rounded; the last question shows 100 %.

/** The clinic's answer to one question so far (portal.md §3 "Client answer state per question"). */
export interface AnswerState {
  radio: number | null;
  checked: readonly number[];
  text: string;
  /** The own option ('Свой вариант') is chosen (radio) or ticked (checkbox). */
  own: boolean;
}

export const EMPTY_ANSWER: AnswerState = { radio: null, checked: [], text: '', own: false };

type Kind = Pick<QuizQuestion, 'type'>;

/** A listed option chosen: the radio's one choice (and no longer the own one), or a checkbox toggled. */
export function chooseItem(question: Kind, state: AnswerState, itemId: number): AnswerState {
  if (question.type === 'radio-button') return { ...state, radio: itemId, own: false };
  const checked = state.checked.includes(itemId)
    ? state.checked.filter((id) => id !== itemId)
    : [...state.checked, itemId];
  return { ...state, checked };
}

/** The own option chosen (radio: instead of the listed ones) or toggled (checkbox). */
export function chooseOwn(question: Kind, state: AnswerState): AnswerState {
  if (question.type === 'radio-button') return { ...state, radio: null, own: true };
  return { ...state, own: !state.own };
}

/** Own text typed: clears the radio choice, or ticks the own checkbox. */
export function typeOwn(question: Kind, state: AnswerState, text: string): AnswerState {
  if (question.type === 'radio-button') return { ...state, text, radio: null, own: true };
  return { ...state, text, own: true };
}

const hasText = (state: AnswerState) => state.text.trim() !== '';

/** Whether Next / Finish may be pressed on this question. */
export function isAnswered(question: Kind, state: AnswerState): boolean {
  const ownWithText = state.own && hasText(state);
  if (question.type === 'radio-button') return state.radio !== null || ownWithText;
  return (state.checked.length > 0 && !state.own) || ownWithText;
}

/** The answer as sent: the chosen ids, and the own text when the rules say it goes. */
export function answerOf(question: Pick<QuizQuestion, 'id' | 'type'>, state: AnswerState): QuizAnswer {
  const results = question.type === 'radio-button' ? (state.radio === null ? [] : [state.radio]) : [...state.checked];
  const nothingChosen = state.radio === null && state.checked.length === 0;
  const sendOwn = hasText(state) && (state.own || nothingChosen);
  return { question_id: question.id, results, own_answer: sendOwn ? state.text.trim() : null };
}

/** The progress shown on question `index` (0-based) of `count`. */
export function progressPercent(index: number, count: number): number {
  if (index >= count - 1) return 100;
  return Math.round(100 / count) * (index + 1);
}
