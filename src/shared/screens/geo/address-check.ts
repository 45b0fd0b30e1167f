// Whether a geocoded address is one a courier can find (cabinet.md §8 address check, portal.md §5):
// provider-neutral, so each adapter in src/server/geo maps its provider's answer onto `GeoPrecision`
// and the rules live here once, for the server and the page alike.

/** How precisely the provider located the address, in the Yandex Geocoder's terms (API.md §Places). */
export type GeoPrecision = 'exact' | 'number' | 'near' | 'range' | 'street' | 'other';

export interface GeocodedAddress {
  /** The provider's formatted address: what an exact match is replaced by. */
  formatted: string;
  /** ISO 3166-1 alpha-2, upper case ('RU'); null when the provider did not say. */
  countryCode: string | null;
  precision: GeoPrecision;
  latitude: number;
  longitude: number;
  /** The postcode, when the provider knows it (a letters-and-digits one: postcodeOf); answers cached before it was asked: absent. */
  postcode?: string | null;
}

/**
 * A provider's postcode as the wizard's Индекс takes it (portal.md §5: letters and digits only):
 * trimmed, or null when it is missing or not one code (OSM may list several, '125009;125375').
 */
export function postcodeOf(text: string | null | undefined): string | null {
  const code = text?.trim() ?? '';
  return /^[\p{L}\d]{3,12}$/u.test(code) ? code : null;
}

/** The service works in Russia and Kazakhstan. */
export const SERVED_COUNTRIES: readonly string[] = ['RU', 'KZ'];

export const ADDRESS_CHECK_MESSAGES = {
  region: 'Услуги пока не доступны в этом регионе',
  approximate: 'Неточный адрес, уточните номер дома',
  incomplete: 'Неполный адрес, уточните',
  notFound: 'Адрес не найден',
} as const;

export type AddressProblem = keyof typeof ADDRESS_CHECK_MESSAGES;

export type AddressCheck =
  | { ok: true; address: string; latitude: number; longitude: number; postcode: string | null }
  | { ok: false; problem: AddressProblem; message: string };

/** Precisions that found the street and a house number, but not the house itself. */
const APPROXIMATE: readonly GeoPrecision[] = ['number', 'near', 'range', 'street'];

const refuse = (problem: AddressProblem): AddressCheck => ({
  ok: false,
  problem,
  message: ADDRESS_CHECK_MESSAGES[problem],
});

/** The spec's outcome for the provider's best match (null: nothing found). */
export function checkAddress(found: GeocodedAddress | null): AddressCheck {
  if (found === null) return refuse('notFound');
  if (found.countryCode === null || !SERVED_COUNTRIES.includes(found.countryCode.toUpperCase()))
    return refuse('region');
  if (found.precision === 'exact')
    return {
      ok: true,
      address: found.formatted,
      latitude: found.latitude,
      longitude: found.longitude,
      postcode: found.postcode ?? null,
    };
  return refuse(APPROXIMATE.includes(found.precision) ? 'approximate' : 'incomplete');
}
