import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quiz } from '#shared/screens/quizzes.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { QuizDialog } from './quiz-dialog.tsx';

// The bonus survey popup (portal.md §2.7, §4.4, §8): loaded as it opens; the intro with the counts in
// Russian plurals; one question at a time with the percent and the counter; Далее / Завершить only
// with an answer; the own answer's rules; leaving during the questions asks first; '+N бонусов'.

afterEach(() => {
  vi.unstubAllGlobals();
});

const quiz: Quiz = {
  id: 5,
  title: 'Как вам наш сервис?',
  image: null,
  minutes_count: 1,
  balls_count: 150,
  questions_count: 2,
  questions: [
    {
      id: 51,
      title: 'Как вы о нас узнали?',
      type: 'radio-button',
      has_own: true,
      items: [
        { id: 511, title: 'От коллег', image: null },
        { id: 512, title: 'В интернете', image: null },
      ],
    },
    {
      id: 52,
      title: 'Что ремонтируете чаще?',
      type: 'checkbox',
      has_own: true,
      items: [
        { id: 521, title: 'Турбины', image: null },
        { id: 522, title: 'Микромоторы', image: null },
      ],
    },
  ],
};

function open(
  send: () => { status?: number; body: unknown } = () => ({
    body: { success: true, balls: 150, message: 'Спасибо за ответы!' },
  }),
) {
  const stub = stubFetch({
    'GET /ajax/cabinet/quiz/get': { body: { success: true, ...quiz } },
    'POST /ajax/cabinet/quiz/send': send,
  });
  const onClose = vi.fn();
  render(<QuizDialog onClose={onClose} />);
  return { ...stub, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: 'Как вам наш сервис?' });
const button = (name: string) => within(dialog()).getByRole('button', { name });

describe('QuizDialog', () => {
  it('walks the intro, both questions with the own-answer rules, and ends with +150 бонусов', async () => {
    const { calls, onClose } = open();
    await screen.findByRole('dialog', { name: 'Как вам наш сервис?' });
    const facts = within(dialog()).getByRole('list', { name: 'Об опросе' });
    expect(facts).toHaveTextContent(/2\sвопроса/);
    expect(facts).toHaveTextContent(/\+150\sбонусов/);
    expect(facts).toHaveTextContent(/1\sминута/);
    await userEvent.click(button('Начать'));

    // Question 1 (radio): 50 %, 'Далее' only with an answer; own text clears the radio.
    expect(within(dialog()).getByText('Вопрос 1 из 2')).toBeInTheDocument();
    expect(within(dialog()).getByRole('progressbar')).toHaveValue(50);
    expect(button('Далее')).toBeDisabled();
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'От коллег' }));
    expect(button('Далее')).toBeEnabled();
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Свой вариант ответа' }), 'На выставке');
    expect(within(dialog()).getByRole('radio', { name: 'От коллег' })).not.toBeChecked();
    expect(within(dialog()).getByRole('radio', { name: 'Свой вариант' })).toBeChecked();
    expect(button('Далее')).toBeEnabled();
    await userEvent.click(button('Далее'));

    // Question 2 (checkbox): 100 % on the last; own text ticks the own option, which then needs text.
    expect(within(dialog()).getByText('Вопрос 2 из 2')).toBeInTheDocument();
    expect(within(dialog()).getByRole('progressbar')).toHaveValue(100);
    expect(button('Завершить')).toBeDisabled();
    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'Турбины' }));
    expect(button('Завершить')).toBeEnabled();
    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'Свой вариант' }));
    expect(button('Завершить')).toBeDisabled();
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Свой вариант ответа' }), 'Наконечники');
    expect(within(dialog()).getByRole('checkbox', { name: 'Свой вариант' })).toBeChecked();
    expect(button('Завершить')).toBeEnabled();

    // Back keeps what was answered.
    await userEvent.click(button('Назад'));
    expect(within(dialog()).getByRole('textbox', { name: 'Свой вариант ответа' })).toHaveValue('На выставке');
    await userEvent.click(button('Далее'));

    // Leaving during the questions asks first; 'Продолжить' stays.
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Вы уверены, что хотите выйти?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Продолжить' }));
    expect(screen.queryByRole('dialog', { name: 'Вы уверены, что хотите выйти?' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).getByText('Вопрос 2 из 2')).toBeInTheDocument();

    await userEvent.click(button('Завершить'));
    expect(await within(dialog()).findByText(/^\+150\sбонусов$/)).toBeInTheDocument();
    expect(within(dialog()).getByText('Спасибо за ответы!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      quiz_id: 5,
      answers: [
        { question_id: 51, results: [], own_answer: 'На выставке' },
        { question_id: 52, results: [521], own_answer: 'Наконечники' },
      ],
    });
    // Closing the thanks asks nothing.
    await userEvent.click(within(dialog()).getAllByRole('button', { name: 'Закрыть' }).at(-1)!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("'Выйти' leaves without sending; on the intro closing asks nothing", async () => {
    const { calls, onClose } = open();
    await screen.findByRole('dialog', { name: 'Как вам наш сервис?' });
    await userEvent.click(button('Начать'));
    await userEvent.click(within(dialog()).getAllByRole('button', { name: 'Закрыть' })[0]!);
    const ask = await screen.findByRole('dialog', { name: 'Вы уверены, что хотите выйти?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Выйти' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    onClose.mockClear();
    await userEvent.click(button('Назад'));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Вы уверены, что хотите выйти?' })).not.toBeInTheDocument();
  });

  it("still thanks when the send is refused, with the server's reason instead of the points", async () => {
    open(() => ({ status: 409, body: { success: false, message: 'Вы уже прошли этот опрос' } }));
    await screen.findByRole('dialog', { name: 'Как вам наш сервис?' });
    await userEvent.click(button('Начать'));
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'В интернете' }));
    await userEvent.click(button('Далее'));
    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'Микромоторы' }));
    await userEvent.click(button('Завершить'));
    expect(await within(dialog()).findByText('Спасибо за ответы!')).toBeInTheDocument();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Вы уже прошли этот опрос');
    expect(within(dialog()).queryByText(/бонусов/)).not.toBeInTheDocument();
  });

  it('shows a loading state, then a failure with a retry', async () => {
    let fail = true;
    stubFetch({
      'GET /ajax/cabinet/quiz/get': () =>
        fail
          ? { status: 503, body: { success: false, message: 'Сервер временно недоступен. Попробуйте позже.' } }
          : { body: { success: true, ...quiz } },
    });
    render(<QuizDialog onClose={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем опрос…');
    const popup = await screen.findByRole('dialog', { name: 'Опрос' });
    expect(await within(popup).findByText('Сервер временно недоступен. Попробуйте позже.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(popup).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Как вам наш сервис?' })).toBeInTheDocument());
  });
});
