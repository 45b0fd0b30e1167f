import { describe, expect, it } from 'vitest';
import { checkAddress, postcodeOf, type GeocodedAddress, type GeoPrecision } from './address-check.ts';

const moscow = (precision: GeoPrecision, countryCode: string | null = 'RU'): GeocodedAddress => ({
  formatted: 'Россия, Москва, Тверская улица, 7',
  countryCode,
  precision,
  latitude: 55.7602,
  longitude: 37.6085,
});

describe('checkAddress (cabinet.md §8)', () => {
  it.each<[string, GeocodedAddress | null, ReturnType<typeof checkAddress>]>([
    ['nothing found', null, { ok: false, problem: 'notFound', message: 'Адрес не найден' }],
    [
      'an exact house in Russia, with its postcode',
      { ...moscow('exact'), postcode: '125009' },
      {
        ok: true,
        address: 'Россия, Москва, Тверская улица, 7',
        latitude: 55.7602,
        longitude: 37.6085,
        postcode: '125009',
      },
    ],
    [
      'an exact house in Kazakhstan (lower-case code), answered before postcodes were asked (cached)',
      moscow('exact', 'kz'),
      {
        ok: true,
        address: 'Россия, Москва, Тверская улица, 7',
        latitude: 55.7602,
        longitude: 37.6085,
        postcode: null,
      },
    ],
    [
      'a house number only',
      moscow('number'),
      { ok: false, problem: 'approximate', message: 'Неточный адрес, уточните номер дома' },
    ],
    [
      'a nearby house',
      moscow('near'),
      { ok: false, problem: 'approximate', message: 'Неточный адрес, уточните номер дома' },
    ],
    [
      'a range of numbers',
      moscow('range'),
      { ok: false, problem: 'approximate', message: 'Неточный адрес, уточните номер дома' },
    ],
    [
      'the street only',
      moscow('street'),
      { ok: false, problem: 'approximate', message: 'Неточный адрес, уточните номер дома' },
    ],
    ['a city or region', moscow('other'), { ok: false, problem: 'incomplete', message: 'Неполный адрес, уточните' }],
    [
      'an exact house in Germany',
      moscow('exact', 'DE'),
      { ok: false, problem: 'region', message: 'Услуги пока не доступны в этом регионе' },
    ],
    [
      'a street abroad (the region comes first)',
      moscow('street', 'BY'),
      { ok: false, problem: 'region', message: 'Услуги пока не доступны в этом регионе' },
    ],
    [
      'no country at all',
      moscow('exact', null),
      { ok: false, problem: 'region', message: 'Услуги пока не доступны в этом регионе' },
    ],
  ])('%s', (_, found, expected) => {
    expect(checkAddress(found)).toEqual(expected);
  });
});

describe('postcodeOf', () => {
  it('takes one letters-and-digits code, trimmed, and nothing else', () => {
    expect(postcodeOf(' 125009 ')).toBe('125009');
    expect(postcodeOf('050000')).toBe('050000');
    expect(postcodeOf('125009;125375')).toBeNull();
    expect(postcodeOf('SW1A 1AA')).toBeNull();
    expect(postcodeOf('')).toBeNull();
    expect(postcodeOf(null)).toBeNull();
    expect(postcodeOf(undefined)).toBeNull();
  });
});
