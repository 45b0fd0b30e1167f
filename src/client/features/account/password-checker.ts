// Loaded only with the password form's strength hint (password-strength.tsx): zxcvbn-ts and its
// dictionaries are large, so they never reach the cold path nor the precache (vite.config.ts).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { commonPasswords } from '#shared/validation/common-passwords.ts';
import { passwordRuleProblem } from '#shared/validation/password-rules.ts';

export interface PasswordVerdict {
  /** zxcvbn's score: 0 (guessed at once) … 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** The rule the server would refuse the password for, in Russian; null when none. */
  problem: string | null;
}

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

export function checkPassword(password: string, email: string): PasswordVerdict {
  const local = email.split('@')[0] ?? '';
  return {
    score: zxcvbn.check(password, local ? [local] : []).score,
    problem: passwordRuleProblem(password, email, commonPasswords()),
  };
}
