import { createContext, useContext } from 'react';
import type { UserData } from '#shared/api/account.ts';

/** The account as the shell shows it (routes/__root.tsx): the store's, at a deferred priority. */
export interface ShownAccount {
  user: UserData | null;
  /** Who is here is known (selectAccountKnown). */
  ready: boolean;
}

/**
 * The shell's account for the pages under it: what the account's answer lets in renders in the
 * shell's deferred render, which React splits into short slices, not in the answer's one long task.
 */
export const ShownAccountContext = createContext<ShownAccount>({ user: null, ready: false });

export function useShownAccount(): ShownAccount {
  return useContext(ShownAccountContext);
}
