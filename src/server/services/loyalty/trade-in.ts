import { and, asc, eq } from 'drizzle-orm';
import type { TradeInDetail, TradeInListItem } from '#shared/screens/decisions.ts';
import { downloadPaths } from '#shared/api/tickets.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { tradeInInstruments } from '#server/db/schema/loyalty.ts';
import { notFound } from '#server/services/access/access.ts';

// The trade-in catalogue (cabinet.md §2 Trade-in popup): new instruments offered against an old
// one. Public catalogue data: only inactive entries are hidden (404, like anything missing).

type Instrument = typeof tradeInInstruments.$inferSelect;

const imageUrl = (fileId: number | null) => (fileId === null ? null : downloadPaths.file(fileId));

export async function listActiveInstruments(db: Db | Tx): Promise<TradeInListItem[]> {
  const rows = await db
    .select()
    .from(tradeInInstruments)
    .where(eq(tradeInInstruments.isActive, true))
    .orderBy(asc(tradeInInstruments.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    list_img: imageUrl(row.listImageFileId),
    price_discount: row.priceDiscount,
  }));
}

/** An active instrument, or null. */
export async function findActiveInstrument(db: Db | Tx, id: number): Promise<Instrument | null> {
  const [row] = await db
    .select()
    .from(tradeInInstruments)
    .where(and(eq(tradeInInstruments.id, id), eq(tradeInInstruments.isActive, true)))
    .limit(1);
  return row ?? null;
}

export async function instrumentDetail(db: Db | Tx, id: number): Promise<TradeInDetail> {
  const row = await findActiveInstrument(db, id);
  if (!row) throw notFound();
  return {
    id: row.id,
    title: row.title,
    page_img: imageUrl(row.pageImageFileId),
    properties: row.properties,
    link: row.link,
    price_discount: row.priceDiscount,
  };
}
