import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses, geoCache } from '#server/db/schema/places.ts';
import { rateRules } from '#server/services/rate-limit.ts';
import { insertOffice } from '../../../../tests/setup/cabinet-world.ts';
import type { GeoFake } from '../../../../tests/setup/geo-fakes.ts';
import { geoClinicWorld, type GeoClinicWorld } from '../../../../tests/setup/geo-world.ts';
import type { TestApp } from '../../../../tests/setup/test-app.ts';

// Places through our server (API.md §Places), on the OSM adapter and a local fake of its services.

let fake: GeoFake;
let t: TestApp;
let clientId: number;

let world: GeoClinicWorld;
beforeAll(async () => {
  world = await geoClinicWorld('2026-05-01T09:00:00Z');
  ({ t, fake, clientId } = world);
});
afterAll(() => world.close());
beforeEach(async () => {
  fake.calls.length = 0;
  fake.failWith = null;
  fake.delayMs = 0;
  await t.db.delete(geoCache);
});

const get = (path: string) => t.request(path);
const json = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
});
const save = (form: Record<string, unknown>) =>
  t.request('/ajax/cabinet/addresses/save', { method: 'POST', json: { id: null, coordinates: null, ...form } });
const savedRows = () => t.db.select().from(addresses).where(eq(addresses.clientId, clientId));

describe('address suggestions', () => {
  it('answers from 2 characters, through the provider, at most 5', async () => {
    expect(await json(await get('/ajax/address/suggest?query=т'))).toEqual({
      status: 200,
      body: { success: true, suggestions: [] },
    });
    expect(fake.calls).toEqual([]);
    const { status, body } = await json(await get(`/ajax/address/suggest?query=${encodeURIComponent('Тверская 7')}`));
    expect(status).toBe(200);
    expect(body.suggestions).toEqual([
      {
        value: 'Россия, Москва, Тверская улица, 7',
        data: { geo_lat: '55.757718', geo_lon: '37.611347', postal_code: '125009' },
        country: 'Россия',
        city: 'Москва',
      },
    ]);
    expect(fake.calls).toHaveLength(1);
  });

  it('asks the provider once a day for the same question, however it is typed', async () => {
    await get(`/ajax/address/suggest?query=${encodeURIComponent('Невский 28')}`);
    await get(`/ajax/address/suggest?query=${encodeURIComponent('  невский   28 ')}`);
    expect(fake.calls).toHaveLength(1);
    t.setNow('2026-05-02T09:00:01Z');
    await get(`/ajax/address/suggest?query=${encodeURIComponent('Невский 28')}`);
    expect(fake.calls).toHaveLength(2);
    t.setNow('2026-05-01T09:00:00Z');
  });

  it("gives the spec's texts when the provider is down or slower than 3 s, and caches no failure", async () => {
    fake.failWith = 500;
    expect(await json(await get('/ajax/address/suggest?query=Тверская'))).toEqual({
      status: 503,
      body: { success: false, message: 'Ошибка получения адресов' },
    });
    expect(await json(await get('/ajax/address/geocode?lat=55.7577&lon=37.6113'))).toEqual({
      status: 503,
      body: { success: false, message: 'Ошибка при геокодировании координат' },
    });
    expect(
      await json(await t.request('/ajax/geo/suggest', { method: 'POST', json: { query: 'Алматы', limit: 5 } })),
    ).toEqual({
      status: 503,
      body: { success: false, message: 'Не удалось загрузить подсказки' },
    });
    fake.failWith = null;
    // The fake would answer 200 after 3.5 s: a 503 means the server gave up at its 3 s.
    fake.delayMs = 3_500;
    expect((await get('/ajax/address/suggest?query=Тверская')).status).toBe(503);
    fake.delayMs = 0;
    expect((await json(await get('/ajax/address/suggest?query=Тверская'))).status).toBe(200);
  });

  it('reverse-geocodes a point, and refuses coordinates that are not ones in Russian', async () => {
    const { body } = await json(await get('/ajax/address/geocode?lat=59.9358&lon=30.3259'));
    expect(body.suggestions).toMatchObject([{ value: 'Россия, Санкт-Петербург, Невский проспект, 28' }]);
    for (const query of ['lat=91&lon=30', 'lat=abc&lon=30', 'lat=59.9', 'lat=1e3&lon=2']) {
      const answer = await json(await get(`/ajax/address/geocode?${query}`));
      expect(answer.status, query).toBe(422);
      expect(String(answer.body.message), query).toMatch(/[а-я]/i);
    }
    expect(fake.calls.filter((call) => call.includes('/reverse'))).toHaveLength(1);
  });

  it('suggests cities for the identity page', async () => {
    expect(
      await json(await t.request('/ajax/geo/suggest', { method: 'POST', json: { query: 'Алма', limit: 5 } })),
    ).toEqual({
      status: 200,
      body: { success: true, data: [{ country: 'Казахстан', city: 'Алматы' }] },
    });
  });

  it('keeps the saved addresses to a logged-in clinic; suggests to a guest too (its wizard)', async () => {
    expect((await t.request('/ajax/address/suggest?query=Тверская', { cookies: false })).status).toBe(200);
    expect(
      (
        await t.request(`/ajax/address/check?address=${encodeURIComponent('Россия, Москва, Тверская улица, 7')}`, {
          cookies: false,
        })
      ).status,
    ).toBe(200);
    expect((await t.request('/ajax/cabinet/addresses', { cookies: false })).status).toBe(401);
  });
});

describe('the address check (cabinet.md §8)', () => {
  it.each([
    [
      'Тверская улица, 7',
      {
        ok: true,
        address: 'Россия, Москва, Тверская улица, 7',
        latitude: 55.757718,
        longitude: 37.611347,
        postcode: '125009',
      },
    ],
    ['Москва, Тверская улица', { ok: false, problem: 'approximate', message: 'Неточный адрес, уточните номер дома' }],
    ['Алматы', { ok: false, problem: 'incomplete', message: 'Неполный адрес, уточните' }],
    ['Минск, Независимости 4', { ok: false, problem: 'region', message: 'Услуги пока не доступны в этом регионе' }],
    ['Нигдейск', { ok: false, problem: 'notFound', message: 'Адрес не найден' }],
  ])('%s', async (address, check) => {
    expect(await json(await get(`/ajax/address/check?address=${encodeURIComponent(address)}`))).toEqual({
      status: 200,
      body: { success: true, check },
    });
  });
});

describe('saved addresses', () => {
  it('saves an exact address as the provider writes it, lists, edits and deletes it', async () => {
    const created = await json(await save({ name: 'Клиника', address: 'тверская 7', apartment: 'офис 12' }));
    expect(created.status).toBe(200);
    const id = created.body.address_id as number;
    expect(created.body.address).toEqual({
      id,
      name: 'Клиника',
      address: 'Россия, Москва, Тверская улица, 7',
      apartment: 'офис 12',
      coordinates: '55.757718,37.611347',
      checked: true,
    });

    // The marker moved by hand: its point is kept.
    const edited = await json(
      await save({ id, name: 'Склад', address: 'Невский 28', apartment: '3', coordinates: '59.93,30.32' }),
    );
    expect(edited.body.address).toEqual({
      id,
      name: 'Склад',
      address: 'Россия, Санкт-Петербург, Невский проспект, 28',
      apartment: '3',
      coordinates: '59.93,30.32',
      checked: true,
    });
    expect((await json(await get('/ajax/cabinet/addresses'))).body.data).toEqual([edited.body.address]);

    expect(await json(await t.request(`/ajax/cabinet/addresses/${id}/delete`, { method: 'POST' }))).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await savedRows()).toEqual([]);
    expect((await t.request(`/ajax/cabinet/addresses/${id}/delete`, { method: 'POST' })).status).toBe(404);
  });

  it('refuses an address a courier cannot find, and empty fields, writing nothing', async () => {
    const street = await json(await save({ name: 'Клиника', address: 'Москва, Тверская улица', apartment: '1' }));
    expect(street).toMatchObject({
      status: 422,
      body: {
        message: 'Неточный адрес, уточните номер дома',
        errors: { address: ['Неточный адрес, уточните номер дома'] },
      },
    });
    const abroad = await json(await save({ name: 'Клиника', address: 'Минск, Независимости 4', apartment: '1' }));
    expect(abroad.body.message).toBe('Услуги пока не доступны в этом регионе');
    const empty = await json(await save({ name: ' ', address: '', apartment: '' }));
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      name: ['Это поле обязательно для заполнения'],
      address: ['Это поле обязательно для заполнения'],
      apartment: ['Это поле обязательно для заполнения'],
    });
    const badPoint = await json(
      await save({ name: 'Клиника', address: 'тверская 7', apartment: '1', coordinates: '55.7;37.6' }),
    );
    expect(badPoint.body.errors).toEqual({ coordinates: ['Некорректные координаты'] });
    expect(await savedRows()).toEqual([]);
  });

  it("saves an address as typed, marked unchecked, while the provider is unreachable (the clinic's work is not lost)", async () => {
    fake.failWith = 502;
    const saved = await json(await save({ name: 'Клиника', address: 'Тверская 7', apartment: '1' }));
    expect(saved.status).toBe(200);
    expect(saved.body.address).toMatchObject({ address: 'Тверская 7', coordinates: '', checked: false });
    expect(await savedRows()).toHaveLength(1);
    await t.db.delete(addresses);
  });
});

describe('service centres and the map', () => {
  it('lists every office with its card and point, and the map tiles with their attribution', async () => {
    await insertOffice(t, 1);
    await insertOffice(t, 5);
    // A guest's contacts page lists them too.
    const { body } = await json(await t.request('/ajax/offices', { cookies: false }));
    expect((body.data as Array<{ id: number }>).map((office) => office.id)).toEqual([1, 5]);
    expect((body.data as unknown[])[0]).toEqual(
      expect.objectContaining({ name: expect.any(String), latitude: expect.any(Number), is_show_in_crimea: false }),
    );
    expect(await json(await t.request('/ajax/map/settings', { cookies: false }))).toEqual({
      status: 200,
      body: {
        success: true,
        tiles_url: 'http://tiles.invalid/{z}/{x}/{y}.png',
        attribution: '© участники OpenStreetMap',
      },
    });
  });
});

describe('limits', () => {
  it(`stops an account after ${rateRules.geoAccount.limit} questions in ${rateRules.geoAccount.windowSeconds / 60} minutes`, async () => {
    let last = 0;
    for (let i = 0; i <= rateRules.geoAccount.limit; i++)
      last = (await get('/ajax/address/suggest?query=Тверская')).status;
    expect(last).toBe(429);
    expect(fake.calls).toHaveLength(1);
  });

  it('stops a guest (no session) by its address, in Russian', async () => {
    let last: Response | undefined;
    for (let i = 0; i <= rateRules.geoAccount.limit; i++)
      last = await t.request('/ajax/address/suggest?query=Тверская', { cookies: false });
    expect(last!.status).toBe(429);
    expect(((await last!.json()) as { message: string }).message).toMatch(/^Слишком много попыток/);
  });
});
