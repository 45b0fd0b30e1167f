import { describe, expect, it } from 'vitest';
import { isCrimeaAddress, offeredCentres, regionView } from './service-centres.ts';

const offices = [
  { id: 1, region: 'Центральный', is_show_in_crimea: true },
  { id: 2, region: 'Северо-Западный', is_show_in_crimea: false },
  { id: 7, region: 'Центральный', is_show_in_crimea: false },
  { id: 9, region: 'Приволжский', is_show_in_crimea: true },
];

describe('service centres (cabinet.md §9)', () => {
  it('knows Crimea and Sevastopol by the address text', () => {
    expect(isCrimeaAddress('Россия, Республика Крым, Симферополь, улица Ленина, 1')).toBe(true);
    expect(isCrimeaAddress('Россия, Севастополь, проспект Нахимова, 2')).toBe(true);
    expect(isCrimeaAddress('Крым, Ялта, Набережная имени Ленина, 3')).toBe(true);
    expect(isCrimeaAddress('Россия, Москва, Крымский Вал, 9')).toBe(false);
    expect(isCrimeaAddress('Россия, Казань, улица Баумана, 3')).toBe(false);
  });

  it('offers offices 1 and 2 always, Crimea-flagged centres only for Crimea, the rest always', () => {
    expect(offeredCentres(offices, 'Россия, Казань, улица Баумана, 3').map((o) => o.id)).toEqual([1, 2, 7]);
    expect(offeredCentres(offices, null).map((o) => o.id)).toEqual([1, 2, 7]);
    expect(offeredCentres(offices, 'Россия, Севастополь, проспект Нахимова, 2').map((o) => o.id)).toEqual([1, 2, 7, 9]);
  });

  it('opens the map on the region from the table, the central one when unknown', () => {
    expect(regionView('Приволжский')).toEqual({ latitude: 54.84, longitude: 46.59, zoom: 6 });
    expect(regionView('Казахстан')).toEqual({ latitude: 43.23, longitude: 76.94, zoom: 11 });
    expect(regionView('Марс')).toEqual({ latitude: 55.76, longitude: 37.64, zoom: 11 });
  });
});
