import { asc } from 'drizzle-orm';
import type { ServiceCentre } from '#shared/screens/places.ts';
import type { Db } from '#server/db/client.ts';
import { offices } from '#server/db/schema/places.ts';
import { officeOut } from '../tickets/detail.ts';

/** Every service centre, by id; which of them a clinic may choose is src/shared/screens/geo/service-centres.ts's rule. */
export async function listOffices(db: Db): Promise<ServiceCentre[]> {
  return (await db.select().from(offices).orderBy(asc(offices.id))).map(officeOut);
}
