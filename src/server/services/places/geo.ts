import { createHash } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { ADDRESS_MESSAGES, SUGGEST_LIMIT, SUGGEST_MIN_CHARS, type AddressSuggestion } from '#shared/screens/places.ts';
import { checkAddress, type AddressCheck, type GeocodedAddress } from '#shared/screens/geo/address-check.ts';
import type { AppDeps } from '#server/context.ts';
import { geoCache } from '#server/db/schema/places.ts';
import { GeoProviderError, type CitySuggestion } from '#server/geo/provider.ts';
import { ApiFailure, fieldFailure } from '#server/lib/api-failure.ts';
import { enforceLimits, rateRules } from '../rate-limit.ts';
import { DAY_MS } from '#shared/durations.ts';

// Our side of the geo provider: every question is rate-limited per account, answered from the
// database cache when it was asked within a day, and a provider failure becomes the spec's text.

/** Share of cache writes that also delete the stale answers. */
const PRUNE_PROBABILITY = 0.01;

/** The same question, however typed: case, spaces and the Ё spelling do not make a new call. */
const normalise = (text: string) => text.trim().toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ');

async function cached<T>(deps: AppDeps, kind: string, question: string, ask: () => Promise<T>): Promise<T> {
  const key = createHash('sha256')
    .update(`${deps.geo.name}\n${kind}\n${normalise(question)}`)
    .digest('hex');
  const db = deps.database.db;
  const fresh = new Date(deps.now().getTime() - DAY_MS);
  const [hit] = await db
    .select({ answer: geoCache.answer })
    .from(geoCache)
    .where(and(eq(geoCache.key, key), gt(geoCache.createdAt, fresh)))
    .limit(1);
  // Wrapped, so that "nothing found" (null) is an answer like any other.
  if (hit) return (hit.answer as { value: T }).value;
  const value = await ask();
  const answer = { value };
  const createdAt = deps.now();
  await db
    .insert(geoCache)
    .values({ key, answer, createdAt })
    .onConflictDoUpdate({ target: geoCache.key, set: { answer, createdAt } });
  // Stale answers are never read (the lookup wants a fresh one); now and then one write clears them
  // out, so the table holds about a day of questions without a scan on every miss.
  if (Math.random() < PRUNE_PROBABILITY) await db.delete(geoCache).where(lt(geoCache.createdAt, fresh));
  return value;
}

/**
 * Who asks, for the limit: a logged-in account by its id, a guest's wizard (portal.md §2.1) by its
 * address as `guest:<ip>` (src/server/routes/places/places.ts askerOf).
 */
export type GeoAsker = number | `guest:${string}`;

async function ask<T>(deps: AppDeps, asker: GeoAsker, failureMessage: string, question: () => Promise<T>): Promise<T> {
  await enforceLimits(deps, [[rateRules.geoAccount, String(asker)]]);
  try {
    return await question();
  } catch (error) {
    if (!(error instanceof GeoProviderError)) throw error;
    deps.log.warn('geo provider failed', { provider: deps.geo.name, error: error.message });
    throw new ApiFailure(503, { success: false, message: failureMessage });
  }
}

export function suggestAddresses(deps: AppDeps, asker: GeoAsker, query: string): Promise<AddressSuggestion[]> {
  if (query.length < SUGGEST_MIN_CHARS) return Promise.resolve([]);
  return ask(deps, asker, ADDRESS_MESSAGES.suggestFailed, () =>
    cached(deps, 'suggest', query, () => deps.geo.suggest(query, SUGGEST_LIMIT)),
  );
}

export function reverseGeocode(
  deps: AppDeps,
  asker: GeoAsker,
  latitude: number,
  longitude: number,
): Promise<AddressSuggestion[]> {
  // About a metre: the same spot tapped twice is one question.
  const spot = `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
  return ask(deps, asker, ADDRESS_MESSAGES.geocodeFailed, () =>
    cached(deps, 'reverse', spot, () => deps.geo.reverse(latitude, longitude)),
  );
}

export async function checkTypedAddress(deps: AppDeps, asker: GeoAsker, address: string): Promise<AddressCheck> {
  const found = await ask(deps, asker, ADDRESS_MESSAGES.geocodeFailed, () =>
    cached<GeocodedAddress | null>(deps, 'geocode', address, () => deps.geo.geocode(address)),
  );
  return checkAddress(found);
}

/**
 * Where a clinic's work must not be lost for the provider's sake (a repair request, a saved
 * address): the coordinates and formatted text of a found house, or `checked: false` when the
 * provider is down or slow (the back office then calls to confirm). An address the provider
 * answers about and the spec's rules refuse is a 422 on `field`.
 */
export type PickupAddressCheck =
  { checked: true; address: string; latitude: number; longitude: number } | { checked: false };

export async function checkPickupAddress(deps: AppDeps, address: string, field: string): Promise<PickupAddressCheck> {
  let found: GeocodedAddress | null;
  try {
    found = await cached<GeocodedAddress | null>(deps, 'geocode', address, () => deps.geo.geocode(address));
  } catch (error) {
    if (!(error instanceof GeoProviderError)) throw error;
    deps.log.warn('geo provider failed: address accepted unchecked', { provider: deps.geo.name, error: error.message });
    return { checked: false };
  }
  const check = checkAddress(found);
  if (!check.ok) throw fieldFailure(field, check.message);
  return { checked: true, address: check.address, latitude: check.latitude, longitude: check.longitude };
}

export function suggestCities(
  deps: AppDeps,
  clientId: number,
  query: string,
  limit: number,
): Promise<CitySuggestion[]> {
  if (query.length < SUGGEST_MIN_CHARS) return Promise.resolve([]);
  return ask(deps, clientId, ADDRESS_MESSAGES.geoSuggestFailed, () =>
    cached(deps, `cities:${limit}`, query, () => deps.geo.cities(query, limit)),
  );
}
