import { asc } from 'drizzle-orm';
import type { Office } from '#shared/api/tickets.ts';
import type { ServiceCentre } from '#shared/screens/places.ts';
import type { Db } from '#server/db/client.ts';
import { offices } from '#server/db/schema/places.ts';

/** Every service centre, by id; which of them a clinic may choose is src/shared/screens/geo/service-centres.ts's rule. */
export async function listOffices(db: Db): Promise<ServiceCentre[]> {
  return (await db.select().from(offices).orderBy(asc(offices.id))).map(officeOut);
}

/** An office row as the API shows it: a service centre here, a ticket's `office` on the ticket page. */
export function officeOut(row: typeof offices.$inferSelect): Office {
  return {
    id: row.id,
    name: row.name,
    country_name: row.countryName,
    city: row.city,
    address: row.address,
    manager_phone: row.managerPhone,
    email: row.email,
    region: row.region,
    latitude: row.latitude,
    longitude: row.longitude,
    is_show_in_crimea: row.isShowInCrimea,
  };
}
