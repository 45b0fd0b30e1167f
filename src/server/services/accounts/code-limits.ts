import type { AppDeps } from '#server/context.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { spendMailBudget } from '#server/services/accounts/mail-budget.ts';
import { codeFamilies, enforceLimits, enforceLimitsOrGiveBack, type RateRule } from '#server/services/rate-limit.ts';
import { sha256 } from '#server/lib/sha256.ts';
import { guestMessages } from '#shared/screens/guest-requests.ts';
import { mailboxKey } from '#shared/validation/mailbox-key.ts';

// Who asks for an e-mailed code, and what each ask counts against (rate-limit.ts's code rules). The
// per-address counters are kept per browser (and per IP) as well as per mailbox, so nobody can lock
// a stranger out by asking for the stranger's code or guessing at it: a refusal that costs nothing
// (a cooldown, another browser's code, a limit) counts against no address's budget, and the one
// ceiling per mailbox stays above what one IP may spend. The requester's own IP counts every ask.

/** The guest wizard's words, for registration's codes too. */
export const OTHER_BROWSER_MESSAGE = guestMessages.otherBrowser;

export interface CodeRequester {
  /** The asking browser: the hash of its cookie token, or `account:<id>` for a logged-in account. */
  browser: string;
  ip: string;
}

/** A browser named by its cookie token (middleware/browser-cookie.ts); only the hash is ever stored. */
export const browserOfToken = (token: string): string => `browser:${sha256(token)}`;
export const browserOfAccount = (clientId: number): string => `account:${clientId}`;

export type CodeFamily = keyof typeof codeFamilies;

/** The requester's own IP: counted for every ask that got past the cooldown (it is nobody else's budget). */
export async function countAskFromIp(deps: AppDeps, family: CodeFamily, who: CodeRequester): Promise<void> {
  await enforceLimits(deps, [[codeFamilies[family].sendIp, who.ip]]);
}

/**
 * Counts a mail about to be sent to `email` per browser, per IP and per mailbox, or refuses it
 * (429) keeping none of those hits. `extra` adds the requester's own limits (a logged-in account's).
 */
export async function countCodeMail(
  deps: AppDeps,
  family: CodeFamily,
  email: string,
  who: CodeRequester,
  extra: ReadonlyArray<readonly [RateRule, string]> = [],
): Promise<void> {
  const rules = codeFamilies[family];
  const mailbox = mailboxKey(email);
  await enforceLimitsOrGiveBack(deps, [
    ...extra,
    [rules.sendBrowserEmail, `${who.browser}|${mailbox}`],
    [rules.sendIpEmail, `${who.ip}|${mailbox}`],
    [rules.sendEmail, mailbox],
  ]);
}

/**
 * Everything a code mail counts against once past its cooldown, in the one order that keeps a
 * stranger from spending the owner's budget: the asker's IP; then `refuseFirst` (an address that
 * has an account, say), which refuses at no address's cost; then the mailbox's counters and the
 * portal's hourly mail budget (`budget` names the mail in the log).
 */
export async function countCodeAsk(
  deps: AppDeps,
  ask: {
    family: CodeFamily;
    email: string;
    who: CodeRequester;
    budget: string;
    extra?: ReadonlyArray<readonly [RateRule, string]>;
    refuseFirst?: () => Promise<void>;
  },
): Promise<void> {
  await countAskFromIp(deps, ask.family, ask.who);
  await ask.refuseFirst?.();
  await countCodeMail(deps, ask.family, ask.email, ask.who, ask.extra);
  await spendMailBudget(deps, ask.budget);
}

/** Counts a guess at `email`'s code, after the code proved to be this browser's, and from the IP. */
export async function countCodeGuess(deps: AppDeps, family: CodeFamily, email: string, who: CodeRequester) {
  const rules = codeFamilies[family];
  await enforceLimits(deps, [
    [rules.checkBrowserEmail, `${who.browser}|${mailboxKey(email)}`],
    [rules.checkIp, who.ip],
  ]);
}

/** A code's payload names the browser that asked for it (`session`: the hash of its cookie token). */
const sessionOfPayload = (payload: unknown): string | null =>
  typeof payload === 'object' && payload !== null && typeof (payload as { session?: unknown }).session === 'string'
    ? (payload as { session: string }).session
    : null;

/** Throws 'asked in another browser' unless the code's payload names this browser's token. */
export function requireSameBrowser(payload: unknown, token: string | null): void {
  if (token === null || sessionOfPayload(payload) !== sha256(token)) throw fieldFailure('code', OTHER_BROWSER_MESSAGE);
}
