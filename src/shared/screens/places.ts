import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { object } from '../api/object.ts';
import { office, type Office } from '../api/tickets.ts';
import { cleanText } from '../validation/invisible-characters.ts';

// Places (cabinet.md §2 My addresses, §3 Address, §7; API.md §Places): address suggestions and
// geocoding through our server (never a geo service from the browser), the client's saved
// addresses, and the service centres.

export const ADDRESS_LIMITS = { query: 300, name: 100, address: 300, apartment: 50 } as const;
/** Suggestions start at this many characters (cabinet.md §9). */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_LIMIT = 5;

export const ADDRESS_MESSAGES = {
  required: 'Это поле обязательно для заполнения',
  saveFailed: 'Ошибка при сохранении адреса',
  suggestFailed: 'Ошибка получения адресов',
  nothingFound: 'Ничего не найдено',
  geoSuggestFailed: 'Не удалось загрузить подсказки',
  geocodeFailed: 'Ошибка при геокодировании координат',
  coordinates: 'Некорректные координаты',
  offline: 'Нет связи с сервером: адрес можно сохранить, когда связь появится.',
  /** The provider could not be asked: not the clinic's mistake, so said calmly, and the address goes as typed. */
  unchecked: 'Не удалось проверить адрес — мы уточним его по телефону',
} as const;

/**
 * A suggestion, in the shape the spec's client reads (DaData's): coordinates as decimal strings,
 * and the postcode (DaData's `postal_code`) when the provider knows it: the wizard's Индекс.
 */
export const addressSuggestion = v.object({
  value: v.string(),
  data: v.object({
    geo_lat: v.nullable(v.string()),
    geo_lon: v.nullable(v.string()),
    /** Cached answers from before this field say nothing: unknown. */
    postal_code: v.optional(v.nullable(v.string()), null),
  }),
  country: v.nullable(v.string()),
  city: v.nullable(v.string()),
});
export type AddressSuggestion = v.InferOutput<typeof addressSuggestion>;

const trimmedText = (max: number, message: string = ADDRESS_MESSAGES.required) =>
  v.pipe(v.string(message), cleanText(), v.minLength(1, message), v.maxLength(max, `Не более ${max} символов`));

const querySchema = v.pipe(
  v.string(),
  cleanText(),
  v.maxLength(ADDRESS_LIMITS.query, `Не более ${ADDRESS_LIMITS.query} символов`),
);

export const suggestAddresses = defineEndpoint({
  method: 'GET',
  path: '/ajax/address/suggest',
  input: v.object({ query: querySchema }),
  output: okResponse({ suggestions: v.array(addressSuggestion) }),
});

/** A latitude or longitude in the query string, within ±`limit` degrees. */
const coordinateParam = (limit: number) =>
  v.pipe(
    v.string(ADDRESS_MESSAGES.coordinates),
    v.regex(/^-?\d{1,3}(?:\.\d{1,12})?$/, ADDRESS_MESSAGES.coordinates),
    v.transform(Number),
    v.minValue(-limit, ADDRESS_MESSAGES.coordinates),
    v.maxValue(limit, ADDRESS_MESSAGES.coordinates),
  );

/** Reverse geocoding: a tap on the map, a dragged marker, 'Найти меня'. */
export const geocodeCoordinates = defineEndpoint({
  method: 'GET',
  path: '/ajax/address/geocode',
  input: v.object({ lat: coordinateParam(90), lon: coordinateParam(180) }),
  output: okResponse({ suggestions: v.array(addressSuggestion) }),
});

/** The spec's address check (cabinet.md §8) of a typed or chosen address: exact, or why not. */
export const addressCheckResult = v.variant('ok', [
  v.object({
    ok: v.literal(true),
    address: v.string(),
    latitude: v.number(),
    longitude: v.number(),
    /** The address's postcode when the provider knows it (the wizard fills Индекс with it). */
    postcode: v.optional(v.nullable(v.string()), null),
  }),
  v.object({
    ok: v.literal(false),
    problem: v.picklist(['region', 'approximate', 'incomplete', 'notFound']),
    message: v.string(),
  }),
]);

export const checkAddressEndpoint = defineEndpoint({
  method: 'GET',
  path: '/ajax/address/check',
  input: v.object({ address: trimmedText(ADDRESS_LIMITS.address) }),
  output: okResponse({ check: addressCheckResult }),
});

/** The provider-identity page's city field: `{query, limit}` → countries and cities (cabinet.md §7 `{api}/geo/suggest`). */
export const suggestCities = defineEndpoint({
  method: 'POST',
  path: '/ajax/geo/suggest',
  input: object({
    query: querySchema,
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SUGGEST_LIMIT)), SUGGEST_LIMIT),
  }),
  output: okResponse({ data: v.array(v.object({ country: v.string(), city: v.string() })) }),
});

/** "latitude,longitude", as the spec's Address carries them. */
export const COORDINATES_PATTERN = /^(-?\d{1,2}(?:\.\d{1,12})?),(-?\d{1,3}(?:\.\d{1,12})?)$/;

export const savedAddress = v.object({
  id: v.number(),
  name: v.string(),
  address: v.string(),
  apartment: v.string(),
  /** "latitude,longitude". */
  coordinates: v.string(),
  /** False while the geo provider could not check it (saved as typed); copies saved before this field say nothing: checked. */
  checked: v.optional(v.boolean(), true),
});
export type SavedAddress = v.InferOutput<typeof savedAddress>;

export const listAddresses = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/addresses',
  output: okResponse({ data: v.array(savedAddress) }),
});

/** The fields the form checks one by one (cabinet.md §5: each required). */
export const addressFields = {
  name: trimmedText(ADDRESS_LIMITS.name),
  address: trimmedText(ADDRESS_LIMITS.address),
  apartment: trimmedText(ADDRESS_LIMITS.apartment),
};

export const addressForm = object({
  /** null (or absent): a new address. */
  id: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))), null),
  ...addressFields,
  coordinates: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.regex(COORDINATES_PATTERN, ADDRESS_MESSAGES.coordinates))),
    null,
  ),
});
export type AddressForm = v.InferInput<typeof addressForm>;
export type AddressFormValues = v.InferOutput<typeof addressForm>;

/** Create or edit (cabinet.md §7: path not shown; payload id or null, name, address, apartment, coordinates). */
export const saveAddress = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/addresses/save',
  input: addressForm,
  output: okResponse({ address_id: v.number(), address: savedAddress }),
});

export const deleteAddress = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/addresses/:id/delete',
  output: okResponse({}),
});

/** A service centre, as a ticket names its office (src/shared/api/tickets.ts). */
export const serviceCentre = office;
export type ServiceCentre = Office;

export const listServiceCentres = defineEndpoint({
  method: 'GET',
  path: '/ajax/offices',
  output: okResponse({ data: v.array(serviceCentre) }),
});

/** The map's tiles (MAP_TILES_URL) and the attribution their licence asks for. */
export const mapSettings = defineEndpoint({
  method: 'GET',
  path: '/ajax/map/settings',
  output: okResponse({ tiles_url: v.string(), attribution: v.string() }),
});
