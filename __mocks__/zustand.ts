// Client tests (tests/setup/dom.ts mocks 'zustand' with this): every store made with `create` goes
// back to its initial state after each test, so no test sees another's state (bulletproof-react's
// pattern). tests/setup/dom.ts calls `resetAllStores` after each test: the client project runs its
// files in one module registry per worker (no per-file isolation), so a hook registered here, once,
// would run only for the first file. A persisted store also forgets its saved copy and reads it back (finding none), so it is
// hydrated again as the app would be.
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type * as Zustand from 'zustand';
import type { PersistedStore } from '#client/lib/persist-hydration.ts';

export * from 'zustand';

const { create: actualCreate } = await vi.importActual<typeof Zustand>('zustand');

const resets = new Set<() => Promise<void>>();

function createAndRemember<State>(stateCreator: Zustand.StateCreator<State>) {
  const store = actualCreate(stateCreator);
  const initialState = store.getInitialState();
  resets.add(async () => {
    const persisted = (store as unknown as Partial<PersistedStore<State>>).persist;
    await persisted?.clearStorage();
    store.setState(initialState, true);
    await persisted?.rehydrate();
  });
  return store;
}

export const create = (<State>(stateCreator?: Zustand.StateCreator<State>) =>
  stateCreator === undefined ? createAndRemember : createAndRemember(stateCreator)) as typeof Zustand.create;

/** Every store back to its initial state, its saved copy forgotten and read back. */
export async function resetAllStores(): Promise<void> {
  await act(async () => {
    for (const reset of resets) await reset();
  });
}
