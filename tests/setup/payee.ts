// The payee of the tests and of the e2e server (PAYEE_*, ADR 0028): a real bank's BIC and correspondent account
// (ПАО Сбербанк) and a settlement account whose control key was computed for that BIC.
import type { Payee } from '../../src/shared/payment/requisites.ts';

export const TEST_PAYEE: Payee = {
  name: 'ООО «Дентал Сервис»',
  inn: '7707083893',
  kpp: '773601001',
  account: '40702810938000012345',
  bank: 'ПАО Сбербанк',
  bic: '044525225',
  corr_account: '30101810400000000225',
};

/** The same as the server's environment. */
export const TEST_PAYEE_ENV = {
  PAYEE_NAME: TEST_PAYEE.name,
  PAYEE_INN: TEST_PAYEE.inn,
  PAYEE_KPP: TEST_PAYEE.kpp,
  PAYEE_ACCOUNT: TEST_PAYEE.account,
  PAYEE_BANK: TEST_PAYEE.bank,
  PAYEE_BIC: TEST_PAYEE.bic,
  PAYEE_CORR_ACCOUNT: TEST_PAYEE.corr_account,
};
