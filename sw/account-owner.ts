/// <reference lib="webworker" />
// Which account the worker's saved copies belong to. On a shared browser one clinic's session can end
// without a logout (expired, revoked elsewhere) and the next one log in: the page may not be running
// to notice. So the worker learns the account itself from the answers that pass through it (user
// data, login, logout) and from the page, keeps it in IndexedDB across restarts, and when it changes
// drops what belonged to the previous one before anything of it can be served again.
import { createStore, get, set, type UseStore } from 'idb-keyval';
import * as v from 'valibot';
import { getUserData, login, logout } from '#shared/api/account.ts';
import type { FetchLike } from './fetch-timeout.ts';

/** An account id, or null: nobody is logged in. */
export type Owner = number | null;

export interface OwnerKeeper {
  /** The account last learned; undefined while none has ever been learned on this device. */
  current(): Promise<Owner | undefined>;
  /** The session's account as an answer or the page told it; a change runs `onChange` first. */
  learn(next: Owner): Promise<void>;
  /**
   * `current`, but while no account was ever learned on this device (a worker just installed), the
   * one named by the answers already on their way: the page asks who is here before it asks for
   * anything of the account's, and the worker may get the second request before the first answer.
   */
  currentOrAwaited(): Promise<Owner | undefined>;
  /** Passes an answer that may name the account on to `currentOrAwaited` while it is on its way. */
  awaiting<T>(answer: Promise<T>): Promise<T>;
}

/** Drops the previous account's copies; `previous` is undefined when no account was known before. */
export type OwnerChange = (next: Owner, previous: Owner | undefined) => Promise<unknown>;

const OWNER_KEY = 'owner';

export function createOwnerKeeper(
  onChange: OwnerChange,
  db: UseStore = createStore('portal-sw-account', 'state'),
): OwnerKeeper {
  let known: Promise<Owner | undefined> | undefined;
  // One change at a time: two answers arriving together must not both run the cleanup half-way.
  let queue: Promise<unknown> = Promise.resolve();
  const current = (): Promise<Owner | undefined> => (known ??= get<Owner>(OWNER_KEY, db).catch(() => undefined));
  const onTheirWay = new Set<Promise<unknown>>();

  return {
    current,
    learn(next) {
      const step = queue.then(async () => {
        const previous = await current();
        if (previous === next) return;
        await onChange(next, previous);
        known = Promise.resolve(next);
        await set(OWNER_KEY, next, db).catch(() => undefined);
      });
      queue = step.catch(() => undefined);
      return step;
    },
    async currentOrAwaited() {
      const now = await current();
      if (now !== undefined) return now;
      await Promise.allSettled(onTheirWay);
      return current();
    },
    awaiting(answer) {
      onTheirWay.add(answer);
      void answer.catch(() => undefined).finally(() => onTheirWay.delete(answer));
      return answer;
    },
  };
}

const userAnswer = v.object({ success: v.literal(true), user: v.nullable(v.object({ id: v.number() })) });
const logoutAnswer = v.object({ success: v.literal(true) });

/** The account an answer of ours names; undefined when it names none (another path, a refusal, not JSON). */
export async function ownerNamedBy(request: Request, response: Response): Promise<Owner | undefined> {
  if (response.status !== 200) return undefined;
  const path = new URL(request.url).pathname;
  const parse = async <S extends v.GenericSchema>(schema: S) => {
    const result = v.safeParse(
      schema,
      await response
        .clone()
        .json()
        .catch(() => null),
    );
    return result.success ? result.output : undefined;
  };
  const is = (endpoint: { method: string; path: string }) =>
    request.method === endpoint.method && path === endpoint.path;
  if (is(getUserData)) {
    const body = await parse(userAnswer);
    return body === undefined ? undefined : (body.user?.id ?? null);
  }
  if (is(login)) return (await parse(userAnswer))?.user?.id ?? undefined;
  if (is(logout)) return (await parse(logoutAnswer)) === undefined ? undefined : null;
  return undefined;
}

const WATCHED = new Set([getUserData, login, logout].map((endpoint) => `${endpoint.method} ${endpoint.path}`));

export function isOwnerAnswerRequest(request: Request, origin: string): boolean {
  const url = new URL(request.url);
  return url.origin === origin && WATCHED.has(`${request.method} ${url.pathname}`);
}

/** Passes the request on and learns the account from the answer before the page sees it. */
export function passAndLearn(request: Request, fetch: FetchLike, owner: OwnerKeeper): Promise<Response> {
  return owner.awaiting(
    (async () => {
      const response = await fetch(request);
      const named = await ownerNamedBy(request, response).catch(() => undefined);
      if (named !== undefined) await owner.learn(named).catch(() => undefined);
      return response;
    })(),
  );
}

export function installOwnerWatch(sw: ServiceWorkerGlobalScope, owner: OwnerKeeper): void {
  const fetchFn: FetchLike = (input, init) => sw.fetch(input, init);
  sw.addEventListener('fetch', (event) => {
    if (!isOwnerAnswerRequest(event.request, sw.location.origin)) return;
    event.respondWith(passAndLearn(event.request, fetchFn, owner));
  });
}
