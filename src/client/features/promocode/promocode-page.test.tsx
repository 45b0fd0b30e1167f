import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { PromocodePage } from './promocode-page.tsx';

// Промокоды (cabinet.md §2 Promo code, §5; portal.md §4.3, §8): 'Применить купон', one field, the
// spec's 'Введите промокод' when empty; 'Подтвердить' opens the result popup, which sends the code
// as it opens and shows the congratulations with the points or the errors.code text as its heading.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PromocodePage', () => {
  it("asks for a code, then credits it: 'Поздравляем!' with the points, the user data reloaded, the field emptied", async () => {
    const { calls } = stubFetch({ 'POST /ajax/promocode/set': { body: { success: true, message: 1000 } } });
    const onApplied = vi.fn();
    render(<PromocodePage onApplied={onApplied} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Применить купон' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Введите промокод', { selector: 'p' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    const field = screen.getByRole('textbox', { name: 'Промокод' });
    expect(field).toHaveAttribute('placeholder', 'Введите промокод');
    await userEvent.type(field, '  zima-2026 {Enter}');
    const popup = await screen.findByRole('dialog', { name: 'Поздравляем!' });
    expect(within(popup).getByText(/1\s000\sбонусов/)).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([{ promocode: 'zima-2026' }]);
    expect(onApplied).toHaveBeenCalledTimes(1);
    expect(field).toHaveValue('');

    await userEvent.click(within(popup).getByRole('button', { name: 'Отлично' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("shows a refusal's errors.code text as the heading, keeps the code typed, and reloads nothing", async () => {
    let answer!: (value: unknown) => void;
    stubFetch({
      'POST /ajax/promocode/set': () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              status: 422,
              body: {
                success: false,
                message: 'Срок действия промокода истёк',
                errors: { code: ['Срок действия промокода истёк'] },
              },
            });
        }),
    });
    const onApplied = vi.fn();
    render(<PromocodePage onApplied={onApplied} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Промокод' }), 'OSEN');
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    // While it is sent: a loading heading, and the popup cannot be closed by its button.
    const sending = await screen.findByRole('dialog', { name: 'Применяем промокод…' });
    expect(within(sending).getByRole('button', { name: 'Отлично' })).toBeDisabled();
    answer(undefined);
    const popup = await screen.findByRole('dialog', { name: 'Срок действия промокода истёк' });
    expect(within(popup).getByText('Промокод: OSEN')).toBeInTheDocument();
    await userEvent.click(within(popup).getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Промокод' })).toHaveValue('OSEN');
    expect(onApplied).not.toHaveBeenCalled();
  });

  it('shows the throttle text as the heading when guessing is stopped (429)', async () => {
    stubFetch({
      'POST /ajax/promocode/set': {
        status: 429,
        body: { success: false, message: 'Слишком много попыток. Попробуйте через 60 мин.' },
      },
    });
    render(<PromocodePage onApplied={() => {}} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Промокод' }), 'GUESS{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'Слишком много попыток. Попробуйте через 60 мин.' }),
    ).toBeInTheDocument();
  });

  it('names why a clinic that left the programme gets nothing (409), and reloads nothing', async () => {
    const left = 'Бонусы не начисляются: вы вышли из программы лояльности.';
    stubFetch({
      'POST /ajax/promocode/set': { status: 409, body: { success: false, message: left, errors: { code: [left] } } },
    });
    const onApplied = vi.fn();
    render(<PromocodePage onApplied={onApplied} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Промокод' }), 'VESNA{Enter}');
    expect(await screen.findByRole('dialog', { name: left })).toBeInTheDocument();
    expect(onApplied).not.toHaveBeenCalled();
  });
});
