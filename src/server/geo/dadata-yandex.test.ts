import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeoFake, TVERSKAYA_7_EXACT, type GeoFake } from '../../../tests/setup/geo-fakes.ts';
import { dadataPrecision, dadataYandexProvider } from './dadata-yandex.ts';
import { GeoProviderError } from './provider.ts';

// The DaData + Yandex adapter against a local fake speaking DaData's suggestions API and the Yandex
// Geocoder's 1.x JSON, keys checked as the real services check them.

let fake: GeoFake;
beforeAll(async () => {
  fake = await startGeoFake();
});
afterAll(() => fake.close());

const provider = (keys: { dadata?: string; yandex?: string | undefined } = {}) =>
  dadataYandexProvider({
    dadataUrl: fake.url,
    dadataApiKey: keys.dadata ?? fake.keys.dadata,
    yandexGeocoderUrl: fake.url,
    yandexGeocoderApiKey: 'yandex' in keys ? keys.yandex : fake.keys.yandex,
  });

describe('dadata-yandex provider', () => {
  it('suggests from DaData with its value, point, postcode, country and city', async () => {
    expect(await provider().suggest('невский 28', 5)).toEqual([
      {
        value: 'г Санкт-Петербург, Невский проспект, д 28',
        data: { geo_lat: '59.935848', geo_lon: '30.325879', postal_code: '191186' },
        country: 'Россия',
        city: 'Санкт-Петербург',
      },
    ]);
  });

  it("geocodes with the Yandex Geocoder's own precision, formatted address and postcode", async () => {
    expect(await provider().geocode('Тверская 7')).toEqual(TVERSKAYA_7_EXACT);
    // A street has no one postcode: Yandex gives none.
    expect(await provider().geocode('Москва Тверская улица')).toMatchObject({ precision: 'street', postcode: null });
    expect(await provider().geocode('Нигдейск')).toBeNull();
  });

  it('without a Yandex key, geocodes from DaData and its qc_geo', async () => {
    const dadataOnly = provider({ yandex: undefined });
    expect(await dadataOnly.geocode('Симферополь Киевская 41')).toMatchObject({
      precision: 'exact',
      countryCode: 'RU',
      latitude: 44.957207,
      postcode: '295011',
    });
    expect((await dadataOnly.geocode('Алматы'))?.precision).toBe('other');
    expect(await dadataOnly.reverse(55.7577, 37.6113)).toMatchObject([{ city: 'Москва' }]);
  });

  it('maps qc_geo onto the precision', () => {
    expect(['0', '1', '2', '3', '4', '5', null].map(dadataPrecision)).toEqual([
      'exact',
      'near',
      'street',
      'other',
      'other',
      null,
      null,
    ]);
  });

  it('reverse-geocodes through Yandex (longitude first) and suggests cities through DaData', async () => {
    expect(await provider().reverse(44.9572, 34.1108)).toEqual([
      {
        value: 'Россия, Республика Крым, Симферополь, Киевская улица, 41',
        data: { geo_lat: '44.957207', geo_lon: '34.110847', postal_code: '295011' },
        country: 'Россия',
        city: 'Симферополь',
      },
    ]);
    expect(await provider().cities('алматы', 5)).toEqual([{ country: 'Казахстан', city: 'Алматы' }]);
  });

  it('a refused key or a provider that is down is a GeoProviderError', async () => {
    await expect(provider({ dadata: 'wrong-key-123' }).suggest('тверская', 5)).rejects.toBeInstanceOf(GeoProviderError);
    await expect(provider({ yandex: 'wrong-key-123' }).geocode('тверская')).rejects.toBeInstanceOf(GeoProviderError);
    fake.failWith = 503;
    await expect(provider().suggest('тверская', 5)).rejects.toBeInstanceOf(GeoProviderError);
    fake.failWith = null;
  });
});
