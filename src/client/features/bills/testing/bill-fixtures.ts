// Test data for the bills list.
import type { Bill, BillPayment } from '#shared/screens/bills.ts';
import { listPage, resetPagedListStore } from '#client/lib/testing/paged-list-fixtures.ts';
import { EMPTY_BILLS_FILTER } from '../api.ts';
import { useBillsStore } from '../bills-store.ts';
import { TEST_PAYEE } from '../../../../../tests/setup/payee.ts';

export function makeBill(overrides: Partial<Bill> = {}): Bill {
  return {
    id: 11,
    date: '2025-04-02',
    id_1c: 'СЧ-000123',
    email: 'anna@clinic.ru',
    status: 'Оплачен',
    amount_document: '12500.50',
    document_url: '/files/bill-11.pdf',
    defective_lists: [{ id_1c: 'ДВ-77', date: '2025-03-20' }],
    ...overrides,
  };
}

/** What the payment popup shows for a bill not reported paid yet. */
export const PAYMENT: BillPayment = { payee: TEST_PAYEE, purpose: null, vat: null, reported_at: null };

/** An unpaid bill the payment popup opens for. */
export const PAYABLE_BILL: Bill = makeBill({
  id: 11,
  id_1c: 'СЧ-1024',
  date: '2026-03-02',
  status: 'Не оплачен',
  amount_document: '15900.50',
  payment: PAYMENT,
});

export const billsPage = listPage<Bill>;

export const resetBillsStore = () => resetPagedListStore(useBillsStore, EMPTY_BILLS_FILTER);
