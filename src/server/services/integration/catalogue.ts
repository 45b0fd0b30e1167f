import { sql } from 'drizzle-orm';
import type { PutGiftInput, PutOfficeInput, PutTradeInInstrumentInput } from '#shared/api/integration.ts';
import type { AppDeps } from '#server/context.ts';
import { gifts, tradeInInstruments } from '#server/db/schema/loyalty.ts';
import { offices } from '#server/db/schema/places.ts';
import { requireFiles } from '#server/services/integration/refs.ts';

// Reference data the back office owns and the portal only reads: offices, gifts, trade-in
// instruments. PUT creates or replaces the whole row under the back office's own id, in one
// statement (insert … on conflict do update), so two PUTs of one id can't race into a 500.
// `xmax = 0` is PostgreSQL's tell that the row was inserted rather than updated.

const wasInserted = sql<boolean>`(xmax = 0)`;

export async function putOffice(
  deps: AppDeps,
  id: number,
  input: PutOfficeInput,
): Promise<{ id: number; created: boolean }> {
  const values = {
    name: input.name,
    countryName: input.country_name,
    city: input.city,
    address: input.address,
    managerPhone: input.manager_phone,
    email: input.email,
    region: input.region,
    latitude: input.latitude,
    longitude: input.longitude,
    isShowInCrimea: input.is_show_in_crimea,
  };
  const [row] = await deps.database.db
    .insert(offices)
    .values({ id, ...values })
    .onConflictDoUpdate({ target: offices.id, set: values })
    .returning({ id: offices.id, created: wasInserted });
  return { id, created: Boolean(row?.created) };
}

export async function putGift(
  deps: AppDeps,
  id: number,
  input: PutGiftInput,
): Promise<{ id: number; created: boolean }> {
  return deps.database.db.transaction(async (tx) => {
    await requireFiles(tx, input.image_file_id, 'image_file_id');
    const values = {
      name: input.name,
      cost: input.cost,
      imageFileId: input.image_file_id ?? null,
      isAvailable: input.is_available,
    };
    const [row] = await tx
      .insert(gifts)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: gifts.id, set: values })
      .returning({ created: wasInserted });
    return { id, created: Boolean(row?.created) };
  });
}

export async function putTradeInInstrument(
  deps: AppDeps,
  id: number,
  input: PutTradeInInstrumentInput,
): Promise<{ id: number; created: boolean }> {
  return deps.database.db.transaction(async (tx) => {
    await requireFiles(tx, input.list_image_file_id, 'list_image_file_id');
    await requireFiles(tx, input.page_image_file_id, 'page_image_file_id');
    const values = {
      title: input.title,
      listImageFileId: input.list_image_file_id ?? null,
      pageImageFileId: input.page_image_file_id ?? null,
      properties: input.properties,
      link: input.link,
      priceDiscount: input.price_discount,
      isActive: input.is_active,
    };
    const [row] = await tx
      .insert(tradeInInstruments)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: tradeInInstruments.id, set: values })
      .returning({ created: wasInserted });
    return { id, created: Boolean(row?.created) };
  });
}
