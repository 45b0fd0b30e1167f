import { useAccountStore } from './account-store.ts';

/**
 * When the account's count of unpaid bills took its present value. portal.md §4.6 opens the
 * unpaid-bills modal 1 s after the data changes, but the modal's chunk comes only after the page has
 * loaded (docs/decisions/0012-code-splitting-and-cold-start.md, "Later"): counted from its own mount,
 * the second would start half a second late on a cold start. The entry starts this clock instead.
 */
let current: { count: number | null; since: number } | null = null;

function note(count: number | null): void {
  if (current?.count !== count) current = { count, since: Date.now() };
}

/**
 * Follows the account store from now on (the entry calls it before the user data is asked for). Answers
 * the stop, which also forgets the time: a clock no longer watching knows nothing (and nothing is left
 * for the next test file of a shared module registry).
 */
export function watchUnpaidBills(): () => void {
  note(useAccountStore.getState().user?.unpaid_bills ?? null);
  const unsubscribe = useAccountStore.subscribe((state) => note(state.user?.unpaid_bills ?? null));
  return () => {
    unsubscribe();
    current = null;
  };
}

/** When (Date.now()) the count became `count`; null when the clock has not seen it become that. */
export function unpaidBillsSince(count: number): number | null {
  return current !== null && current.count === count ? current.since : null;
}
