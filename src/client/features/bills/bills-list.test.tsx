import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubListFetch } from '#client/lib/testing/list-fetch-stub.ts';
import { setupPagedListTests, showTable } from '#client/lib/testing/paged-list-fixtures.ts';
import { WithFilter } from '#client/lib/testing/filter-state.tsx';
import { EMPTY_BILLS_FILTER, type BillsFilter } from './api.ts';
import { BillsList } from './bills-list.tsx';
import { useBillsStore } from './bills-store.ts';
import { billsPage, makeBill, resetBillsStore } from './testing/bill-fixtures.ts';
import { TEST_PAYEE } from '../../../../tests/setup/payee.ts';

const PATH = '/ajax/cabinet/bills';
const NBSP = '\u00A0';

setupPagedListTests(resetBillsStore);

const renderBills = (initial: BillsFilter = EMPTY_BILLS_FILTER) =>
  render(
    <WithFilter initial={initial}>
      {(filter, setFilter) => <BillsList userId={7} filter={filter} onFilterChange={setFilter} />}
    </WithFilter>,
  );

const columnHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

describe('BillsList', () => {
  it('shows the columns, money in Russian format, the download and the statements', async () => {
    stubListFetch(PATH, () => billsPage([makeBill()]));
    renderBills();
    const table = await screen.findByRole('table');
    expect(columnHeaders(table)).toEqual([
      '№',
      'Дата формирования',
      'Номер счёта',
      'Владелец счёта',
      'Статус',
      'Сумма',
      'Скачать счёт',
      'Дефектные ведомости',
    ]);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '11',
      '02.04.2025',
      'СЧ-000123',
      'anna@clinic.ru',
      'Оплачен',
      `12${NBSP}500,50${NBSP}₽`,
      'Скачать',
      '№ ДВ-77 от 20.03.2025',
    ]);
    const link = within(cells[6]!).getByRole('link', { name: /Скачать счёт СЧ-000123/ });
    expect(link).toHaveAttribute('href', '/ajax/cabinet/bills/11/download');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("labels the statuses with their icons: 'Оплачен', 'Нет данных' for null, else 'Не оплачен'", async () => {
    stubListFetch(PATH, () =>
      billsPage([
        makeBill({ id: 1, status: 'Оплачен' }),
        makeBill({ id: 2, status: null }),
        makeBill({ id: 3, status: 'Частично оплачен' }),
      ]),
    );
    renderBills();
    const rows = (await screen.findAllByRole('row')).slice(1);
    const statusCell = (row: HTMLElement) => within(row).getAllByRole('cell')[4]!;
    expect(rows.map((row) => statusCell(row).textContent)).toEqual(['Оплачен', 'Нет данных', 'Не оплачен']);
    expect(rows.map((row) => statusCell(row).querySelector('svg')?.getAttribute('data-icon'))).toEqual([
      'paid',
      'unknown',
      'unpaid',
    ]);
  });

  it("sends the user's id with 'Только мои счета'", async () => {
    const user = userEvent.setup();
    const { requests } = stubListFetch(PATH, () => billsPage([makeBill()]));
    renderBills();
    await screen.findByRole('table');
    expect(requests[0]!.query).toEqual({});
    await user.click(screen.getByRole('checkbox', { name: 'Только мои счета' }));
    await waitFor(() => expect(requests.at(-1)!.query).toEqual({ client_id: '7' }));
  });

  it('says so when there are no bills', async () => {
    stubListFetch(PATH, () => billsPage([]));
    renderBills();
    expect(await screen.findByText('У вас пока нет счетов.')).toBeInTheDocument();
    expect(screen.getByText('Счета появятся после согласования ремонта.')).toBeInTheDocument();
  });

  it('pages with the cursor', async () => {
    const user = userEvent.setup();
    const { requests } = stubListFetch(PATH, ({ query }) =>
      query.cursor
        ? billsPage([makeBill({ id: 22, id_1c: 'СЧ-2' })])
        : billsPage([makeBill({ id: 21, id_1c: 'СЧ-1' })], 'next-1'),
    );
    renderBills();
    await user.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('СЧ-2')).toBeInTheDocument();
    expect(requests.at(-1)!.query).toEqual({ cursor: 'next-1' });
  });

  it('shows cards on phones, and a dash for a bill without its file', async () => {
    showTable(false);
    stubListFetch(PATH, () => billsPage([makeBill({ document_url: null, defective_lists: [], status: null })]));
    renderBills();
    const card = (await screen.findByRole('heading', { name: 'Счёт СЧ-000123' })).closest('li')!;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Нет данных');
    expect(card).toHaveTextContent(/12\s500,50\s₽/);
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('BillsList payment', () => {
  const payment = {
    payee: TEST_PAYEE,
    purpose: null,
    vat: null,
    reported_at: null,
  };

  it("has 'Оплатить' on an unpaid bill only, in a column after the amount, and opens the payment dialog", async () => {
    stubListFetch(PATH, () =>
      billsPage([
        makeBill({ id: 1, id_1c: 'СЧ-1', status: 'Не оплачен', payment }),
        makeBill({ id: 2, id_1c: 'СЧ-2', status: 'Оплачен', payment: null }),
      ]),
    );
    renderBills();
    const table = await screen.findByRole('table');
    expect(columnHeaders(table)).toContain('Оплата');
    const [, unpaid, paid] = within(table).getAllByRole('row');
    expect(within(paid!).queryByRole('button', { name: /Оплатить/ })).toBeNull();
    await userEvent.click(within(unpaid!).getByRole('button', { name: 'Оплатить счёт СЧ-1' }));
    expect(await screen.findByRole('dialog', { name: 'Оплата счёта № СЧ-1' })).toBeInTheDocument();
  });

  it("reads 'Оплата проверяется' once the clinic said it paid", async () => {
    stubListFetch(PATH, () =>
      billsPage([
        makeBill({ id: 1, status: 'Не оплачен', payment: { ...payment, reported_at: '2026-03-15T12:00:00.000Z' } }),
      ]),
    );
    renderBills();
    expect(await screen.findByText('Оплата проверяется')).toBeInTheDocument();
  });

  it("reads 'Оплата проверяется' at once when a bill on a later page is reported here, and in the saved copy", async () => {
    stubListFetch(PATH, ({ query }) =>
      query.cursor
        ? billsPage([makeBill({ id: 2, status: 'Не оплачен', payment })])
        : billsPage([makeBill({ id: 1, status: 'Не оплачен', payment })], 'c2'),
    );
    renderBills();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Оплатить/ })).toHaveLength(2));
    const reported = (id: number) =>
      act(async () =>
        useBillsStore
          .getState()
          .edit((bill) =>
            bill.id === id && bill.payment
              ? { ...bill, payment: { ...bill.payment, reported_at: '2026-03-15T12:00:00.000Z' } }
              : bill,
          ),
      );
    await reported(2);
    expect(await screen.findByText('Оплата проверяется')).toBeInTheDocument();
    await reported(1);
    expect(screen.getAllByText('Оплата проверяется')).toHaveLength(2);
    expect(useBillsStore.getState().items[0]!.payment!.reported_at).toBe('2026-03-15T12:00:00.000Z');
  });

  it('shows no payment column when no bill can be paid here', async () => {
    stubListFetch(PATH, () => billsPage([makeBill({ id: 1, status: 'Не оплачен' })]));
    renderBills();
    const table = await screen.findByRole('table');
    expect(columnHeaders(table)).not.toContain('Оплата');
    expect(within(table).queryByRole('button', { name: /Оплатить/ })).toBeNull();
  });
});
