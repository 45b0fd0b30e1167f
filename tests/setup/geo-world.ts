import { expect } from 'vitest';
import { insertAccount, loginAs } from './accounts.ts';
import { insertOffice } from './cabinet-world.ts';
import { fakeGeoConfig, startGeoFake, type GeoFake } from './geo-fakes.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A test app whose geo provider is the local fake, with one clinic logged in and the named offices. */
export interface GeoClinicWorld {
  t: TestApp;
  fake: GeoFake;
  clientId: number;
  close(): Promise<void>;
}

export async function geoClinicWorld(now: string, officeIds: readonly number[] = []): Promise<GeoClinicWorld> {
  const fake = await startGeoFake();
  const t = await createTestApp({ now, config: { geo: fakeGeoConfig(fake) } });
  for (const id of officeIds) await insertOffice(t, id);
  const account = await insertAccount(t);
  expect((await loginAs(t, account.email)).status).toBe(200);
  return {
    t,
    fake,
    clientId: account.id,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
