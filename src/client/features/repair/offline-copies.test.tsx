import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import type { UserData } from '#shared/api/account.ts';
import type { SavedAddress } from '#shared/screens/places.ts';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { claimAccountData } from '#client/lib/account-scoped.ts';
import { useConnection } from '#client/lib/connection.ts';
import { idbStorage } from '#client/lib/idb-storage.ts';
import { useAddressesStore } from '#client/lib/screens/addresses-store.ts';
import { stubFetch, demoUser, type StubResponse } from '#client/lib/testing/fetch-stub.ts';
import { deferred } from '#client/lib/testing/list-fetch-stub.ts';
import { AddressStep } from './address-step.tsx';
import { FRESH_FOR_MS, OFFLINE_COPIES_STORE_KEY, prefetchOfflineCopies, useOfflineCopies } from './offline-copies.ts';
import { keepsOfflineCopies, useOfflineCopiesAtIdle } from './offline-copies-at-idle.ts';
import { prefetchWhenConnected } from './offline-copies-prefetch.ts';
import { centre, clinicUser, placesRoutes } from './testing/address-world.ts';
import { initialValues } from './wizard-values.ts';

// The wizard's copies for a clinic that never opened it online (portal.md §2.1, ADR 0015): fetched at
// idle, kept for the account, read by step 2 with no connection, and asked for once.

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const saved: SavedAddress = {
  id: 3,
  name: 'Склад',
  address: 'Россия, Москва, Тверская улица, 7',
  apartment: 'офис 12',
  coordinates: '55.757718,37.611347',
  checked: true,
};
const ADDRESSES = 'GET /ajax/cabinet/addresses';
const CENTRES = 'GET /ajax/offices';
const CALENDAR = 'GET /ajax/repair-requests/pickup-calendar';
const routes = { ...placesRoutes, [ADDRESSES]: { body: { success: true, data: [saved] } } };
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
const calledFor = (calls: { method: string; path: string }[], route: string) =>
  calls.filter((call) => `${call.method} ${call.path}` === route).length;

const renderStep = () =>
  renderInRouter(() => (
    <AddressStep user={clinicUser} values={initialValues(clinicUser)} errors={{}} change={() => undefined} />
  ));
const savedAddressOption = () =>
  within(screen.getByLabelText('Сохранённый адрес')).getByRole('option', { name: `${saved.name}: ${saved.address}` });
const centreOption = () =>
  within(screen.getByLabelText('Сервисный центр')).getByRole('option', { name: `${centre.name} — ${centre.city}` });

/** The store's copy as kept on the device: its account and its centres. */
async function storedCopy() {
  const raw = await idbStorage.getItem(OFFLINE_COPIES_STORE_KEY);
  if (raw === null) return null;
  const { owner, value } = JSON.parse(raw) as { owner: number; value: string };
  return { owner, centres: (JSON.parse(value) as { state: { centres: unknown[] } }).state.centres };
}

describe('the repair wizard offline copies', () => {
  it('are fetched and kept for the account, and step 2 opened after that asks for none of them again', async () => {
    await claimAccountData(clinicUser.id);
    const { calls } = stubFetch(routes);
    await prefetchOfflineCopies();
    expect(useAddressesStore.getState().addresses).toEqual([saved]);
    expect(useOfflineCopies.getState().centres).toEqual([centre]);
    expect(useOfflineCopies.getState().calendar).toEqual({ cutoffHour: 12, closedDays: [], openDays: [] });
    await waitFor(async () => expect(await storedCopy()).toEqual({ owner: clinicUser.id, centres: [centre] }));

    await renderStep();
    expect(savedAddressOption()).toBeInTheDocument();
    expect(centreOption()).toBeInTheDocument();
    await screen.findAllByRole('option', { name: /\d{2}\.\d{2}\.\d{4}/ });
    for (const route of [ADDRESSES, CENTRES, CALENDAR]) expect(calledFor(calls, route), route).toBe(1);
  });

  it('share one request when step 2 opens while the prefetch waits for it', async () => {
    const centres = deferred<StubResponse>();
    const { calls } = stubFetch({ ...routes, [CENTRES]: () => centres.promise });
    const prefetched = prefetchOfflineCopies();
    await renderStep();
    await waitFor(() => expect(calledFor(calls, CENTRES)).toBe(1));
    centres.resolve({ body: { success: true, data: [centre] } });
    await prefetched;
    expect(await screen.findByRole('option', { name: `${centre.name} — ${centre.city}` })).toBeInTheDocument();
    expect(calledFor(calls, CENTRES)).toBe(1);
  });

  it('stand in for the server with no connection: the saved address and the centre, no error', async () => {
    await claimAccountData(clinicUser.id);
    stubFetch(routes);
    await prefetchOfflineCopies();
    // Hours later, in a basement: the copies are old, the network is gone.
    const stale = Date.now() - FRESH_FOR_MS - 1;
    useAddressesStore.setState({ fetchedAt: stale });
    useOfflineCopies.setState({ centresAt: stale, calendarAt: stale });
    const { calls } = stubFetch({ [ADDRESSES]: networkDown, [CENTRES]: networkDown, [CALENDAR]: networkDown });
    await renderStep();
    await waitFor(() => expect(calledFor(calls, CENTRES)).toBe(1));
    expect(savedAddressOption()).toBeInTheDocument();
    expect(centreOption()).toBeInTheDocument();
    await screen.findAllByRole('option', { name: /\d{2}\.\d{2}\.\d{4}/ });
    expect(screen.getByLabelText('Сервисный центр')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('say why with no connection and nothing saved', async () => {
    stubFetch({ [ADDRESSES]: networkDown, [CENTRES]: networkDown, [CALENDAR]: networkDown });
    await renderStep();
    await waitFor(() => expect(screen.getByLabelText('Сервисный центр')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByLabelText('Сохранённый адрес')).toBeNull();
  });

  it('are not kept when the account changes while they are on their way, and go at logout', async () => {
    await claimAccountData(clinicUser.id);
    const centres = deferred<StubResponse>();
    stubFetch({ ...routes, [CENTRES]: () => centres.promise });
    const prefetched = prefetchOfflineCopies();
    await claimAccountData(clinicUser.id + 1);
    centres.resolve({ body: { success: true, data: [centre] } });
    await prefetched;
    expect(useOfflineCopies.getState().centres).toEqual([]);

    stubFetch(routes);
    await prefetchOfflineCopies();
    await waitFor(async () => expect((await storedCopy())?.centres).toEqual([centre]));
    await claimAccountData(null);
    expect(useOfflineCopies.getState().centres).toEqual([]);
    expect(useAddressesStore.getState().addresses).toEqual([]);
    expect(await storedCopy()).toBeNull();
  });
});

describe('useOfflineCopiesAtIdle', () => {
  const underWorker = () =>
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
  const clinic = { ...demoUser, kind: 'clinic' } as UserData;
  const courier = { ...demoUser, kind: 'courier' } as UserData;

  it('prefetches for a clinic once the page is idle, under the service worker', async () => {
    underWorker();
    const { calls } = stubFetch(routes);
    const { rerender } = renderHook(({ idle }) => useOfflineCopiesAtIdle(clinic, idle), {
      initialProps: { idle: false },
    });
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    rerender({ idle: true });
    await waitFor(() => expect(calledFor(calls, CENTRES)).toBe(1));
    expect(calledFor(calls, ADDRESSES)).toBe(1);
    expect(calledFor(calls, CALENDAR)).toBe(1);
  });

  it('with no connection at idle, waits for the server and prefetches then', async () => {
    useConnection.setState({ browserOffline: true });
    const { calls } = stubFetch(routes);
    prefetchWhenConnected();
    await import('./offline-copies.ts');
    expect(calls).toHaveLength(0);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(calledFor(calls, CENTRES)).toBe(1));
    expect(calledFor(calls, ADDRESSES)).toBe(1);
    expect(calledFor(calls, CALENDAR)).toBe(1);
  });

  it('not for a courier, a guest, or a page no worker controls (it cannot open offline)', () => {
    underWorker();
    expect(keepsOfflineCopies(clinic)).toBe(true);
    expect(keepsOfflineCopies(courier)).toBe(false);
    expect(keepsOfflineCopies(null)).toBe(false);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: null } });
    expect(keepsOfflineCopies(clinic)).toBe(false);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(keepsOfflineCopies(clinic)).toBe(false);
  });
});
