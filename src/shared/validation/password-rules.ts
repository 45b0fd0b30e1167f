// Password rules beyond length (portal.md §5 and cabinet.md §5 ask 8 characters) that page and
// server share. The list of common passwords is large, so it is passed in: the server loads it at
// start, the page only with the password form's lazily loaded strength hint — never on the cold path.

export const PASSWORD_RULE_MESSAGES = {
  common: 'Этот пароль слишком распространён. Придумайте другой.',
  containsEmail: 'Пароль не должен содержать имя из вашего адреса эл. почты',
  currentWrong: 'Неверный текущий пароль',
} as const;

/** How many of the most common passwords (zxcvbn-ts's list is ordered by frequency) are refused. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

/** Shorter local parts ('an', 'ivan') are too common in passwords to forbid them there. */
const MIN_LOCAL_PART_CHECKED = 4;

/** The first rule `password` breaks, as its Russian message; null when it keeps them all. */
export function passwordRuleProblem(password: string, email: string, common: ReadonlySet<string>): string | null {
  const lowered = password.normalize('NFKC').toLowerCase();
  if (common.has(lowered)) return PASSWORD_RULE_MESSAGES.common;
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= MIN_LOCAL_PART_CHECKED && lowered.includes(local)) return PASSWORD_RULE_MESSAGES.containsEmail;
  return null;
}
