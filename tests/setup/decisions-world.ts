// A world for the decision tests, built with direct inserts (fast, and independent of the
// integration API): a logged-in clinic with a ticket and quotes, points, gifts, trade-in offers;
// plus readers for what a decision writes.
import { IDEMPOTENCY_HEADER } from '../../src/shared/api/headers.ts';
import { and, eq, sql } from 'drizzle-orm';
import { decisions, defectStatements, historyEntries } from '../../src/server/db/schema/tickets.ts';
import { events, idempotencyKeys } from '../../src/server/db/schema/platform.ts';
import { gifts, pointsEntries, tradeInInstruments } from '../../src/server/db/schema/loyalty.ts';
import { insertAccount, loginAs } from './accounts.ts';
import {
  insertStatement as insertCabinetStatement,
  insertTicket as insertCabinetTicket,
  type StatementOptions as CabinetStatementOptions,
} from './cabinet-world.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let keyCounter = 0;

/** A fresh, well-formed Idempotency-Key. */
export function newKey(): string {
  keyCounter += 1;
  return `test-key-${Date.now().toString(36)}-${keyCounter}`;
}

/** A ticket waiting for the clinic's decision (status 5), no office. */
export function insertTicket(t: TestApp, clientId: number): Promise<number> {
  return insertCabinetTicket(t, clientId, { status: 5 });
}

export type StatementOptions = Pick<CabinetStatementOptions, 'sum' | 'tradeIsEnabled' | 'agreed' | 'version'>;

/** A quote not decided yet (10 000 ₽ unless told), with the version a decision must name. */
export async function insertStatement(t: TestApp, ticketId: number, options: StatementOptions = {}) {
  const id = await insertCabinetStatement(t, ticketId, {
    ...options,
    series: 'SN-1',
    defect: 'Шумит ротор',
    conclusion: null,
    sum: options.sum ?? '10000.00',
  });
  return { id, version: options.version ?? 1 };
}

export async function grantPoints(t: TestApp, clientId: number, delta: number): Promise<void> {
  await t.db.insert(pointsEntries).values({ clientId, delta, reason: 'Начисление в тесте' });
}

export async function insertGift(
  t: TestApp,
  gift: { id: number; cost: number; isAvailable?: boolean; name?: string; imageFileId?: number | null },
) {
  await t.db.insert(gifts).values({ name: `Подарок ${gift.id}`, isAvailable: true, ...gift });
}

export async function insertTradeIn(t: TestApp, item: { id: number; isActive?: boolean; title?: string }) {
  await t.db.insert(tradeInInstruments).values({
    title: `Новый инструмент ${item.id}`,
    link: 'https://example.com/instrument',
    priceDiscount: '30000.00',
    properties: ['Гарантия 24 месяца'],
    isActive: true,
    ...item,
  });
}

/** A logged-in clinic with one ticket. The test app's cookie jar is this clinic's browser. */
export async function loggedInClinic(t: TestApp) {
  const account = await insertAccount(t);
  const login = await loginAs(t, account.email, account.password);
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const ticketId = await insertTicket(t, account.id);
  return { ...account, ticketId };
}

export type Clinic = Awaited<ReturnType<typeof loggedInClinic>>;

/** A fresh app whose browser is a logged-in clinic with one ticket: the decision tests' start. */
export async function appWithClinic(): Promise<{ t: TestApp; me: Clinic }> {
  const t = await createTestApp();
  return { t, me: await loggedInClinic(t) };
}

/** appWithClinic with points on the clinic's balance and the gifts and trade-in instruments on offer. */
export async function appWithClinicAndShop(shop: {
  points: number;
  gifts: Array<Parameters<typeof insertGift>[1]>;
  tradeIns: Array<Parameters<typeof insertTradeIn>[1]>;
}): Promise<{ t: TestApp; me: Clinic }> {
  const world = await appWithClinic();
  await grantPoints(world.t, world.me.id, shop.points);
  for (const gift of shop.gifts) await insertGift(world.t, gift);
  for (const item of shop.tradeIns) await insertTradeIn(world.t, item);
  return world;
}

/** A decision's `defects`: each quote's id with the version the clinic saw, from [id, version] pairs. */
export const seenQuotes = (...quotes: Array<[id: number, version: number]>) =>
  quotes.map(([id, version]) => ({ id, version }));

/** A POST of a decision call with its Idempotency-Key (none when `key` is null). */
export function decide(t: TestApp, path: string, json: unknown, key: string | null = newKey()): Promise<Response> {
  const headers: Record<string, string> = key === null ? {} : { [IDEMPOTENCY_HEADER]: key };
  return t.request(path, { method: 'POST', json, headers });
}

export const paths = {
  approve: '/ajax/cabinet/defects/approve',
  reject: '/ajax/cabinet/defects/reject',
  discuss: '/ajax/cabinet/defects/discuss',
  tradeIn: '/ajax/cabinet/defects/trade-in',
} as const;

export async function statementRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(defectStatements).where(eq(defectStatements.id, id));
  return row!;
}

/** The statement's own events (defect.*); the points a decision spends have their `points.changed` too. */
export async function eventsFor(t: TestApp, defectId: number) {
  return t.db
    .select()
    .from(events)
    .where(and(sql`${events.payload} ->> 'defect_id' = ${String(defectId)}`, sql`${events.type} like 'defect.%'`))
    .orderBy(events.id);
}

export async function decisionsFor(t: TestApp, defectId: number) {
  return t.db.select().from(decisions).where(eq(decisions.defectStatementId, defectId));
}

export async function historyFor(t: TestApp, defectId: number) {
  return t.db
    .select()
    .from(historyEntries)
    .where(and(eq(historyEntries.subjectType, 'DefectiveList'), eq(historyEntries.subjectId, defectId)));
}

export async function ledger(t: TestApp, clientId: number) {
  return t.db.select().from(pointsEntries).where(eq(pointsEntries.clientId, clientId)).orderBy(pointsEntries.id);
}

export async function storedKeys(t: TestApp, clientId: number) {
  return t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.clientId, clientId));
}
