// Paying a bill from the phone (ADR 0028), at 360 px: the back office issues an unpaid bill (with
// its own VAT line) and a paid one; the clinic opens Счета, presses 'Оплатить', and the QR code on
// the screen — read back from a screenshot, as a bank app's camera would — is the ГОСТ Р 56042-2014
// payload of the bill with the e2e server's PAYEE_*; 'Я оплатил' puts bill.payment_reported in the
// back office's event feed, and the bill reads 'Оплата проверяется'. On the phone the code is also
// saved as a PNG (ADR 0046), which decodes to the same payment.
import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentQrPayload } from '../../src/shared/screens/payment-qr.ts';
import { TEST_PAYEE } from '../setup/payee.ts';
import { backOffice, PDF_BYTES } from './back-office.ts';
import {
  DESKTOP,
  PHONE,
  PHONE_WITH_WORKER,
  launchBrowser,
  openControlled,
  screenshot,
  withPage,
  type ScreenSize,
} from './support.ts';
import { button, closeUnpaidNotice, dialogNamed, loginFromHome, visible } from './ui.ts';

/** The narrowest phone the portal is designed for. */
const PHONE_360: ScreenSize = { name: 'phone', options: { ...PHONE.options, viewport: { width: 360, height: 780 } } };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Reads the QR code off a screenshot of the element: the PNG's pixels (decoded by the page's own image decoder) through jsqr. */
async function decodeQrFromScreen(page: Page, qr: Locator): Promise<string | null> {
  return decodeQrPng(page, await qr.screenshot({ scale: 'css', animations: 'disabled' }));
}

/** Reads the QR code in a PNG file as a gallery picture is read: the browser decodes the image, jsqr reads its pixels. */
async function decodeQrPng(page: Page, file: Buffer): Promise<string | null> {
  const png = file.toString('base64');
  const image = await page.evaluate(async (base64) => {
    // Decoded from bytes, not a data: URL (the portal's CSP allows no data: fetches).
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { data: Array.from(data), width, height };
  }, png);
  const code = jsQR(Uint8ClampedArray.from(image.data), image.width, image.height);
  return code ? new TextDecoder().decode(Uint8Array.from(code.binaryData)) : null;
}

describe('paying a bill from the phone', () => {
  it('Оплатить → the QR on the screen is the bill’s payment payload → Я оплатил → the event in the feed', async () => {
    const suffix = Date.now().toString(36).toUpperCase();
    const clinic = await backOffice.client('e2e-bill-payment-2026');
    const pdf = await backOffice.file(PDF_BYTES, 'счёт.pdf');
    const unpaid = {
      id_1c: `СЧ-${suffix}-7`,
      date: '2026-03-02',
      amount_document: '15900.50',
      vat: 'НДС не облагается',
    };
    const { id: billId } = await backOffice.bill({
      client_id: clinic.id,
      status: 'Не оплачен',
      document_file_id: pdf.id,
      ...unpaid,
    });
    const paid = `СЧ-${suffix}-8`;
    await backOffice.bill({
      client_id: clinic.id,
      id_1c: paid,
      date: '2026-02-20',
      amount_document: '8000.00',
      status: 'Оплачен',
    });
    const feedBefore = (await backOffice.events()).next;
    const expected = paymentQrPayload(TEST_PAYEE, {
      id_1c: unpaid.id_1c,
      date: unpaid.date,
      amount: unpaid.amount_document,
      purpose: null,
      vat: unpaid.vat,
    });

    await withPage(browser, PHONE_360, 'phone-360-bill-payment', async (page) => {
      await loginFromHome(page, PHONE_360, clinic);
      // Closed where it opens, 1 s after the login's data: on the next page it would not come again.
      await closeUnpaidNotice(page);
      await page.goto('/cabinet/bills');

      const card = (id1c: string) =>
        visible(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Счёт ${id1c}` }) }));
      await card(paid).waitFor();
      expect(
        await card(paid)
          .getByRole('button', { name: /Оплатить/ })
          .count(),
      ).toBe(0);
      const pay = button(card(unpaid.id_1c), `Оплатить счёт ${unpaid.id_1c}`);
      await pay.scrollIntoViewIfNeeded();
      await screenshot(page, 'phone-360-bills-pay');
      await pay.click();

      const dialog = dialogNamed(page, `Оплата счёта № ${unpaid.id_1c}`);
      const qr = dialog.getByRole('img', { name: `QR-код для оплаты счёта № ${unpaid.id_1c}` });
      await qr.waitFor();
      const box = (await qr.boundingBox())!;
      // Still large enough for another phone's camera (an accountant's); this phone saves the picture.
      expect(box.width).toBeGreaterThanOrEqual(250);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      await screenshot(page, 'phone-360-bill-payment-qr');
      expect(await decodeQrFromScreen(page, qr)).toBe(expected);
      await dialog.getByText(/Камера телефона не прочитает код со своего же экрана/).waitFor();

      // 'Сохранить QR-код': a PNG the bank app opens from the gallery, decoding to the same payment.
      const save = button(dialog, 'Сохранить QR-код');
      await save.scrollIntoViewIfNeeded();
      const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
      expect(download.suggestedFilename()).toBe(`QR-код счёта ${unpaid.id_1c}.png`);
      expect(await decodeQrPng(page, await readFile(await download.path()))).toBe(expected);
      await screenshot(page, 'phone-360-bill-payment-saved');

      // The requisites below the code, each with its copy button; nothing wider than the screen.
      await dialog.getByRole('button', { name: /^Скопировать все реквизиты/ }).scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, 'phone-360-bill-payment-requisites');

      const paidButton = button(dialog, 'Я оплатил');
      await paidButton.scrollIntoViewIfNeeded();
      await paidButton.click();
      await dialog.getByText(/Оплата проверяется/).waitFor();
      expect(await button(dialog, 'Я оплатил').count()).toBe(0);
      await screenshot(page, 'phone-360-bill-payment-reported');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await visible(card(unpaid.id_1c).getByText('Оплата проверяется', { exact: true })).waitFor();
      await screenshot(page, 'phone-360-bills-checking');
    });

    const reported = (await backOffice.events(feedBefore)).events.filter(
      (event) => event.type === 'bill.payment_reported',
    );
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({
      client_id: clinic.id,
      payload: { bill_id: billId, id_1c: unpaid.id_1c, amount_document: '15900.50' },
    });
  });

  it('on a desktop: Оплатить in the row, reached and opened with the keyboard, Escape gives the focus back', async () => {
    const clinic = await backOffice.client('e2e-bill-payment-2026');
    const id1c = `СЧ-${Date.now().toString(36).toUpperCase()}-9`;
    await backOffice.bill({
      client_id: clinic.id,
      id_1c: id1c,
      date: '2026-03-05',
      amount_document: '4200.00',
      status: 'Не оплачен',
      purpose: 'Ремонт | наконечника по договору 12',
    });
    const expected = paymentQrPayload(TEST_PAYEE, {
      id_1c: id1c,
      date: '2026-03-05',
      amount: '4200.00',
      purpose: 'Ремонт | наконечника по договору 12',
      vat: null,
    });
    expect(expected).toContain('|Purpose=Ремонт / наконечника по договору 12');

    await withPage(browser, DESKTOP, 'desktop-bill-payment', async (page) => {
      await loginFromHome(page, DESKTOP, clinic);
      // Closed where it opens, 1 s after the login's data: on the next page it would not come again.
      await closeUnpaidNotice(page);
      await page.goto('/cabinet/bills');
      const row = page.getByRole('row').filter({ hasText: id1c });
      // The owner's e-mail may break after its '@', not inside a word ('demo@clinic.te' over 'st').
      const ownerCell = row.getByRole('cell').filter({ hasText: clinic.email });
      const linesPerPart = await ownerCell.evaluate((cell) => {
        const lines: number[] = [];
        const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          lines.push(new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size);
        }
        return lines;
      });
      // The part before the '@' may wrap at its hyphens; the domain after it stays on one line.
      expect(linesPerPart).toHaveLength(2);
      expect(linesPerPart[1]).toBe(1);
      const pay = button(row, `Оплатить счёт ${id1c}`);
      await pay.focus();
      await page.keyboard.press('Enter');
      const dialog = dialogNamed(page, `Оплата счёта № ${id1c}`);
      const qr = dialog.getByRole('img', { name: `QR-код для оплаты счёта № ${id1c}` });
      await qr.waitFor();
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog:modal')))).toBe(true);
      await screenshot(page, 'desktop-bill-payment');
      expect(await decodeQrFromScreen(page, qr)).toBe(expected);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => pay.evaluate((element) => element === document.activeElement)).toBe(true);
    });
  });

  it('offline: the saved list still offers Оплатить, and the QR is drawn with no network', async () => {
    const clinic = await backOffice.client('e2e-bill-payment-2026');
    const id1c = `СЧ-${Date.now().toString(36).toUpperCase()}-10`;
    await backOffice.bill({
      client_id: clinic.id,
      id_1c: id1c,
      date: '2026-03-06',
      amount_document: '990.00',
      status: 'Не оплачен',
    });
    const expected = paymentQrPayload(TEST_PAYEE, {
      id_1c: id1c,
      date: '2026-03-06',
      amount: '990.00',
      purpose: null,
      vat: null,
    });

    await withPage(browser, PHONE_WITH_WORKER, 'offline-bill-payment', async (page, context) => {
      await loginFromHome(page, PHONE_WITH_WORKER, clinic);
      // Closed where it opens, on the page the login lands on (see above), then the bills under the worker.
      await closeUnpaidNotice(page);
      await openControlled(page, '/cabinet/bills');
      const card = visible(
        page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Счёт ${id1c}` }) }),
      );
      await card.waitFor();

      await context.setOffline(true);
      await page.reload();
      const pay = button(card, `Оплатить счёт ${id1c}`);
      await pay.click();
      const dialog = dialogNamed(page, `Оплата счёта № ${id1c}`);
      const qr = dialog.getByRole('img', { name: `QR-код для оплаты счёта № ${id1c}` });
      await qr.waitFor();
      await screenshot(page, 'phone-offline-bill-payment');
      expect(await decodeQrFromScreen(page, qr)).toBe(expected);
      await context.setOffline(false);
    });
  });
});
