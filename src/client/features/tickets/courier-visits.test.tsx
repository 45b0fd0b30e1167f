import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { CourierVisit } from '#shared/api/tickets.ts';
import { CourierVisits } from './courier-visits.tsx';

const visit = (overrides: Partial<CourierVisit>): CourierVisit => ({
  id: 1,
  kind: 'pickup',
  state: 'planned',
  date: '2026-11-29',
  window: null,
  eta_at: null,
  finished_at: null,
  collected: null,
  total: null,
  person: null,
  reason: null,
  comment: null,
  text: null,
  ...overrides,
});

describe('CourierVisits', () => {
  it("shows each visit's line, and nothing for a planned one", () => {
    render(
      <CourierVisits
        ticket={{
          courier_visits: [
            visit({ id: 1 }),
            visit({ id: 2, state: 'done', text: 'Курьер забрал инструменты 29.11 в 11:40 (2 из 2)' }),
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Курьер' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Курьер забрал инструменты 29.11 в 11:40 (2 из 2)')).toBeInTheDocument();
  });

  it('renders nothing without visits', () => {
    const { container } = render(<CourierVisits ticket={{ courier_visits: [visit({})] }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
