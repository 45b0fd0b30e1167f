// Local fakes of the geo services (no network here): one HTTP server that speaks Photon's and
// Nominatim's protocols, and DaData's and the Yandex Geocoder's, over a small table of places. The
// answers are shaped like the providers' documented examples, so the real adapters
// (src/server/geo) are what is tested. Server tests and the e2e server point their *_URL at it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePng } from '../../src/server/lib/png.ts';

/** A plain light-grey map tile, for MAP_TILES_URL `{url}/tiles/{z}/{x}/{y}.png`. */
const TILE = encodePng(256, 256, new Uint8Array(256 * 256 * 3).fill(0xe8), 3);

export interface FakePlace {
  /** As Yandex formats it; the other providers' texts are built from the parts. */
  formatted: string;
  countryCode: string;
  country: string;
  state: string | null;
  city: string | null;
  street: string | null;
  house: string | null;
  /** The postcode, known for a house (a street or a city spans several): each provider says it its own way. */
  postcode: string | null;
  latitude: number;
  longitude: number;
  /** What the place is: a house, a street only, or a city. */
  kind: 'house' | 'street' | 'city';
}

/** The places every fake knows. Searches match any word sequence of `formatted`, case-insensitively. */
export const FAKE_PLACES: readonly FakePlace[] = [
  {
    formatted: 'Россия, Москва, Тверская улица, 7',
    countryCode: 'RU',
    country: 'Россия',
    state: 'Москва',
    city: 'Москва',
    street: 'Тверская улица',
    house: '7',
    postcode: '125009',
    latitude: 55.757718,
    longitude: 37.611347,
    kind: 'house',
  },
  {
    formatted: 'Россия, Москва, Тверская улица',
    countryCode: 'RU',
    country: 'Россия',
    state: 'Москва',
    city: 'Москва',
    street: 'Тверская улица',
    house: null,
    postcode: null,
    latitude: 55.764094,
    longitude: 37.605748,
    kind: 'street',
  },
  {
    formatted: 'Россия, Санкт-Петербург, Невский проспект, 28',
    countryCode: 'RU',
    country: 'Россия',
    state: 'Санкт-Петербург',
    city: 'Санкт-Петербург',
    street: 'Невский проспект',
    house: '28',
    postcode: '191186',
    latitude: 59.935848,
    longitude: 30.325879,
    kind: 'house',
  },
  {
    formatted: 'Россия, Республика Крым, Симферополь, Киевская улица, 41',
    countryCode: 'RU',
    country: 'Россия',
    state: 'Республика Крым',
    city: 'Симферополь',
    street: 'Киевская улица',
    house: '41',
    postcode: '295011',
    latitude: 44.957207,
    longitude: 34.110847,
    kind: 'house',
  },
  {
    formatted: 'Беларусь, Минск, проспект Независимости, 4',
    countryCode: 'BY',
    country: 'Беларусь',
    state: 'Минск',
    city: 'Минск',
    street: 'проспект Независимости',
    house: '4',
    postcode: '220030',
    latitude: 53.896196,
    longitude: 27.551624,
    kind: 'house',
  },
  {
    formatted: 'Казахстан, Алматы',
    countryCode: 'KZ',
    country: 'Казахстан',
    state: 'Алматы',
    city: 'Алматы',
    street: null,
    house: null,
    postcode: null,
    latitude: 43.238293,
    longitude: 76.945465,
    kind: 'city',
  },
];

/** What every provider's geocode gives back for the first of FAKE_PLACES, a house: an exact match. */
export const TVERSKAYA_7_EXACT = {
  formatted: 'Россия, Москва, Тверская улица, 7',
  countryCode: 'RU',
  precision: 'exact',
  latitude: 55.757718,
  longitude: 37.611347,
  postcode: '125009',
};

export interface GeoFake {
  /** The base URL of every fake service (each keeps its own paths). */
  url: string;
  /** Every request but the tiles', as `METHOD /path?query`, in order. */
  calls: string[];
  /** Answer every request with this HTTP status (a provider that is down), until set back to null. */
  failWith: number | null;
  /** Hold every answer this long (a provider that is slow). */
  delayMs: number;
  /** The map tiles fail too (a tile server that is down). */
  tilesDown: boolean;
  /**
   * A provider gone wrong: 'redirect' sends every request to the same path under /redirected (which
   * answers normally), 'huge' streams a valid JSON answer of HUGE_ANSWER_BYTES without a Content-Length.
   */
  misbehave: 'redirect' | 'huge' | null;
  /** The keys the keyed services accept. */
  keys: { dadata: string; yandex: string };
  close(): Promise<void>;
}

const words = (text: string) =>
  text.toLowerCase().replaceAll('ё', 'е').replace(/[,.]/g, ' ').split(/\s+/).filter(Boolean);

/**
 * The places matching a query (each word of it starts some word of the place), the closest first:
 * 'Москва, Тверская улица' finds the street before the houses on it, as a geocoder would.
 */
export function findPlaces(query: string): FakePlace[] {
  const wanted = words(query);
  if (wanted.length === 0) return [];
  return FAKE_PLACES.filter((place) => {
    const have = words(place.formatted);
    return wanted.every((word) => have.some((w) => w.startsWith(word)));
  }).sort((a, b) => words(a.formatted).length - words(b.formatted).length);
}

/** The nearest place to a point, within about 500 m. */
function nearestPlace(latitude: number, longitude: number): FakePlace | null {
  let best: FakePlace | null = null;
  let bestDistance = Infinity;
  for (const place of FAKE_PLACES) {
    const distance = Math.hypot(place.latitude - latitude, place.longitude - longitude);
    if (distance < bestDistance) [best, bestDistance] = [place, distance];
  }
  return bestDistance < 0.005 ? best : null;
}

// --- Photon: GeoJSON FeatureCollection (https://photon.komoot.io, "Search" example) ---
function photonFeature(place: FakePlace) {
  const properties: Record<string, unknown> = {
    osm_type: place.kind === 'house' ? 'W' : place.kind === 'street' ? 'W' : 'R',
    osm_id: Math.round(place.latitude * 1e5),
    country: place.country,
    countrycode: place.countryCode,
    state: place.state,
    type: place.kind,
  };
  if (place.postcode) properties.postcode = place.postcode;
  if (place.kind === 'house')
    Object.assign(properties, { city: place.city, street: place.street, housenumber: place.house });
  if (place.kind === 'street') Object.assign(properties, { city: place.city, name: place.street });
  if (place.kind === 'city') Object.assign(properties, { name: place.city });
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [place.longitude, place.latitude] }, properties };
}

// --- Nominatim: jsonv2 with addressdetails (https://nominatim.org/release-docs/latest/api/Search/) ---
function nominatimPlace(place: FakePlace) {
  const address: Record<string, string> = { country: place.country, country_code: place.countryCode.toLowerCase() };
  if (place.state) address.state = place.state;
  if (place.city) address.city = place.city;
  if (place.street) address.road = place.street;
  if (place.house) address.house_number = place.house;
  if (place.postcode) address.postcode = place.postcode;
  return {
    place_id: Math.round(place.longitude * 1e5),
    lat: String(place.latitude),
    lon: String(place.longitude),
    category: place.kind === 'city' ? 'place' : place.kind === 'street' ? 'highway' : 'building',
    type: place.kind === 'city' ? 'city' : place.kind === 'street' ? 'residential' : 'yes',
    place_rank: place.kind === 'house' ? 30 : place.kind === 'street' ? 26 : 16,
    addresstype: place.kind === 'city' ? 'city' : place.kind === 'street' ? 'road' : 'building',
    display_name: [place.house, place.street, place.city, place.country].filter(Boolean).join(', '),
    address,
  };
}

// --- DaData: suggest/address (https://dadata.ru/api/suggest/address/) ---
function dadataSuggestion(place: FakePlace) {
  return {
    value: [place.city ? `г ${place.city}` : null, place.street, place.house ? `д ${place.house}` : null]
      .filter(Boolean)
      .join(', '),
    unrestricted_value: place.formatted,
    data: {
      country: place.country,
      country_iso_code: place.countryCode,
      region_with_type: place.state,
      city: place.city,
      settlement: null,
      street_with_type: place.street,
      house: place.house,
      postal_code: place.postcode,
      geo_lat: String(place.latitude),
      geo_lon: String(place.longitude),
      qc_geo: place.kind === 'house' ? '0' : place.kind === 'street' ? '2' : '4',
    },
  };
}

// --- Yandex Geocoder 1.x JSON (https://yandex.ru/dev/geocode/doc/ru/response) ---
function yandexGeoObject(place: FakePlace) {
  const components = [
    { kind: 'country', name: place.country },
    ...(place.state ? [{ kind: 'province', name: place.state }] : []),
    ...(place.city ? [{ kind: 'locality', name: place.city }] : []),
    ...(place.street ? [{ kind: 'street', name: place.street }] : []),
    ...(place.house ? [{ kind: 'house', name: place.house }] : []),
  ];
  return {
    GeoObject: {
      metaDataProperty: {
        GeocoderMetaData: {
          precision: place.kind === 'house' ? 'exact' : place.kind === 'street' ? 'street' : 'other',
          text: place.formatted,
          kind: place.kind === 'city' ? 'locality' : place.kind,
          Address: {
            country_code: place.countryCode,
            ...(place.postcode ? { postal_code: place.postcode } : {}),
            formatted: place.formatted,
            Components: components,
          },
        },
      },
      name: [place.street, place.house].filter(Boolean).join(', ') || place.city,
      description: [place.city, place.country].filter(Boolean).join(', '),
      Point: { pos: `${place.longitude} ${place.latitude}` },
    },
  };
}

function yandexCollection(found: FakePlace[]) {
  return {
    response: {
      GeoObjectCollection: {
        metaDataProperty: { GeocoderResponseMetaData: { found: String(found.length), results: '10' } },
        featureMember: found.map(yandexGeoObject),
      },
    },
  };
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

type Answer = { status: number; body: unknown };

async function answer(request: IncomingMessage, fake: GeoFake): Promise<Answer> {
  const url = new URL(request.url ?? '/', 'http://fake');
  const q = url.searchParams;
  const limit = Number(q.get('limit') ?? q.get('results') ?? 5);
  switch (`${request.method} ${url.pathname}`) {
    case 'GET /api': {
      let found = findPlaces(q.get('q') ?? '');
      if (q.getAll('layer').includes('city')) found = found.filter((place) => place.kind === 'city');
      return { status: 200, body: { type: 'FeatureCollection', features: found.slice(0, limit).map(photonFeature) } };
    }
    case 'GET /search':
      return {
        status: 200,
        body: findPlaces(q.get('q') ?? '')
          .slice(0, limit)
          .map(nominatimPlace),
      };
    case 'GET /reverse': {
      const place = nearestPlace(Number(q.get('lat')), Number(q.get('lon')));
      return { status: 200, body: place ? nominatimPlace(place) : { error: 'Unable to geocode' } };
    }
    case 'POST /suggestions/api/4_1/rs/suggest/address':
    case 'POST /suggestions/api/4_1/rs/geolocate/address': {
      if (request.headers.authorization !== `Token ${fake.keys.dadata}`)
        return { status: 403, body: { family: 'CLIENT_ERROR', reason: 'Forbidden' } };
      const body = await readBody(request);
      const count = Number(body.count ?? 10);
      const found = url.pathname.endsWith('/geolocate/address')
        ? [nearestPlace(Number(body.lat), Number(body.lon))].filter((place): place is FakePlace => place !== null)
        : findPlaces(String(body.query ?? '')).filter((place) => (body.from_bound ? place.kind === 'city' : true));
      return { status: 200, body: { suggestions: found.slice(0, count).map(dadataSuggestion) } };
    }
    case 'GET /1.x/': {
      if (q.get('apikey') !== fake.keys.yandex)
        return { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Invalid api key' } };
      const geocode = q.get('geocode') ?? '';
      const point = /^(-?[\d.]+),(-?[\d.]+)$/.exec(geocode);
      const found = point
        ? [nearestPlace(Number(point[2]), Number(point[1]))].filter((place): place is FakePlace => place !== null)
        : findPlaces(geocode);
      return { status: 200, body: yandexCollection(found.slice(0, limit)) };
    }
    default:
      return { status: 404, body: { error: 'not found' } };
  }
}

/** 2 MB: twice what the server reads of a provider's answer (geo/http.ts). */
export const HUGE_ANSWER_BYTES = 2 * 1024 * 1024;

/** A well-formed empty answer padded to HUGE_ANSWER_BYTES, in 64 KB chunks (chunked: no Content-Length). */
async function streamHugeAnswer(response: ServerResponse): Promise<void> {
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  const head = '{"type":"FeatureCollection","features":[],"pad":"';
  const tail = '"}';
  const chunk = 'x'.repeat(64 * 1024);
  response.write(head);
  for (let sent = head.length + tail.length; sent < HUGE_ANSWER_BYTES && !response.destroyed; sent += chunk.length) {
    if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve).once('close', resolve));
  }
  response.end(tail);
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startGeoFake(): Promise<GeoFake> {
  const fake: GeoFake = {
    url: '',
    calls: [],
    failWith: null,
    delayMs: 0,
    tilesDown: false,
    misbehave: null,
    keys: { dadata: 'fake-dadata-key-0123', yandex: 'fake-yandex-key-0123' },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response: ServerResponse) => {
    if (!request.url?.startsWith('/tiles/')) fake.calls.push(`${request.method} ${request.url}`);
    void (async () => {
      // The e2e tests run in other processes than this fake: they take it down and up over HTTP.
      if (request.method === 'PUT' && request.url === '/__fake/down') {
        const { status } = await readBody(request);
        fake.failWith = typeof status === 'number' ? status : null;
        fake.tilesDown = fake.failWith !== null;
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'GET' && /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '') && !fake.tilesDown) {
        response.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*' });
        response.end(TILE);
        return;
      }
      if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      if (request.url?.startsWith('/redirected/')) request.url = request.url.slice('/redirected'.length);
      else if (fake.misbehave === 'redirect') {
        response.writeHead(302, { Location: `${fake.url}/redirected${request.url ?? '/'}` });
        response.end();
        return;
      }
      if (fake.misbehave === 'huge') {
        await streamHugeAnswer(response);
        return;
      }
      const { status, body } =
        fake.failWith === null ? await answer(request, fake) : { status: fake.failWith, body: { error: 'down' } };
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** The server's geo settings pointing every service at the fake. */
export function fakeGeoConfig(fake: GeoFake, provider: 'osm' | 'dadata-yandex' = 'osm') {
  return {
    provider,
    photonUrl: fake.url,
    nominatimUrl: fake.url,
    dadataUrl: fake.url,
    dadataApiKey: fake.keys.dadata,
    yandexGeocoderUrl: fake.url,
    yandexGeocoderApiKey: fake.keys.yandex,
  };
}
