import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentQrPayload } from '#shared/screens/payment-qr.ts';
import { setCsrfToken } from '#client/lib/http.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { setViewportWidth } from '#client/lib/testing/viewport.ts';
import { BillPaymentDialog } from './bill-payment-dialog.tsx';
import { payableBill, resetBillsStore } from './testing/bill-fixtures.ts';
import { decodeQrPng } from './testing/png-decode.ts';
import { TEST_PAYEE } from '../../../../tests/setup/payee.ts';

// On a phone the bank app cannot scan the phone's own screen: the dialog offers the code as a
// picture to save or share, and says so (ADR 0046).

const BILL = payableBill(TEST_PAYEE);
const PAYMENT = BILL.payment!;

const PAYLOAD = paymentQrPayload(TEST_PAYEE, {
  id_1c: 'СЧ-1024',
  date: '2026-03-02',
  amount: '15900.50',
  purpose: null,
  vat: null,
});

function renderDialog() {
  render(<BillPaymentDialog bill={BILL} payment={PAYMENT} onClose={vi.fn()} />);
  return screen.getByRole('dialog', { name: 'Оплата счёта № СЧ-1024' });
}

/** The files given to URL.createObjectURL, and the links clicked. */
function captureDownloads() {
  const files: Blob[] = [];
  const links: HTMLAnchorElement[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return `blob:http://localhost/${files.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    links.push(this);
  });
  return { files, links };
}

beforeEach(() => {
  setCsrfToken('csrf');
  resetBillsStore();
  stubFetch({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BillPaymentDialog on a phone', () => {
  it('says the camera cannot read its own screen and saves the code as a PNG that decodes to the payment', async () => {
    setViewportWidth(360);
    const { files, links } = captureDownloads();
    const dialog = renderDialog();
    expect(dialog).toHaveTextContent('Камера телефона не прочитает код со своего же экрана');
    expect(dialog).not.toHaveTextContent('наведите камеру');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Сохранить QR-код' }));
    expect(links).toHaveLength(1);
    expect(links[0]!.download).toBe('QR-код счёта СЧ-1024.png');
    expect(links[0]!.getAttribute('href')).toBe('blob:http://localhost/1');
    expect(files[0]!.type).toBe('image/png');
    expect(await decodeQrPng(new Uint8Array(await files[0]!.arrayBuffer()))).toBe(PAYLOAD);
    expect(within(dialog).getByRole('status')).toHaveTextContent('загрузите эту картинку');
  });

  it('shares the PNG through the Web Share API where the browser shares files', async () => {
    setViewportWidth(360);
    const share = vi.fn(async (_data: ShareData) => undefined);
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        canShare: (data: ShareData) => Boolean(data.files?.every((file) => file.type === 'image/png')),
        share,
      }),
    );
    const dialog = renderDialog();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Поделиться QR-кодом' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const file = share.mock.calls[0]![0].files![0]!;
    expect(file.name).toBe('QR-код счёта СЧ-1024.png');
    expect(await decodeQrPng(new Uint8Array(await file.arrayBuffer()))).toBe(PAYLOAD);
  });

  it('offers no Поделиться where files cannot be shared, and still the save', async () => {
    setViewportWidth(360);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { canShare: undefined }));
    const dialog = renderDialog();
    expect(within(dialog).getByRole('button', { name: 'Сохранить QR-код' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Поделиться QR-кодом' })).toBeNull();
  });

  it('keeps the camera text and no picture buttons on a desktop', () => {
    setViewportWidth(1280);
    const dialog = renderDialog();
    expect(dialog).toHaveTextContent('наведите камеру на код');
    expect(within(dialog).queryByRole('button', { name: 'Сохранить QR-код' })).toBeNull();
  });
});
