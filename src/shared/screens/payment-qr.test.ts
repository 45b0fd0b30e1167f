import { describe, expect, it } from 'vitest';
import {
  MANDATORY_BLOCK_MAX_BYTES,
  mandatoryBlockBytes,
  paymentPurpose,
  paymentQrPayload,
  qrFieldText,
  sumInKopecks,
} from './payment-qr.ts';
import { TEST_PAYEE } from '../../../tests/setup/payee.ts';

const PAYEE = TEST_PAYEE;

const BILL = { id_1c: 'СЧ-1024', date: '2026-03-02', amount: '15900.50', purpose: null, vat: null };

describe('the payment QR payload (ГОСТ Р 56042-2014)', () => {
  it('carries the header and every field in order, the sum in kopecks and the default purpose', () => {
    expect(paymentQrPayload(PAYEE, BILL)).toBe(
      'ST00012|Name=ООО «Дентал Сервис»|PersonalAcc=40702810938000012345|BankName=ПАО Сбербанк|BIC=044525225' +
        '|CorrespAcc=30101810400000000225|PayeeINN=7707083893|KPP=773601001|Sum=1590050|Purpose=Оплата по счёту № СЧ-1024 от 02.03.2026',
    );
  });

  it('reads kopecks from the money string without floats', () => {
    expect(sumInKopecks('15900.50')).toBe('1590050');
    expect(sumInKopecks('0.01')).toBe('1');
    expect(sumInKopecks('99999999.99')).toBe('9999999999');
    expect(sumInKopecks('12.5')).toBe('1250');
    expect(() => sumInKopecks('0.00')).toThrow();
    expect(() => sumInKopecks('12,50')).toThrow();
  });

  it('never lets a "|" or a line break in a text open a new field', () => {
    expect(qrFieldText('ООО "А|Б"\nфилиал\t 2')).toBe('ООО "А/Б" филиал 2');
    const payload = paymentQrPayload(
      { ...PAYEE, name: 'ИП Иванов|PersonalAcc=1', bank: 'Банк|BIC=1' },
      { ...BILL, id_1c: 'A|B', purpose: null },
    );
    const fields = payload.split('|');
    expect(fields).toHaveLength(10);
    expect(fields.filter((field) => field.startsWith('PersonalAcc='))).toEqual(['PersonalAcc=40702810938000012345']);
    expect(fields).toContain('Name=ИП Иванов/PersonalAcc=1');
    expect(fields).toContain('Purpose=Оплата по счёту № A/B от 02.03.2026');
  });

  it('uses the back office’s purpose and adds the VAT line only when it is set', () => {
    expect(paymentPurpose({ ...BILL, purpose: 'Ремонт наконечника по договору 7' })).toBe(
      'Ремонт наконечника по договору 7',
    );
    expect(paymentPurpose({ ...BILL, vat: 'НДС не облагается' })).toBe(
      'Оплата по счёту № СЧ-1024 от 02.03.2026. НДС не облагается',
    );
    expect(paymentPurpose({ ...BILL, purpose: 'Ремонт.', vat: 'В т.ч. НДС 20% 2650.08' })).toBe(
      'Ремонт. В т.ч. НДС 20% 2650.08',
    );
    expect(paymentPurpose(BILL)).not.toMatch(/НДС/);
  });

  it('dates the purpose by the bill’s day in Moscow, not by the first characters of a UTC date-time', () => {
    // 21:30 UTC on 1 March is 00:30 on 2 March in Moscow.
    expect(paymentPurpose({ ...BILL, date: '2026-03-01T21:30:00Z' })).toBe('Оплата по счёту № СЧ-1024 от 02.03.2026');
    expect(paymentPurpose({ ...BILL, date: '2026-03-02T01:00:00+05:00' })).toBe(
      'Оплата по счёту № СЧ-1024 от 01.03.2026',
    );
    expect(paymentPurpose({ ...BILL, date: '2026-03-02T10:00:00' })).toBe('Оплата по счёту № СЧ-1024 от 02.03.2026');
  });

  it('counts the mandatory block in UTF-8 bytes: a long Cyrillic name passes the limit', () => {
    expect(mandatoryBlockBytes(PAYEE)).toBeLessThan(MANDATORY_BLOCK_MAX_BYTES);
    expect(mandatoryBlockBytes({ ...PAYEE, name: 'Я'.repeat(100) })).toBeGreaterThan(MANDATORY_BLOCK_MAX_BYTES);
    expect(paymentQrPayload(PAYEE, BILL).startsWith(`ST00012|Name=${PAYEE.name}|PersonalAcc=`)).toBe(true);
  });
});
