import { CENTRAL_OFFICE_IDS, REGIONS, type RegionName } from '../../dictionaries/regions.ts';

// Which service centres a clinic may choose (cabinet.md §9): the central offices 1 and 2 always;
// a centre flagged for Crimea only for an address in Crimea or Sevastopol; the others always.

export interface OfficeRules {
  id: number;
  region: string;
  is_show_in_crimea: boolean;
}

/**
 * An address in the Republic of Crimea or Sevastopol, by its text as geocoders write it ('Республика
 * Крым', 'Крым', 'Севастополь'); a street named after Crimea elsewhere ('Крымский Вал') is not.
 */
const CRIMEA = /(?:^|,)\s*(?:республика\s+)?крым\s*(?:,|$)|севастопол/i;

export function isCrimeaAddress(address: string): boolean {
  return CRIMEA.test(address);
}

export function offeredCentres<Office extends OfficeRules>(
  offices: readonly Office[],
  address: string | null,
): Office[] {
  const crimea = address !== null && isCrimeaAddress(address);
  return offices.filter((office) => CENTRAL_OFFICE_IDS.includes(office.id) || !office.is_show_in_crimea || crimea);
}

/** Where the map opens for a region (cabinet.md §3 region table); the central one when unknown. */
export function regionView(region: string): { latitude: number; longitude: number; zoom: number } {
  const found =
    REGIONS.find((entry) => entry.name === (region as RegionName)) ??
    REGIONS.find((entry) => entry.name === 'Центральный')!;
  return { latitude: found.latitude, longitude: found.longitude, zoom: found.zoom };
}
