// Test data for the bills list.
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

export const billsPage = listPage<Bill>;

export const resetBillsStore = () => resetPagedListStore(useBillsStore, EMPTY_BILLS_FILTER);
