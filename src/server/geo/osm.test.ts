import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeoFake, TVERSKAYA_7_EXACT, type GeoFake } from '../../../tests/setup/geo-fakes.ts';
import { osmProvider } from './osm.ts';
import { GeoProviderError } from './provider.ts';

// The OSM adapter against a local fake speaking Photon's GeoJSON and Nominatim's jsonv2.

let fake: GeoFake;
beforeAll(async () => {
  fake = await startGeoFake();
});
afterAll(() => fake.close());

const provider = () =>
  osmProvider({ photonUrl: fake.url, nominatimUrl: fake.url, userAgent: 'ServicePortal/1.0 (+http://localhost)' });

describe('osm provider', () => {
  it('suggests from Photon: the address text, its point as decimal strings, postcode, country and city', async () => {
    fake.calls.length = 0;
    const suggestions = await provider().suggest('тверская 7', 5);
    expect(suggestions).toEqual([
      {
        value: 'Россия, Москва, Тверская улица, 7',
        data: { geo_lat: '55.757718', geo_lon: '37.611347', postal_code: '125009' },
        country: 'Россия',
        city: 'Москва',
      },
    ]);
    expect(fake.calls).toEqual([
      `GET /api?q=${encodeURIComponent('тверская 7').replaceAll('%20', '+')}&limit=5&lang=default`,
    ]);
  });

  it('geocodes through Nominatim with the precision its answer implies, and the postcode when it has one', async () => {
    expect(await provider().geocode('Тверская улица, 7')).toEqual(TVERSKAYA_7_EXACT);
    expect(await provider().geocode('Москва, Тверская улица')).toMatchObject({ precision: 'street', postcode: null });
    expect(await provider().geocode('Алматы')).toMatchObject({ precision: 'other', countryCode: 'KZ' });
    expect(await provider().geocode('Минск, Независимости, 4')).toMatchObject({
      precision: 'exact',
      countryCode: 'BY',
    });
    expect(await provider().geocode('Нигдейск')).toBeNull();
  });

  it('reverse-geocodes a point, and answers nothing for a point with no address (the sea)', async () => {
    expect(await provider().reverse(59.9358, 30.3259)).toEqual([
      {
        value: 'Россия, Санкт-Петербург, Невский проспект, 28',
        data: { geo_lat: '59.935848', geo_lon: '30.325879', postal_code: '191186' },
        country: 'Россия',
        city: 'Санкт-Петербург',
      },
    ]);
    expect(await provider().reverse(43.5, 35.0)).toEqual([]);
  });

  it("suggests cities with their countries from Photon's city layer", async () => {
    expect(await provider().cities('алма', 5)).toEqual([{ country: 'Казахстан', city: 'Алматы' }]);
    expect(await provider().cities('тверская', 5)).toEqual([]);
  });

  it('sends the User-Agent Nominatim asks for', async () => {
    let agent: string | null = null;
    const spy = osmProvider({
      photonUrl: fake.url,
      nominatimUrl: fake.url,
      userAgent: 'ServicePortal/1.0 (+https://portal.example)',
      fetch: (input, init) => {
        agent = new Headers(init?.headers).get('user-agent');
        return fetch(input, init);
      },
    });
    await spy.geocode('Тверская 7');
    expect(agent).toBe('ServicePortal/1.0 (+https://portal.example)');
  });

  it('follows no redirect: a provider that answers one has failed', async () => {
    fake.calls.length = 0;
    fake.misbehave = 'redirect';
    try {
      await expect(provider().suggest('тверская', 5)).rejects.toBeInstanceOf(GeoProviderError);
      await expect(provider().geocode('тверская')).rejects.toBeInstanceOf(GeoProviderError);
    } finally {
      fake.misbehave = null;
    }
    expect(fake.calls.filter((call) => call.includes('/redirected/'))).toEqual([]);
  });

  it('reads no more than 1 MB of an answer: a bigger one is a failure, like a timeout', async () => {
    fake.misbehave = 'huge';
    try {
      await expect(provider().suggest('тверская', 5)).rejects.toThrow(/answer over 1048576 bytes/);
    } finally {
      fake.misbehave = null;
    }
    // A normal answer still reads after that.
    expect(await provider().cities('алма', 5)).toEqual([{ country: 'Казахстан', city: 'Алматы' }]);
  });

  it('turns a failure, a slow answer and nonsense into GeoProviderError', async () => {
    fake.failWith = 500;
    await expect(provider().suggest('тверская', 5)).rejects.toBeInstanceOf(GeoProviderError);
    fake.failWith = null;
    fake.delayMs = 3_500;
    await expect(provider().geocode('тверская')).rejects.toBeInstanceOf(GeoProviderError);
    fake.delayMs = 0;
    const nonsense = osmProvider({
      photonUrl: fake.url,
      nominatimUrl: fake.url,
      userAgent: 'x',
      fetch: () => Promise.resolve(new Response('[{"lat": 1}]')),
    });
    await expect(nonsense.geocode('тверская')).rejects.toBeInstanceOf(GeoProviderError);
  });
});
