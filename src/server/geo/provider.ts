import type { AddressSuggestion } from '#shared/screens/places.ts';
import type { GeocodedAddress } from '#shared/screens/geo/address-check.ts';

// One interface for every geo service (API.md §Places); adapters: osm.ts (Photon + Nominatim) and
// dadata-yandex.ts (DaData + the Yandex Geocoder), chosen by GEO_PROVIDER (make-provider.ts).

export interface CitySuggestion {
  country: string;
  city: string;
}

export interface GeoProvider {
  /** Which one, for the cache key and the log. */
  readonly name: string;
  /** Addresses that start like `query`, at most `limit`. */
  suggest(query: string, limit: number): Promise<AddressSuggestion[]>;
  /** The best match of a typed address with its precision; null when nothing is found. */
  geocode(address: string): Promise<GeocodedAddress | null>;
  /** The addresses at a point (a tap on the map), nearest first. */
  reverse(latitude: number, longitude: number): Promise<AddressSuggestion[]>;
  /** Cities that start like `query`, with their countries. */
  cities(query: string, limit: number): Promise<CitySuggestion[]>;
}

/** The provider failed, answered nonsense or took longer than it may: the caller shows the spec's text. */
export class GeoProviderError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'GeoProviderError';
  }
}
