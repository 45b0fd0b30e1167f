// The quote a test back office files when the test is not about the quote itself: the day of
// back-office-day.ts and the server tests' `defect()` (tests/setup/back-office.ts). A file of its
// own because back-office-day.ts type-checks alone (openapi-client.test.ts) and may not import tests/.

export const sampleDefect = {
  series: 'TA-98',
  type: 1,
  name: 'Турбина W&H',
  defect: 'Износ подшипников',
  sum: '12500.00',
  status: 1,
} as const;
