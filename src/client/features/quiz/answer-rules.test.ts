import { describe, expect, it } from 'vitest';
import { answerOf, chooseItem, chooseOwn, EMPTY_ANSWER, isAnswered, progressPercent, typeOwn } from './answer-rules.ts';

// portal.md §4.4, rule by rule.

const radio = { id: 1, type: 'radio-button' as const };
const checkbox = { id: 2, type: 'checkbox' as const };

describe('the survey answer rules', () => {
  it('typing an own answer in a radio question clears the radio choice; choosing a radio leaves the own option', () => {
    const chosen = chooseItem(radio, EMPTY_ANSWER, 10);
    expect(chosen).toMatchObject({ radio: 10, own: false });
    const typed = typeOwn(radio, chosen, 'Другое');
    expect(typed).toMatchObject({ radio: null, own: true, text: 'Другое' });
    expect(chooseItem(radio, typed, 11)).toMatchObject({ radio: 11, own: false, text: 'Другое' });
  });

  it('typing an own answer in a checkbox question ticks the own option and keeps the checks', () => {
    const checked = chooseItem(checkbox, chooseItem(checkbox, EMPTY_ANSWER, 20), 21);
    expect(checked.checked).toEqual([20, 21]);
    expect(chooseItem(checkbox, checked, 20).checked).toEqual([21]);
    expect(typeOwn(checkbox, checked, 'Ещё')).toMatchObject({ own: true, checked: [20, 21] });
  });

  it('Next waits for an answer: a radio, or own text with the own option', () => {
    expect(isAnswered(radio, EMPTY_ANSWER)).toBe(false);
    expect(isAnswered(radio, chooseItem(radio, EMPTY_ANSWER, 10))).toBe(true);
    expect(isAnswered(radio, chooseOwn(radio, EMPTY_ANSWER))).toBe(false);
    expect(isAnswered(radio, typeOwn(radio, EMPTY_ANSWER, '   '))).toBe(false);
    expect(isAnswered(radio, typeOwn(radio, EMPTY_ANSWER, 'Своё'))).toBe(true);
  });

  it('Next waits for an answer: checks without the own option, or the own option ticked with text', () => {
    const checked = chooseItem(checkbox, EMPTY_ANSWER, 20);
    expect(isAnswered(checkbox, EMPTY_ANSWER)).toBe(false);
    expect(isAnswered(checkbox, checked)).toBe(true);
    expect(isAnswered(checkbox, chooseOwn(checkbox, checked))).toBe(false);
    expect(isAnswered(checkbox, typeOwn(checkbox, checked, 'Своё'))).toBe(true);
    expect(isAnswered(checkbox, chooseOwn(checkbox, typeOwn(checkbox, EMPTY_ANSWER, 'Своё')))).toBe(false);
  });

  it('sends the own answer only with text and the own option chosen, or when nothing is chosen or checked', () => {
    expect(answerOf(radio, typeOwn(radio, EMPTY_ANSWER, ' Своё '))).toEqual({
      question_id: 1,
      results: [],
      own_answer: 'Своё',
    });
    expect(answerOf(radio, chooseItem(radio, typeOwn(radio, EMPTY_ANSWER, 'Своё'), 10))).toEqual({
      question_id: 1,
      results: [10],
      own_answer: null,
    });
    const checkedWithText = typeOwn(checkbox, chooseItem(checkbox, EMPTY_ANSWER, 20), 'Своё');
    expect(answerOf(checkbox, checkedWithText)).toEqual({ question_id: 2, results: [20], own_answer: 'Своё' });
    expect(answerOf(checkbox, chooseOwn(checkbox, checkedWithText))).toEqual({
      question_id: 2,
      results: [20],
      own_answer: null,
    });
    expect(answerOf(checkbox, { ...EMPTY_ANSWER, text: 'Текст без галочки' })).toEqual({
      question_id: 2,
      results: [],
      own_answer: 'Текст без галочки',
    });
  });

  it('steps by 100 / n rounded and shows 100 % on the last question', () => {
    expect([0, 1, 2].map((index) => progressPercent(index, 3))).toEqual([33, 66, 100]);
    expect([0, 1].map((index) => progressPercent(index, 2))).toEqual([50, 100]);
    expect([0, 1, 2, 3, 4, 5].map((index) => progressPercent(index, 6))).toEqual([17, 34, 51, 68, 85, 100]);
    expect(progressPercent(0, 1)).toBe(100);
  });
});
