import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { FeedbackBox } from './feedback-box.tsx';

// The feedback box (portal.md §2.6, §4.5, §5): opens by click, the spec's checks, sent once and then
// disabled; a guest is asked to log in with the field disabled.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FeedbackBox', () => {
  it("opens, checks the comment in the spec's words, sends it and stays disabled", async () => {
    const { calls } = stubFetch({
      'POST /ajax/form/proposal-send': { body: { success: true, message: 'Спасибо! Ваше предложение отправлено.' } },
    });
    await renderInRouter(() => <FeedbackBox loggedIn />);
    const toggle = screen.getByRole('button', { name: 'Предложить улучшение' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(screen.getByText('Обязательное поле')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Ваше предложение'), 'Коротко');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(screen.getByText('Минимум 10 символов')).toBeInTheDocument();
    expect(screen.getByLabelText('Ваше предложение')).toHaveAttribute('maxlength', '300');
    await userEvent.type(screen.getByLabelText('Ваше предложение'), ' и ясно: тёмная тема');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Спасибо! Ваше предложение отправлено.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ваше предложение')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Отправить' })).toBeDisabled();
    expect(calls.filter((call) => call.path === '/ajax/form/proposal-send').map((call) => call.body)).toEqual([
      { comment: 'Коротко и ясно: тёмная тема' },
    ]);
  });

  it('asks a guest to log in, with the field disabled', async () => {
    await renderInRouter(() => <FeedbackBox loggedIn={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Предложить улучшение' }));
    expect(screen.getByText('Войдите или зарегистрируйтесь, чтобы отправить предложение')).toBeInTheDocument();
    expect(screen.getByLabelText('Ваше предложение')).toBeDisabled();
  });
});
