import { and, asc, eq, inArray } from 'drizzle-orm';
import { COORDINATES_PATTERN, type AddressFormValues, type SavedAddress } from '#shared/screens/places.ts';
import type { AppDeps } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { addresses } from '#server/db/schema/places.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { requireOwnAddress } from '../access/access.ts';
import { checkPickupAddress, type PickupAddressCheck } from './geo.ts';
import { enforceLimits, rateRules } from '../rate-limit.ts';

// A clinic's saved addresses (cabinet.md §2 My addresses). They are the account's own: another
// account's address is answered like one that does not exist.

/** How many addresses one account may keep: more is a script, not a clinic. */
export const MAX_ADDRESSES = 100;

type AddressRow = typeof addresses.$inferSelect;

export function toSavedAddress(row: AddressRow): SavedAddress {
  const coordinates = row.latitude === null || row.longitude === null ? '' : `${row.latitude},${row.longitude}`;
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    apartment: row.apartment,
    coordinates,
    checked: row.checked,
  };
}

export async function listAddresses(db: Db, clientId: number): Promise<SavedAddress[]> {
  const rows = await db.select().from(addresses).where(eq(addresses.clientId, clientId)).orderBy(asc(addresses.id));
  return rows.map(toSavedAddress);
}

function parseCoordinates(text: string | null | undefined): { latitude: number | null; longitude: number | null } {
  const match = text ? COORDINATES_PATTERN.exec(text) : null;
  return match ? { latitude: Number(match[1]), longitude: Number(match[2]) } : { latitude: null, longitude: null };
}

/**
 * Creates (no id) or replaces one of the account's addresses. The address must pass the spec's check
 * (cabinet.md §8) and is saved as the provider formats it; the point is the one the user put the
 * marker on, else the provider's. While the provider cannot be asked, it is saved as typed and
 * marked unchecked: the clinic's work is not lost for a third party's outage.
 */
export async function saveAddress(deps: AppDeps, clientId: number, form: AddressFormValues): Promise<SavedAddress> {
  // Another account's address is refused before the provider is asked anything about it.
  if (form.id !== null) await requireOwnAddress(deps.database.db, clientId, form.id);
  await enforceLimits(deps, [[rateRules.geoAccount, String(clientId)]]);
  const place = await checkPickupAddress(deps, form.address, 'address');
  const marker = parseCoordinates(form.coordinates);
  const found = place.checked
    ? { latitude: place.latitude, longitude: place.longitude }
    : { latitude: null, longitude: null };
  const point = marker.latitude === null ? found : marker;
  const address = place.checked ? place.address : form.address;
  const values = {
    name: form.name,
    address,
    apartment: form.apartment,
    ...point,
    checked: place.checked,
    updatedAt: deps.now(),
  };
  return deps.database.db.transaction(async (tx) => {
    if (form.id !== null) {
      await requireOwnAddress(tx, clientId, form.id);
      const [row] = await tx.update(addresses).set(values).where(eq(addresses.id, form.id)).returning();
      return toSavedAddress(row!);
    }
    const owned = await tx.$count(addresses, eq(addresses.clientId, clientId));
    if (owned >= MAX_ADDRESSES) throw fieldFailure('address', `Можно сохранить не более ${MAX_ADDRESSES} адресов`);
    const [row] = await tx
      .insert(addresses)
      .values({ ...values, clientId, createdAt: deps.now() })
      .returning();
    return toSavedAddress(row!);
  });
}

export async function deleteAddress(deps: AppDeps, clientId: number, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await requireOwnAddress(tx, clientId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
  });
}

/**
 * A saved address that could not be checked is checked again when next used: a repair request whose
 * address the provider found marks the clinic's unchecked copies of that text as checked, in the
 * request's transaction (the page may have sent it as typed, or as the provider wrote it).
 */
export async function markSavedAddressChecked(
  tx: Tx,
  clientId: number,
  typed: string,
  place: PickupAddressCheck,
): Promise<void> {
  if (!place.checked) return;
  await tx
    .update(addresses)
    .set({ address: place.address, latitude: place.latitude, longitude: place.longitude, checked: true })
    .where(
      and(
        eq(addresses.clientId, clientId),
        eq(addresses.checked, false),
        inArray(addresses.address, [typed, place.address]),
      ),
    );
}
