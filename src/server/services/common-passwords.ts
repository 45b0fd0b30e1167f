import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORDS_REFUSED } from '#shared/validation/password-rules.ts';

/** The most common passwords (zxcvbn-ts's list, by frequency), lower-cased; built on first use. */
let common: Set<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((word) => word.toLowerCase()),
  );
  return common;
}
