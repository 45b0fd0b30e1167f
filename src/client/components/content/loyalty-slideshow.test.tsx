import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOYALTY_SLIDES, LoyaltySlideshow } from './loyalty-slideshow.tsx';
import { LoyaltySlidesButton } from './loyalty-slides-button.tsx';

// portal.md §2.3: a 4-step slideshow with Back hidden on step 1 and Next hidden on step 4.

const back = () => screen.queryByRole('button', { name: 'Назад' });
const next = () => screen.queryByRole('button', { name: 'Далее' });

describe('LoyaltySlideshow', () => {
  it('walks the four screens: no Back on the first, no Next on the last, focus never lost', async () => {
    const user = userEvent.setup();
    render(<LoyaltySlideshow onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Как работает бонусная программа' });
    expect(dialog).toHaveTextContent('Шаг 1 из 4');
    expect(dialog).toHaveTextContent(LOYALTY_SLIDES[0]!.title);
    expect(back()).not.toBeInTheDocument();

    for (const step of [2, 3, 4]) {
      await user.click(next()!);
      expect(dialog).toHaveTextContent(`Шаг ${step} из 4`);
      expect(dialog).toHaveTextContent(LOYALTY_SLIDES[step - 1]!.title);
      expect(back()).toBeInTheDocument();
    }
    expect(next()).not.toBeInTheDocument();
    // Next went away under the keyboard's focus: it moved to Back, inside the dialog.
    expect(back()).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(dialog).toHaveTextContent('Шаг 3 из 4');
    expect(next()).toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    const onClose = vi.fn();
    render(<LoyaltySlideshow onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('opens from its button, in a chunk of its own', async () => {
    const user = userEvent.setup();
    render(<LoyaltySlidesButton />);
    await user.click(screen.getByRole('button', { name: 'Как это работает: 4 шага' }));
    expect(await screen.findByRole('dialog', { name: 'Как работает бонусная программа' })).toHaveTextContent(
      'Шаг 1 из 4',
    );
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
