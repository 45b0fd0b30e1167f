import * as v from 'valibot';
import type { AddressSuggestion } from '#shared/screens/places.ts';
import { postcodeOf, type GeocodedAddress, type GeoPrecision } from '#shared/screens/geo/address-check.ts';
import { coordinate, fetchJson, parseAnswer as parse, type GeoFetch } from './http.ts';
import type { CitySuggestion, GeoProvider } from './provider.ts';

// DaData (suggestions, with keys) and the Yandex Geocoder (geocoding with its own precision). Without
// a Yandex key, geocoding falls back to DaData's best suggestion and its `qc_geo`.

export interface DadataYandexSettings {
  dadataUrl: string;
  dadataApiKey: string;
  yandexGeocoderUrl: string;
  yandexGeocoderApiKey: string | undefined;
  fetch?: GeoFetch;
}

const text = v.optional(v.nullable(v.string()));

const dadataSuggestion = v.looseObject({
  value: v.string(),
  data: v.looseObject({
    country: text,
    country_iso_code: text,
    city: text,
    settlement: text,
    postal_code: text,
    geo_lat: text,
    geo_lon: text,
    qc_geo: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  }),
});
const dadataAnswer = v.looseObject({ suggestions: v.array(dadataSuggestion) });
type DadataSuggestion = v.InferOutput<typeof dadataSuggestion>;

const yandexComponent = v.looseObject({ kind: v.string(), name: v.string() });
const yandexGeoObject = v.looseObject({
  Point: v.looseObject({ pos: v.pipe(v.string(), v.regex(/^-?[\d.]+ -?[\d.]+$/)) }),
  metaDataProperty: v.looseObject({
    GeocoderMetaData: v.looseObject({
      precision: v.optional(v.string()),
      text: v.string(),
      Address: v.optional(
        v.looseObject({
          country_code: text,
          postal_code: text,
          formatted: text,
          Components: v.optional(v.array(yandexComponent)),
        }),
      ),
    }),
  }),
});
const yandexAnswer = v.looseObject({
  response: v.looseObject({
    GeoObjectCollection: v.looseObject({ featureMember: v.array(v.looseObject({ GeoObject: yandexGeoObject })) }),
  }),
});
type YandexGeoObject = v.InferOutput<typeof yandexGeoObject>;

const YANDEX_PRECISIONS: readonly GeoPrecision[] = ['exact', 'number', 'near', 'range', 'street', 'other'];

/** DaData's `qc_geo`: 0 the house, 1 the nearest house, 2 the street, 3 the settlement, 4 the city, 5 unknown. */
export function dadataPrecision(qcGeo: string | number | null | undefined): GeoPrecision | null {
  switch (String(qcGeo)) {
    case '0':
      return 'exact';
    case '1':
      return 'near';
    case '2':
      return 'street';
    case '3':
    case '4':
      return 'other';
    default:
      return null;
  }
}

const dadataCity = (s: DadataSuggestion) => s.data.city ?? s.data.settlement ?? null;

const fromDadata = (s: DadataSuggestion): AddressSuggestion => ({
  value: s.value,
  data: {
    geo_lat: coordinate(s.data.geo_lat),
    geo_lon: coordinate(s.data.geo_lon),
    postal_code: postcodeOf(s.data.postal_code),
  },
  country: s.data.country ?? null,
  city: dadataCity(s),
});

function yandexPoint(geo: YandexGeoObject): { latitude: number; longitude: number } {
  const [longitude, latitude] = geo.Point.pos.split(' ').map(Number) as [number, number];
  return { latitude, longitude };
}

const yandexComponentOf = (geo: YandexGeoObject, kind: string) =>
  geo.metaDataProperty.GeocoderMetaData.Address?.Components?.find((component) => component.kind === kind)?.name ?? null;

export function dadataYandexProvider({
  dadataUrl,
  dadataApiKey,
  yandexGeocoderUrl,
  yandexGeocoderApiKey,
  fetch: fetchFn = fetch,
}: DadataYandexSettings): GeoProvider {
  const dadata = async (body: Record<string, unknown>, method: 'suggest' | 'geolocate' = 'suggest') => {
    const url = new URL(`/suggestions/api/4_1/rs/${method}/address`, dadataUrl);
    const answer = await fetchJson(fetchFn, url, {
      method: 'POST',
      headers: {
        Authorization: `Token ${dadataApiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(body),
    });
    return parse(dadataAnswer, answer, 'DaData').suggestions;
  };
  const yandex = async (geocode: string, results: number) => {
    const url = new URL('/1.x/', yandexGeocoderUrl);
    url.search = new URLSearchParams({
      apikey: yandexGeocoderApiKey ?? '',
      geocode,
      format: 'json',
      lang: 'ru_RU',
      results: String(results),
    }).toString();
    return parse(
      yandexAnswer,
      await fetchJson(fetchFn, url),
      'Yandex Geocoder',
    ).response.GeoObjectCollection.featureMember.map((member) => member.GeoObject);
  };

  return {
    name: 'dadata-yandex',
    async suggest(query, limit) {
      return (await dadata({ query, count: limit })).map(fromDadata);
    },
    async geocode(address): Promise<GeocodedAddress | null> {
      if (yandexGeocoderApiKey === undefined) {
        const [best] = await dadata({ query: address, count: 1 });
        const precision = dadataPrecision(best?.data.qc_geo);
        if (!best || precision === null || !best.data.geo_lat || !best.data.geo_lon) return null;
        return {
          formatted: best.value,
          countryCode: best.data.country_iso_code ?? null,
          precision,
          latitude: Number(best.data.geo_lat),
          longitude: Number(best.data.geo_lon),
          postcode: postcodeOf(best.data.postal_code),
        };
      }
      const [best] = await yandex(address, 1);
      if (!best) return null;
      const meta = best.metaDataProperty.GeocoderMetaData;
      const precision = YANDEX_PRECISIONS.find((known) => known === meta.precision) ?? 'other';
      return {
        formatted: meta.Address?.formatted ?? meta.text,
        countryCode: meta.Address?.country_code ?? null,
        precision,
        ...yandexPoint(best),
        postcode: postcodeOf(meta.Address?.postal_code),
      };
    },
    async reverse(latitude, longitude): Promise<AddressSuggestion[]> {
      if (yandexGeocoderApiKey === undefined)
        return (await dadata({ lat: latitude, lon: longitude, count: 5 }, 'geolocate')).map(fromDadata);
      return (await yandex(`${longitude},${latitude}`, 5)).map((geo) => {
        const point = yandexPoint(geo);
        return {
          value: geo.metaDataProperty.GeocoderMetaData.text,
          data: {
            geo_lat: coordinate(point.latitude),
            geo_lon: coordinate(point.longitude),
            postal_code: postcodeOf(geo.metaDataProperty.GeocoderMetaData.Address?.postal_code),
          },
          country: yandexComponentOf(geo, 'country'),
          city: yandexComponentOf(geo, 'locality'),
        };
      });
    },
    async cities(query, limit): Promise<CitySuggestion[]> {
      const found = await dadata({
        query,
        count: limit,
        from_bound: { value: 'city' },
        to_bound: { value: 'settlement' },
      });
      return found.flatMap((s) => {
        const city = dadataCity(s);
        return city && s.data.country ? [{ country: s.data.country, city }] : [];
      });
    },
  };
}
