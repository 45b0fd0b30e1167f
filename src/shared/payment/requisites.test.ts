import { describe, expect, it } from 'vitest';
import { isValidAccount, isValidCorrAccount, isValidInn, isValidKpp } from './requisites.ts';

// Valid examples computed by the algorithms (and matching a real bank's published requisites:
// ПАО Сбербанк, INN 7707083893, BIC 044525225, corr. account 30101810400000000225).

describe('INN', () => {
  it('takes a 10-digit INN with the right check digit and refuses any other last digit', () => {
    expect(isValidInn('7707083893')).toBe(true);
    expect(isValidInn('7707083894')).toBe(false);
  });
  it('takes a 12-digit INN whose two check digits hold, refuses one that breaks either', () => {
    expect(isValidInn('500774600107')).toBe(true);
    expect(isValidInn('500774600117')).toBe(false);
    expect(isValidInn('500774600108')).toBe(false);
  });
  it('refuses other lengths and non-digits', () => {
    for (const value of ['', '770708389', '77070838933', '77O7083893', ' 7707083893'])
      expect(isValidInn(value)).toBe(false);
  });
});

describe('KPP', () => {
  it('is 9 characters, letters only as the reason code', () => {
    expect(isValidKpp('773601001')).toBe(true);
    expect(isValidKpp('7736AB001')).toBe(true);
    expect(isValidKpp('77360100')).toBe(false);
    expect(isValidKpp('AB3601001')).toBe(false);
  });
});

describe('accounts against the BIC', () => {
  it('takes a settlement account whose control key holds over the BIC’s last three digits', () => {
    expect(isValidAccount('40702810938000012345', '044525225')).toBe(true);
  });
  it('refuses one digit off, a swapped key, another bank’s BIC and wrong lengths', () => {
    expect(isValidAccount('40702810938000012346', '044525225')).toBe(false);
    expect(isValidAccount('40702810838000012345', '044525225')).toBe(false);
    expect(isValidAccount('40702810938000012345', '044525974')).toBe(false);
    expect(isValidAccount('4070281093800001234', '044525225')).toBe(false);
    expect(isValidAccount('40702810938000012345', '04452522')).toBe(false);
  });
  it('checks an account at a Bank of Russia division over 0 and the BIC’s 5th–6th digits', () => {
    // BIC 044525000: the key is computed over '025' + account (computed: 5 is the key digit that holds).
    expect(isValidAccount('40102810545370000003', '044525000')).toBe(true);
    expect(isValidAccount('40102810445370000003', '044525000')).toBe(false);
  });
  it('takes the correspondent account of the bank and refuses a broken one', () => {
    expect(isValidCorrAccount('30101810400000000225', '044525225')).toBe(true);
    expect(isValidCorrAccount('30101810500000000225', '044525225')).toBe(false);
    expect(isValidCorrAccount('40702810938000012345', '044525225')).toBe(false);
  });
});
