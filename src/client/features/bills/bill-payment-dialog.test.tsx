import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bill } from '#shared/screens/bills.ts';
import { paymentQrPayload } from '#shared/screens/payment-qr.ts';
import { setCsrfToken } from '#client/lib/http.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { decodeQrSvg } from '#client/lib/testing/qr-decode.ts';
import { BillPaymentDialog } from './bill-payment-dialog.tsx';
import { useBillsStore } from './bills-store.ts';
import { payableBill, resetBillsStore } from './testing/bill-fixtures.ts';
import { TEST_PAYEE } from '../../../../tests/setup/payee.ts';

const BILL = payableBill(TEST_PAYEE);
const PAYMENT = BILL.payment!;

const REPORT = 'POST /ajax/cabinet/bills/payment-reported';

function renderDialog(bill: Bill = BILL, onClose = vi.fn()) {
  render(<BillPaymentDialog bill={bill} payment={bill.payment!} onClose={onClose} />);
  return screen.getByRole('dialog', { name: 'Оплата счёта № СЧ-1024' });
}

beforeEach(() => {
  setCsrfToken('csrf');
  resetBillsStore();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BillPaymentDialog', () => {
  it('draws the bank payment QR on the device: decoded, it is the ГОСТ payload of the bill', () => {
    stubFetch({});
    const dialog = renderDialog();
    const qr = within(dialog).getByRole('img', { name: 'QR-код для оплаты счёта № СЧ-1024' });
    const expected = paymentQrPayload(PAYMENT.payee, {
      id_1c: 'СЧ-1024',
      date: '2026-03-02',
      amount: '15900.50',
      purpose: null,
      vat: null,
    });
    expect(decodeQrSvg(qr)).toBe(expected);
    expect(expected).toContain('|Sum=1590050|Purpose=Оплата по счёту № СЧ-1024 от 02.03.2026');
    expect(qr).toHaveAttribute('width', '280');
    expect(dialog).toHaveTextContent('Откройте приложение своего банка');
  });

  it('copies each requisite and the sum, says Скопировано, and copies all requisites as one text', async () => {
    stubFetch({});
    const user = userEvent.setup();
    const dialog = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Копировать: ИНН' }));
    expect(await navigator.clipboard.readText()).toBe('7707083893');
    expect(within(dialog).getByRole('button', { name: 'Скопировано' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Копировать: Сумма' }));
    expect(await navigator.clipboard.readText()).toBe('15900,50');
    await user.click(within(dialog).getByRole('button', { name: /^Скопировать все реквизиты/ }));
    expect(await navigator.clipboard.readText()).toBe(
      [
        'Получатель: ООО «Дентал Сервис»',
        'ИНН: 7707083893',
        'КПП: 773601001',
        'Расчётный счёт: 40702810938000012345',
        'Банк: ПАО Сбербанк',
        'БИК: 044525225',
        'Корр. счёт: 30101810400000000225',
        'Сумма: 15900,50',
        'Назначение платежа: Оплата по счёту № СЧ-1024 от 02.03.2026',
      ].join('\n'),
    );
  });

  it('downloads the bill where files cannot be shared, and says so', async () => {
    stubFetch({});
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { canShare: undefined, share: undefined }),
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    const dialog = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Поделиться счётом' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.getAttribute('href')).toBe('/ajax/cabinet/bills/11/download');
    expect(clicked[0]!.download).toBe('Счёт СЧ-1024.pdf');
    expect(within(dialog).getByRole('status')).toHaveTextContent('счёт скачивается');
  });

  it('shares the PDF as a file through the Web Share API where the browser can', async () => {
    stubFetch({ 'GET /ajax/cabinet/bills/11/download': { body: '%PDF-1.4' } });
    const share = vi.fn(async () => undefined);
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        canShare: (data: ShareData) => Boolean(data.files?.length),
        share,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const user = userEvent.setup();
    const dialog = renderDialog();
    // The file is fetched as the dialog opens; the press then shares it at once.
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await user.click(within(dialog).getByRole('button', { name: 'Поделиться счётом' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const [data] = share.mock.calls[0] as unknown as [ShareData];
    expect(data.files?.[0]?.name).toBe('Счёт СЧ-1024.pdf');
    expect(data.files?.[0]?.type).toBe('application/pdf');
    expect(click).not.toHaveBeenCalled();
  });

  it('sends Я оплатил once, then reads Оплата проверяется, in the dialog and in the saved list', async () => {
    const { calls } = stubFetch({ [REPORT]: { body: { success: true, reported_at: '2026-03-15T12:00:00.000Z' } } });
    useBillsStore.setState({ items: [BILL] });
    const user = userEvent.setup();
    const dialog = renderDialog();
    const button = within(dialog).getByRole('button', { name: 'Я оплатил' });
    await user.dblClick(button);
    expect(await within(dialog).findByText(/Оплата проверяется/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Я оплатил' })).toBeNull();
    expect(calls.filter((call) => `${call.method} ${call.path}` === REPORT).map((call) => call.body)).toEqual([
      { bill_id: 11 },
    ]);
    expect(useBillsStore.getState().items[0]!.payment!.reported_at).toBe('2026-03-15T12:00:00.000Z');
  });

  it('has no Я оплатил once the bill was reported, and says when it was', async () => {
    stubFetch({});
    renderDialog({ ...BILL, payment: { ...PAYMENT, reported_at: '2026-03-14T08:00:00.000Z' } });
    expect(screen.queryByRole('button', { name: 'Я оплатил' })).toBeNull();
    expect(screen.getByText(/Вы сообщили об оплате 14\.03\.2026/)).toBeInTheDocument();
  });

  it('shows the server’s refusal of Я оплатил and keeps the button', async () => {
    stubFetch({ [REPORT]: { status: 409, body: { success: false, message: 'Счёт уже оплачен' } } });
    const user = userEvent.setup();
    const dialog = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Я оплатил' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Счёт уже оплачен');
    expect(within(dialog).getByRole('button', { name: 'Я оплатил' })).toBeEnabled();
  });
});
