import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UNPAID_BILL_FORMS } from '#shared/format/plural.ts';
import { Badge, BadgeAfterLabel, labelWithCount } from './badge.tsx';

describe('Badge', () => {
  it('is hidden at 0 and below', () => {
    const { container, rerender } = render(<Badge count={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Badge count={-1} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the count above 0, capped', () => {
    const { rerender } = render(<Badge count={7} label="неоплаченных" />);
    expect(screen.getByTestId('badge')).toHaveTextContent('7');
    expect(screen.getByText('7 неоплаченных')).toBeInTheDocument();
    rerender(<Badge count={100} />);
    expect(screen.getByTestId('badge')).toHaveTextContent('99+');
  });

  it('after a label: a space, then the decorative badge, so the text reads as the name does; nothing at 0', () => {
    const { container, rerender } = render(
      <a href="/cabinet/bills" aria-label={labelWithCount('Счета', 3, UNPAID_BILL_FORMS)}>
        Счета
        <BadgeAfterLabel count={3} />
      </a>,
    );
    expect(container.textContent).toBe('Счета 3');
    expect(screen.getByTestId('badge')).toHaveAttribute('aria-hidden', 'true');
    rerender(
      <a href="/cabinet/bills">
        Счета
        <BadgeAfterLabel count={0} />
      </a>,
    );
    expect(container.textContent).toBe('Счета');
  });

  it('decorative: seen but not read, for names that carry the count themselves', () => {
    render(
      <a href="/cabinet/bills" aria-label={labelWithCount('Счета', 3, UNPAID_BILL_FORMS)}>
        Счета
        <Badge count={3} decorative />
      </a>,
    );
    expect(screen.getByTestId('badge')).toHaveTextContent('3');
    expect(screen.getByTestId('badge')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('link')).toHaveAccessibleName('Счета, 3 неоплаченных счёта');
  });

  it('names the label first, then the count in its plural form; nothing to add at 0', () => {
    expect(labelWithCount('Счета', 1, UNPAID_BILL_FORMS)).toBe('Счета, 1 неоплаченный счёт');
    expect(labelWithCount('Счета', 22, UNPAID_BILL_FORMS)).toBe('Счета, 22 неоплаченных счёта');
    expect(labelWithCount('Счета', 0, UNPAID_BILL_FORMS)).toBeUndefined();
  });
});
