import { asc, eq } from 'drizzle-orm';
import { COORDINATES_PATTERN, type AddressFormValues, type SavedAddress } from '#shared/api/places.ts';
import type { AppDeps } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { addresses } from '#server/db/schema.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { requireOwnAddress } from './access.ts';
import { checkTypedAddress } from './geo.ts';

// A clinic's saved addresses (cabinet.md §2 My addresses). They are the account's own: another
// account's address is answered like one that does not exist.

/** How many addresses one account may keep: more is a script, not a clinic. */
export const MAX_ADDRESSES = 100;

type AddressRow = typeof addresses.$inferSelect;

export function toSavedAddress(row: AddressRow): SavedAddress {
  const coordinates = row.latitude === null || row.longitude === null ? '' : `${row.latitude},${row.longitude}`;
  return { id: row.id, name: row.name, address: row.address, apartment: row.apartment, coordinates };
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
 * marker on, else the provider's.
 */
export async function saveAddress(deps: AppDeps, clientId: number, form: AddressFormValues): Promise<SavedAddress> {
  // Another account's address is refused before the provider is asked anything about it.
  if (form.id !== null) await requireOwnAddress(deps.database.db, clientId, form.id);
  const check = await checkTypedAddress(deps, clientId, form.address);
  if (!check.ok) throw fieldFailure('address', check.message);
  const marker = parseCoordinates(form.coordinates);
  const point = marker.latitude === null ? { latitude: check.latitude, longitude: check.longitude } : marker;
  const values = { name: form.name, address: check.address, apartment: form.apartment, ...point, updatedAt: deps.now() };
  return deps.database.db.transaction(async (tx) => {
    if (form.id !== null) {
      await requireOwnAddress(tx, clientId, form.id);
      const [row] = await tx.update(addresses).set(values).where(eq(addresses.id, form.id)).returning();
      return toSavedAddress(row!);
    }
    const owned = await tx.$count(addresses, eq(addresses.clientId, clientId));
    if (owned >= MAX_ADDRESSES) throw fieldFailure('address', `Можно сохранить не более ${MAX_ADDRESSES} адресов`);
    const [row] = await tx.insert(addresses).values({ ...values, clientId, createdAt: deps.now() }).returning();
    return toSavedAddress(row!);
  });
}

export async function deleteAddress(deps: AppDeps, clientId: number, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await requireOwnAddress(tx, clientId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
  });
}
