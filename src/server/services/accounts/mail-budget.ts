import type { AppDeps } from '#server/context.ts';
import { countRefusal } from '#server/metrics/domain.ts';
import { tooManyRequests } from '#server/lib/api-failure.ts';
import { countHit, keyFor, type RateRule } from '#server/services/rate-limit.ts';

// The global hourly budget of user-triggered mail (MAIL_HOURLY_BUDGET): codes, reset links and the
// passwords of new accounts. The per-account, per-address and per-IP limits bound each requester;
// this bounds them all together, so a botnet that spreads itself thin still cannot make our relay
// send without end (and get our domain listed as a spam source). Counted in the database's rate
// counters, so every process shares one budget. Spend it before the transaction that mails: on the
// embedded database a query from inside a transaction would wait for that very transaction.

const HOUR_SECONDS = 60 * 60;
const EVERYONE = 'all';

export const MAIL_BUDGET_SPENT_MESSAGE = (minutes: number) =>
  `Сейчас мы отправляем слишком много писем и не можем отправить ещё одно. Попробуйте через ${minutes} мин.`;

const budgetRule = (deps: AppDeps): RateRule => ({
  name: 'mail:hourly',
  limit: deps.config.mailHourlyBudget,
  windowSeconds: HOUR_SECONDS,
});

/** Takes one mail from the budget; `ok: false` (and a log line) when the hour's budget is spent. */
export async function takeMailBudget(
  deps: AppDeps,
  purpose: string,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const rule = budgetRule(deps);
  const { result, hits } = await countHit(deps, keyFor(rule, EVERYONE), rule.limit, rule.windowSeconds);
  if (result.allowed) return { ok: true };
  // Every refusal is logged (not only the first), so an operator sees how far past the budget the hour went.
  deps.log.warn('mail budget spent: mail refused', { purpose, budget: rule.limit, asked: hits });
  countRefusal(rule.name);
  return { ok: false, retryAfter: result.retryAfter };
}

/** Takes one mail from the budget or throws a calm 429 in Russian: nothing is handed to the relay. */
export async function spendMailBudget(deps: AppDeps, purpose: string): Promise<void> {
  const taken = await takeMailBudget(deps, purpose);
  if (taken.ok) return;
  throw tooManyRequests(MAIL_BUDGET_SPENT_MESSAGE(Math.max(1, Math.ceil(taken.retryAfter / 60))), taken.retryAfter);
}
