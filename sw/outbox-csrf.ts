// The CSRF token the outbox sends with replays (X-CSRF-Token, as src/client/lib/http.ts does).
// The page posts it whenever it has one; it is kept in memory and in IndexedDB, so a Background
// Sync with no page open still has it. When the server refuses it (403), the worker asks for the
// current one itself: GET /ajax/user/data answers it for a logged-in browser.
import { createStore, get, set, type UseStore } from 'idb-keyval';
import * as v from 'valibot';
import { getUserData } from '#shared/api/account.ts';
import { withDeadline, type FetchLike } from './fetch-timeout.ts';

const TOKEN_KEY = 'token';

/** Only what the worker needs of getUserData's answer, so a new user field never breaks the refresh. */
const tokenAnswer = v.object({
  success: v.literal(true),
  user: v.nullable(v.object({})),
  csrf_token: v.pipe(v.string(), v.nonEmpty()),
});
export const CSRF_REFRESH_TIMEOUT_MS = 10_000;

export interface CsrfKeeper {
  /** The latest token, or null when the worker never got one. */
  current(): Promise<string | null>;
  /** Keeps a token; resolves to true when it differs from the one kept before (a new login or page). */
  remember(token: string): Promise<boolean>;
  /** Asks the server for the current token; null when logged out or unreachable. */
  refresh(): Promise<string | null>;
}

export interface CsrfKeeperDeps {
  fetch: FetchLike;
  db?: UseStore;
}

export function createCsrfKeeper({ fetch, db = createStore('portal-sw-csrf', 'token') }: CsrfKeeperDeps): CsrfKeeper {
  let token: string | null = null;

  const keeper: CsrfKeeper = {
    async current() {
      token ??= (await get<string>(TOKEN_KEY, db)) ?? null;
      return token;
    },
    async remember(next) {
      const before = await keeper.current();
      token = next;
      if (before !== next) await set(TOKEN_KEY, next, db);
      return before !== next;
    },
    async refresh() {
      try {
        const body = await withDeadline(CSRF_REFRESH_TIMEOUT_MS, async (signal) => {
          const init: RequestInit = {
            method: 'GET',
            credentials: 'same-origin',
            cache: 'no-store',
            headers: { Accept: 'application/json' },
            signal,
          };
          const response = await fetch(getUserData.path, init);
          return response.ok ? ((await response.json()) as unknown) : undefined;
        });
        const parsed = v.safeParse(tokenAnswer, body);
        // Logged out: the anonymous token would only turn the 403 into a 401.
        if (!parsed.success || parsed.output.user === null) return null;
        await keeper.remember(parsed.output.csrf_token);
        return parsed.output.csrf_token;
      } catch {
        return null;
      }
    },
  };
  return keeper;
}
