import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Badge } from './badge.tsx';

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
});
