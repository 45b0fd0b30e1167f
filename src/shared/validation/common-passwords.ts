import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORDS_REFUSED } from './password-rules.ts';

// One list for the server's check and the page's strength hint. The dictionary is large: the server
// loads it on first use, the page only with the lazily loaded hint (password-checker.ts, its own chunk).

/** The most common passwords (zxcvbn-ts's list, by frequency), lower-cased; built on first use. */
let common: Set<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((word) => word.toLowerCase()),
  );
  return common;
}
