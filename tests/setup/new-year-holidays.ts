/** 1–8 January 2027, the New Year holidays the server closes for pickups (docs/api.md). */
export const NEW_YEAR_HOLIDAYS_2027 = [
  '2027-01-01',
  '2027-01-02',
  '2027-01-03',
  '2027-01-04',
  '2027-01-05',
  '2027-01-06',
  '2027-01-07',
  '2027-01-08',
];
