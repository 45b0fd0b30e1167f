// The payee's bank requisites (ADR 0028) and the checks a Russian payment order's fields carry:
// the INN's check digits and the settlement / correspondent accounts' control key against the BIC
// (Bank of Russia rules). Used at start (src/server/env.ts), so a mistyped digit stops the server
// instead of printing a QR code that sends a clinic's money nowhere.

/** The payee as the payment order and the QR code need it. */
export interface Payee {
  /** The organisation's name (ГОСТ Р 56042-2014 Name, at most 160 characters). */
  name: string;
  inn: string;
  kpp: string;
  /** The settlement account (PersonalAcc). */
  account: string;
  /** The bank's name (BankName, at most 45 characters). */
  bank: string;
  bic: string;
  /** The bank's correspondent account (CorrespAcc). */
  corr_account: string;
}

const digits = (value: string) => Array.from(value, Number);

/** Σ weight·digit mod 11 mod 10: the INN's check digit over the digits before it. */
function innCheckDigit(value: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(value[index]), 0);
  return (sum % 11) % 10;
}

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** An organisation's INN (10 digits) or an individual's (12), with its check digit(s). */
export function isValidInn(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return innCheckDigit(inn, INN10) === Number(inn[9]);
  if (/^\d{12}$/.test(inn))
    return innCheckDigit(inn, INN12_11) === Number(inn[10]) && innCheckDigit(inn, INN12_12) === Number(inn[11]);
  return false;
}

/** KPP: 9 characters, the 5th and 6th may be capital Latin letters (the reason code). */
export const isValidKpp = (kpp: string): boolean => /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp);

export const isValidBic = (bic: string): boolean => /^\d{9}$/.test(bic);

/** Σ (weight·digit mod 10) with weights 7 1 3 repeated must end in 0 over the 23 digits. */
function controlKeyHolds(prefix: string, account: string): boolean {
  const WEIGHTS = [7, 1, 3];
  const sum = digits(prefix + account).reduce((total, digit, index) => total + ((digit * WEIGHTS[index % 3]!) % 10), 0);
  return sum % 10 === 0;
}

/**
 * A settlement account at the bank with this BIC: 20 digits whose control key (the 9th digit)
 * holds over the BIC's last three digits and the account. Accounts kept at a Bank of Russia
 * division (BIC ending 000–002) are checked over '0' and the BIC's 5th and 6th digits instead.
 */
export function isValidAccount(account: string, bic: string): boolean {
  if (!/^\d{20}$/.test(account) || !isValidBic(bic)) return false;
  const atCentralBank = Number(bic.slice(6)) <= 2;
  return controlKeyHolds(atCentralBank ? `0${bic.slice(4, 6)}` : bic.slice(6), account);
}

/** The bank's correspondent account at the Bank of Russia: 301…, checked over '0' and the BIC's 5th and 6th digits. */
export function isValidCorrAccount(corrAccount: string, bic: string): boolean {
  if (!/^301\d{17}$/.test(corrAccount) || !isValidBic(bic)) return false;
  return controlKeyHolds(`0${bic.slice(4, 6)}`, corrAccount);
}

/** GOST R 56042-2014's length limits of the texts a bank app reads off the code. */
export const PAYEE_NAME_MAX = 160;
export const PAYEE_BANK_MAX = 45;
