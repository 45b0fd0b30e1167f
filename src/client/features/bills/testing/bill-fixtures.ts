// Test data for the bills list.
import type { Payee } from '#shared/payment/requisites.ts';
import type { Bill } from '#shared/screens/bills.ts';
import { listPage, resetPagedListStore } from '#client/lib/testing/paged-list-fixtures.ts';
import { EMPTY_BILLS_FILTER } from '../api.ts';
import { useBillsStore } from '../bills-store.ts';

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

/** An unpaid bill the payment popup opens for (the payee: tests/setup/payee.ts), not reported paid yet. */
export function payableBill(payee: Payee): Bill {
  return makeBill({
    id: 11,
    id_1c: 'СЧ-1024',
    date: '2026-03-02',
    status: 'Не оплачен',
    amount_document: '15900.50',
    payment: { payee, purpose: null, vat: null, reported_at: null },
  });
}

export const billsPage = listPage<Bill>;

export const resetBillsStore = () => resetPagedListStore(useBillsStore, EMPTY_BILLS_FILTER);
