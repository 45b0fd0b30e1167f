// Service regions with their map centres (cabinet.md §3 Region table).
export const REGIONS = [
  { name: 'Приволжский', latitude: 54.84, longitude: 46.59, zoom: 6 },
  { name: 'Северо-Западный', latitude: 59.93, longitude: 30.31, zoom: 11 },
  { name: 'Сибирский', latitude: 55.03, longitude: 82.92, zoom: 11 },
  { name: 'Уральский', latitude: 56.83, longitude: 60.59, zoom: 11 },
  { name: 'Центральный', latitude: 55.76, longitude: 37.64, zoom: 11 },
  { name: 'Казахстан', latitude: 43.23, longitude: 76.94, zoom: 11 },
] as const;

export type RegionName = (typeof REGIONS)[number]['name'];

/** Offices 1 and 2 are the central service: always offered, and a ticket there shows its statements. */
export const CENTRAL_OFFICE_IDS: readonly number[] = [1, 2];

/** A regional service centre's office: its tickets show the centre's card, never statements to decide on. */
export const isServiceCentreOffice = (officeId: number | null): boolean =>
  officeId !== null && !CENTRAL_OFFICE_IDS.includes(officeId);
