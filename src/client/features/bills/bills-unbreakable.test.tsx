import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bill, BillPayment } from '#shared/screens/bills.ts';
import { stubListFetch } from '#client/lib/testing/list-fetch-stub.ts';
import { setupPagedListTests } from '#client/lib/testing/paged-list-fixtures.ts';
import { WithFilter } from '#client/lib/testing/filter-state.tsx';
import { EMPTY_BILLS_FILTER } from './api.ts';
import { BILLS_FAILED, BillsList } from './bills-list.tsx';
import { useBillsStore } from './bills-store.ts';
import { billsPage, makeBill, resetBillsStore } from './testing/bill-fixtures.ts';
import { TEST_PAYEE } from '../../../../tests/setup/payee.ts';

// No bill the API accepts takes the page down (ADR 0046): a bill of 0.00 has nothing to pay, and
// a bill some part cannot draw leaves the rest of the page in place.

const PATH = '/ajax/cabinet/bills';
const payment: BillPayment = { payee: TEST_PAYEE, purpose: null, vat: null, reported_at: null };

setupPagedListTests(resetBillsStore);

const renderBills = () =>
  render(
    <WithFilter initial={EMPTY_BILLS_FILTER}>
      {(filter, setFilter) => <BillsList userId={7} filter={filter} onFilterChange={setFilter} />}
    </WithFilter>,
  );

/** React reports an error a boundary caught through console.error: expected here, and checked. */
function expectCaughtErrors() {
  const printed = vi.mocked(console.error).mockImplementation(() => {});
  return () => printed.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
}

describe('the bills page with bills it cannot pay or draw', () => {
  it('shows a bill of 0.00 with no Оплатить and no payment column, even when the server sent a payment', async () => {
    stubListFetch(PATH, () =>
      billsPage([makeBill({ id: 1, id_1c: 'СЧ-0', status: 'Не оплачен', amount_document: '0.00', payment })]),
    );
    renderBills();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('СЧ-0')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Оплатить/ })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Оплата' })).toBeNull();
  });

  it('keeps the page when the payment dialog cannot draw a bill, and says what to do instead', async () => {
    const printed = expectCaughtErrors();
    // The list's schema takes any purpose text; one this long cannot fit any QR code.
    const overlong = { ...payment, purpose: 'Оплата ремонта '.repeat(200) };
    stubListFetch(PATH, () => billsPage([makeBill({ id: 1, id_1c: 'СЧ-1', status: 'Не оплачен', payment: overlong })]));
    renderBills();
    await userEvent.click(await screen.findByRole('button', { name: 'Оплатить счёт СЧ-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Оплата счёта № СЧ-1' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Не удалось показать оплату этого счёта');
    expect(screen.getByRole('heading', { name: 'Счета' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('СЧ-1');
    expect(printed()).toMatch(/overflow/);
  });

  it('keeps the heading and the filter when the list cannot draw a saved bill, and Повторить draws it again', async () => {
    const printed = expectCaughtErrors();
    // A list saved by an older version is shown before the network answers, without the schema's check.
    useBillsStore.setState({
      items: [makeBill({ defective_lists: null as unknown as Bill['defective_lists'] })],
      ownerId: 7,
      fetchedAt: Date.now() - 60_000,
      cached: true,
    });
    stubListFetch(PATH, () => billsPage([makeBill({ id: 2, id_1c: 'СЧ-2' })]));
    renderBills();
    expect(await screen.findByRole('alert')).toHaveTextContent(BILLS_FAILED);
    expect(screen.getByRole('heading', { name: 'Счета' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Только мои счета' })).toBeInTheDocument();
    expect(printed()).toMatch(/TypeError/);
    await waitFor(() => expect(useBillsStore.getState().items.map((bill) => bill.id)).toEqual([2]));
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('table')).toHaveTextContent('СЧ-2');
  });
});
