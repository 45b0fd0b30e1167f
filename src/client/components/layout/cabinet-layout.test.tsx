import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { CabinetLayout } from './cabinet-layout.tsx';
import { renderInRouter } from './testing/render-in-router.tsx';

function renderLayoutAt(path: string) {
  return renderInRouter(
    () => (
      <CabinetLayout unpaidBills={0} hasBills={false}>
        <p>Раздел</p>
      </CabinetLayout>
    ),
    { path },
  );
}

describe('CabinetLayout', () => {
  it("offers 'Новая заявка' (the request form) on the cabinet's pages", async () => {
    await renderLayoutAt('/cabinet/tickets');
    expect(screen.getByRole('link', { name: 'Новая заявка' })).toHaveAttribute('href', '/cabinet/repair');
    expect(screen.getByText('Раздел')).toBeInTheDocument();
  });

  it("does not offer 'Новая заявка' on the request form itself", async () => {
    await renderLayoutAt('/cabinet/repair');
    expect(screen.getByText('Раздел')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Новая заявка' })).not.toBeInTheDocument();
  });
});
