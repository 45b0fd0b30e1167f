import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button.tsx';

describe('Button', () => {
  it('is a type=button by default and calls onClick', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Далее</Button>);
    const button = screen.getByRole('button', { name: 'Далее' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.setup().click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('while loading is busy, keeps its label for screen readers and ignores clicks and submits', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" loading onClick={onClick}>
          Войти
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Войти' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
