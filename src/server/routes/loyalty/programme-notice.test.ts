import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// GET /ajax/loyalty/programme (portal.md §4.7): every page's notice of the programme's pause or end,
// for guests too, from the announcement on; nothing while the programme runs.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
});
afterAll(() => t.close());

const notice = async () => {
  const response = await t.request('/ajax/loyalty/programme');
  expect(response.status).toBe(200);
  return ((await response.json()) as { programme: unknown }).programme;
};

const announce = async (json: object) =>
  expect((await t.integration('/loyalty/programme', { method: 'PUT', json })).status).toBe(200);

describe('the programme notice', () => {
  it('is null while the programme runs, shows a pause or end from its announcement on, and goes with a restart', async () => {
    expect(await notice()).toBeNull();

    await announce({ state: 'paused', ends_on: '2026-03-20' });
    expect(await notice()).toEqual({ state: 'paused', ends_on: '2026-03-19T21:00:00.000Z', ended: false });
    // Before the announcement's moment the site said nothing.
    t.setNow('2026-03-02T08:59:59Z');
    expect(await notice()).toBeNull();

    t.setNow('2026-03-19T21:00:00Z');
    expect(await notice()).toEqual({ state: 'paused', ends_on: '2026-03-19T21:00:00.000Z', ended: true });

    await announce({ state: 'active' });
    expect(await notice()).toBeNull();

    await announce({ state: 'ending', ends_on: '2026-04-01' });
    expect(await notice()).toEqual({ state: 'ending', ends_on: '2026-03-31T21:00:00.000Z', ended: false });
  });
});
