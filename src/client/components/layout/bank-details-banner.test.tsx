import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BANK_NOTICE_CLOSED_KEY, BankDetailsBanner } from './bank-details-banner.tsx';

afterEach(() => localStorage.clear());

describe('BankDetailsBanner', () => {
  it('can be closed, and stays closed on this device', async () => {
    const { unmount } = render(<BankDetailsBanner hasBills />);
    expect(screen.getByRole('note')).toHaveTextContent('С 12 сентября изменились банковские реквизиты');
    expect(screen.getByRole('note')).toHaveTextContent('Платите по QR-коду или реквизитам из кнопки «Оплатить»');
    expect(screen.getByRole('note')).not.toHaveTextContent('в самом счёте');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Закрыть уведомление о реквизитах' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(localStorage.getItem(BANK_NOTICE_CLOSED_KEY)).toBe('1');
    unmount();

    render(<BankDetailsBanner hasBills />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('is not shown to a clinic with no bills', () => {
    render(<BankDetailsBanner hasBills={false} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
