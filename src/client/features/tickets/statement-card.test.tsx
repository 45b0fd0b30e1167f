import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { StatementCard } from './statement-card.tsx';
import { statement } from './ticket-page.fixtures.ts';

const noop = { onApprove: vi.fn(), onReject: vi.fn(), onDiscuss: vi.fn(), onTradeIn: vi.fn(), onSelectedChange: vi.fn() };

describe('a statement with a decision waiting to be sent', () => {
  it("shows 'Ожидает отправки' instead of the decision buttons", () => {
    const value = statement({ agreed: 0 });
    render(<StatementCard statement={value} selectable selected={false} pending {...noop} />);
    const card = screen.getByRole('article');
    expect(within(card).getByText(/Ожидает отправки/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Согласовать' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
