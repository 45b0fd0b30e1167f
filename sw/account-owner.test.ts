import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'idb-keyval';
import { enqueue, dropForeignEntries, type CommandDeps } from './outbox-commands.ts';
import { createOwnerKeeper, ownerNamedBy, passAndLearn, type Owner } from './account-owner.ts';
import { apiJson, decision, freshStore } from './testing/outbox-fixtures.ts';

const ORIGIN = 'https://portal.example';
const user = (id: number) => ({ success: true, user: { id, name: 'Анна' }, csrf_token: 't' });
let dbs = 0;
const freshOwnerDb = () => createStore(`owner-${++dbs}`, 'state');

describe('ownerNamedBy', () => {
  const named = (method: string, path: string, body: unknown, status = 200) =>
    ownerNamedBy(new Request(`${ORIGIN}${path}`, { method }), apiJson(body, status));

  it('reads the account from the user data, a login and a logout', async () => {
    expect(await named('GET', '/ajax/user/data', user(7))).toBe(7);
    expect(await named('GET', '/ajax/user/data', { success: true, user: null, csrf_token: 't' })).toBeNull();
    expect(await named('POST', '/ajax/login', user(9))).toBe(9);
    expect(await named('POST', '/ajax/logout', { success: true, csrf_token: 't' })).toBeNull();
  });

  it('names nobody for refusals, other paths and answers that are not ours', async () => {
    expect(await named('POST', '/ajax/login', { success: false, message: 'Неверный пароль' }, 422)).toBeUndefined();
    expect(await named('GET', '/ajax/cabinet/tickets', user(7))).toBeUndefined();
    expect(
      await ownerNamedBy(new Request(`${ORIGIN}/ajax/user/data`), new Response('<html>captive portal</html>')),
    ).toBeUndefined();
  });
});

describe('the owner keeper', () => {
  it('runs the cleanup once per change, remembers the account across worker restarts, and passes answers on unchanged', async () => {
    const db = freshOwnerDb();
    const onChange = vi.fn(async (_next: Owner, _previous: Owner | undefined) => undefined);
    const keeper = createOwnerKeeper(onChange, db);
    const answer = await passAndLearn(
      new Request(`${ORIGIN}/ajax/login`, { method: 'POST' }),
      async () => apiJson(user(7)),
      keeper,
    );
    expect(await answer.json()).toEqual(user(7));
    await keeper.learn(7);
    expect(onChange.mock.calls).toEqual([[7, undefined]]);

    const restarted = createOwnerKeeper(onChange, db);
    expect(await restarted.current()).toBe(7);
    await restarted.learn(9);
    expect(onChange.mock.calls.at(-1)).toEqual([9, 7]);
  });
});

describe('the account a newly installed worker is about to learn', () => {
  it('is the one the answer already on its way names, not "unknown": a ticket asked for meanwhile is saved for it', async () => {
    const keeper = createOwnerKeeper(async () => undefined, freshOwnerDb());
    let answer!: (response: Response) => void;
    const passed = passAndLearn(
      new Request(`${ORIGIN}/ajax/user/data`),
      () => new Promise((resolve) => (answer = resolve)),
      keeper,
    );
    const owner = keeper.currentOrAwaited();
    expect(await keeper.current()).toBeUndefined();
    answer(apiJson(user(7)));
    expect(await owner).toBe(7);
    await passed;
  });

  it('is not waited for once an account is known, nor when no answer is on its way', async () => {
    const keeper = createOwnerKeeper(async () => undefined, freshOwnerDb());
    expect(await keeper.currentOrAwaited()).toBeUndefined();
    await keeper.learn(7);
    // A hanging user-data request (a slow network) must not hold up a ticket's offline fallback.
    void passAndLearn(new Request(`${ORIGIN}/ajax/user/data`), () => new Promise<Response>(() => undefined), keeper);
    expect(await keeper.currentOrAwaited()).toBe(7);
  });
});

describe('dropForeignEntries', () => {
  function world(owner: { id: Owner | undefined }) {
    const { store } = freshStore();
    const notify = vi.fn();
    const deps: CommandDeps = { store, notify, now: () => 1_000, owner: async () => owner.id };
    return { store, deps, notify };
  }

  it("drops the previous account's kept decisions when another logs in, and keeps them over a logout", async () => {
    const owner: { id: Owner | undefined } = { id: 7 };
    const { store, deps } = world(owner);
    const mine = await enqueue(deps, decision('key-aaaa-1', 1));
    expect(mine.accountId).toBe(7);

    expect(await dropForeignEntries(deps, null, 7)).toBe(0);
    expect(await store.list()).toHaveLength(1);
    expect(await dropForeignEntries(deps, 7, null)).toBe(0);
    expect(await dropForeignEntries(deps, 9, 7)).toBe(1);
    expect(await store.list()).toEqual([]);
  });

  it('gives an entry of an older version (no account) to the account known before it', async () => {
    const { store, deps } = world({ id: undefined });
    const legacy = await enqueue(deps, decision('key-bbbb-1', 2));
    await store.change(legacy.id, ({ accountId: _dropped, ...rest }) => rest);
    expect(await dropForeignEntries(deps, 7, undefined)).toBe(0);
    expect(await dropForeignEntries(deps, 9, 7)).toBe(1);
  });
});
