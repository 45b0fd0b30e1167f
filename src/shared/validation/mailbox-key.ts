// Which written addresses reach one mailbox, for counting mails per address (rate limits): a limit
// per typed address lets `ivan+1@gmail.com`, `i.van@gmail.com`… each get their own allowance while
// all land in one inbox. Conservative on purpose: an address is only folded where its provider
// documents the rule, so two different people are never counted as one. Never used to send mail
// or to find an account: the address as typed stays the login.

/** Providers that ignore dots in the local part as well as a `+tag` (Gmail's documented rule). */
const DOTS_AND_TAG = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * Providers that deliver `name+tag@` to `name@` (documented plus addressing), each mapped to the
 * domain its aliases share: Yandex's domains are one mailbox, as are Apple's.
 */
const TAG_ONLY = new Map([
  ['yandex.ru', 'yandex.ru'],
  ['yandex.com', 'yandex.ru'],
  ['yandex.by', 'yandex.ru'],
  ['yandex.kz', 'yandex.ru'],
  ['yandex.ua', 'yandex.ru'],
  ['ya.ru', 'yandex.ru'],
  ['outlook.com', 'outlook.com'],
  ['hotmail.com', 'hotmail.com'],
  ['live.com', 'live.com'],
  ['icloud.com', 'icloud.com'],
  ['me.com', 'icloud.com'],
  ['mac.com', 'icloud.com'],
  ['fastmail.com', 'fastmail.com'],
  ['proton.me', 'proton.me'],
  ['protonmail.com', 'proton.me'],
  ['pm.me', 'proton.me'],
]);

/** The one key every spelling of a mailbox shares; other addresses only lower-cased. */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const dotted = DOTS_AND_TAG.get(domain);
  if (dotted !== undefined) return `${withoutTag(local).replaceAll('.', '')}@${dotted}`;
  const tagged = TAG_ONLY.get(domain);
  if (tagged !== undefined) return `${withoutTag(local)}@${tagged}`;
  return address;
}

/** `name+tag` → `name`; a local part that starts with `+` is kept whole (there is no name to keep). */
function withoutTag(local: string): string {
  const plus = local.indexOf('+');
  return plus > 0 ? local.slice(0, plus) : local;
}
