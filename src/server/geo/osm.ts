import * as v from 'valibot';
import type { AddressSuggestion } from '#shared/screens/places.ts';
import { postcodeOf, type GeocodedAddress, type GeoPrecision } from '#shared/screens/geo/address-check.ts';
import { coordinate, fetchJson, joinParts, parseAnswer as parse, type GeoFetch } from './http.ts';
import type { CitySuggestion, GeoProvider } from './provider.ts';

// OpenStreetMap services, no key: Photon for suggestions (GeoJSON), Nominatim for geocoding and
// reverse geocoding (jsonv2 with address details). Both ask for a User-Agent naming the application.

export interface OsmSettings {
  photonUrl: string;
  nominatimUrl: string;
  userAgent: string;
  fetch?: GeoFetch;
}

const text = v.optional(v.nullable(v.string()));

const photonFeature = v.looseObject({
  geometry: v.looseObject({ coordinates: v.tuple([v.number(), v.number()]) }),
  properties: v.looseObject({
    name: text,
    street: text,
    housenumber: text,
    city: text,
    district: text,
    state: text,
    country: text,
    countrycode: text,
    postcode: text,
    type: text,
  }),
});
const photonAnswer = v.looseObject({ features: v.array(photonFeature) });
type PhotonProperties = v.InferOutput<typeof photonFeature>['properties'];

const nominatimAddress = v.looseObject({
  house_number: text,
  road: text,
  pedestrian: text,
  city: text,
  town: text,
  village: text,
  state: text,
  country: text,
  country_code: text,
  postcode: text,
});
const nominatimPlace = v.looseObject({
  lat: v.string(),
  lon: v.string(),
  place_rank: v.optional(v.number()),
  address: v.optional(nominatimAddress),
});
type NominatimPlace = v.InferOutput<typeof nominatimPlace>;

/** The city a Photon feature belongs to; a feature that is itself a city is its own. */
const photonCity = (p: PhotonProperties) =>
  p.city ?? (p.type === 'city' || p.type === 'town' || p.type === 'village' ? p.name : null) ?? null;

function photonValue(p: PhotonProperties): string {
  const city = photonCity(p);
  // A street's name is its `name`; a house has `street` and `housenumber`; a place of interest its `name` first.
  const street = p.street ?? (p.type === 'street' ? p.name : null);
  const named = p.name && p.name !== city && p.name !== street ? p.name : null;
  return joinParts([
    p.country,
    city === p.state ? null : p.state,
    city,
    street,
    p.housenumber,
    p.housenumber ? null : named,
  ]);
}

const settlement = (a: v.InferOutput<typeof nominatimAddress>) => a.city ?? a.town ?? a.village ?? null;

function nominatimValue(place: NominatimPlace): string {
  const a = place.address ?? {};
  const city = settlement(a);
  return joinParts([a.country, city === a.state ? null : a.state, city, a.road ?? a.pedestrian, a.house_number]);
}

/**
 * Nominatim says how precise a match is through what it found: a house (place rank 30) with its
 * number is exact; a number on an interpolated line is approximate; a road alone is the street.
 */
export function nominatimPrecision(place: NominatimPlace): GeoPrecision {
  const a = place.address ?? {};
  const rank = place.place_rank ?? 0;
  if (a.house_number && rank >= 30) return 'exact';
  if (a.house_number) return 'number';
  if ((a.road ?? a.pedestrian) && rank >= 26) return 'street';
  return 'other';
}

const toSuggestion = (
  value: string,
  lat: number | string,
  lon: number | string,
  country: string | null,
  city: string | null,
  postcode: string | null | undefined,
): AddressSuggestion => ({
  value,
  data: { geo_lat: coordinate(lat), geo_lon: coordinate(lon), postal_code: postcodeOf(postcode) },
  country,
  city,
});

export function osmProvider({ photonUrl, nominatimUrl, userAgent, fetch: fetchFn = fetch }: OsmSettings): GeoProvider {
  const headers = { 'User-Agent': userAgent, Accept: 'application/json' };
  const photon = (query: string, limit: number, layers: string[] = []) => {
    const url = new URL('/api', photonUrl);
    url.searchParams.set('q', query);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('lang', 'default');
    for (const layer of layers) url.searchParams.append('layer', layer);
    return fetchJson(fetchFn, url, { headers }).then((body) => parse(photonAnswer, body, 'Photon').features);
  };
  const nominatim = (path: '/search' | '/reverse', params: Record<string, string>) => {
    const url = new URL(path, nominatimUrl);
    for (const [key, value] of Object.entries({
      format: 'jsonv2',
      addressdetails: '1',
      'accept-language': 'ru',
      ...params,
    }))
      url.searchParams.set(key, value);
    return fetchJson(fetchFn, url, { headers });
  };

  return {
    name: 'osm',
    async suggest(query, limit) {
      const features = await photon(query, limit);
      return features.map(({ geometry, properties }) =>
        toSuggestion(
          photonValue(properties),
          geometry.coordinates[1],
          geometry.coordinates[0],
          properties.country ?? null,
          photonCity(properties),
          properties.postcode,
        ),
      );
    },
    async geocode(address): Promise<GeocodedAddress | null> {
      const [best] = parse(
        v.array(nominatimPlace),
        await nominatim('/search', { q: address, limit: '1' }),
        'Nominatim',
      );
      if (!best) return null;
      return {
        formatted: nominatimValue(best),
        countryCode: best.address?.country_code?.toUpperCase() ?? null,
        precision: nominatimPrecision(best),
        latitude: Number(best.lat),
        longitude: Number(best.lon),
        postcode: postcodeOf(best.address?.postcode),
      };
    },
    async reverse(latitude, longitude) {
      const body = await nominatim('/reverse', { lat: String(latitude), lon: String(longitude) });
      // Nothing there (the sea): Nominatim answers 200 with {error: 'Unable to geocode'}.
      const place = v.safeParse(nominatimPlace, body);
      if (!place.success) return [];
      const a = place.output.address ?? {};
      return [
        toSuggestion(
          nominatimValue(place.output),
          place.output.lat,
          place.output.lon,
          a.country ?? null,
          settlement(a),
          a.postcode,
        ),
      ];
    },
    async cities(query, limit): Promise<CitySuggestion[]> {
      const features = await photon(query, limit, ['city']);
      return features.flatMap(({ properties }) => {
        const city = photonCity(properties) ?? properties.name;
        return city && properties.country ? [{ country: properties.country, city }] : [];
      });
    },
  };
}
