import { viewerWith } from '#server/services/access/levels.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '#server/db/seed-catalogue.ts';
import { gifts, tradeInInstruments } from '#server/db/schema/loyalty.ts';
import { canSeeFile } from '#server/services/access/access.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { grantPoints, insertStatement, loggedInClinic } from '../../../../tests/setup/decisions-world.ts';
import { getDefectLoyalty, getTradeInInstrument, listTradeInInstruments } from '#shared/screens/decisions.ts';
import { answerOf } from '../../../../tests/setup/json.ts';

// What the points and trade-in popups load: loyalty of a quote, the trade-in catalogue.

let t: TestApp;
let me: Awaited<ReturnType<typeof loggedInClinic>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.transaction((tx) => seedCatalogue(tx));
  me = await loggedInClinic(t);
  await grantPoints(t, me.id, 1000);
});
afterAll(() => t.close());

describe('GET /ajax/cabinet/defects/:id/loyalty', () => {
  it('answers the balance, the 30 % limit and every gift with availability and points missing', async () => {
    const s = await insertStatement(t, me.ticketId, { sum: '1234.56' });
    const response = await t.request(`/ajax/cabinet/defects/${s.id}/loyalty`);
    expect(response.status).toBe(200);
    const body = await answerOf(getDefectLoyalty, response);
    expect(body.ballsAvailable).toBe(1000);
    expect(body.ballsForDiscount).toBe(370);
    const all = await t.db.select().from(gifts);
    expect(body.giftsAvailable).toHaveLength(all.length);
    for (const gift of body.giftsAvailable) {
      const row = all.find((g) => g.id === gift.id)!;
      expect(gift.is_available).toBe(row.isAvailable && row.cost <= 1000);
      expect(gift.need_balls).toBe(Math.max(0, row.cost - 1000));
      expect(gift.image).toBe(`/ajax/cabinet/files/${row.imageFileId}`);
    }
    // The seed has one gift out of the offer, cheap enough to afford: unavailable all the same.
    const outOfOffer = all.find((g) => !g.isAvailable)!;
    expect(body.giftsAvailable.find((g) => g.id === outOfOffer.id)?.is_available).toBe(false);
  });

  it('limits by the balance when it is below 30 %, and is 0 for a free repair', async () => {
    const dear = await insertStatement(t, me.ticketId, { sum: '99999.00' });
    expect(
      (await answerOf(getDefectLoyalty, await t.request(`/ajax/cabinet/defects/${dear.id}/loyalty`))).ballsForDiscount,
    ).toBe(1000);
    const free = await insertStatement(t, me.ticketId, { sum: '0.00' });
    expect(
      (await answerOf(getDefectLoyalty, await t.request(`/ajax/cabinet/defects/${free.id}/loyalty`))).ballsForDiscount,
    ).toBe(0);
  });

  it('404 for an unknown or malformed id', async () => {
    expect((await t.request('/ajax/cabinet/defects/999999/loyalty')).status).toBe(404);
    expect((await t.request('/ajax/cabinet/defects/abc/loyalty')).status).toBe(404);
  });
});

describe('trade-in catalogue', () => {
  it('lists active instruments only, with picture, title and price', async () => {
    const response = await t.request('/ajax/cabinet/trade-in');
    expect(response.status).toBe(200);
    const body = await answerOf(listTradeInInstruments, response);
    const active = (await t.db.select().from(tradeInInstruments)).filter((i) => i.isActive);
    expect(body.data.map((i) => i.id)).toEqual(active.map((i) => i.id).sort((a, b) => a - b));
    expect(body.data[0]).toMatchObject({
      title: expect.any(String),
      price_discount: expect.stringMatching(/^\d+\.\d{2}$/),
      list_img: expect.stringMatching(/^\/ajax\/cabinet\/files\/\d+$/),
    });
  });

  it('shows an active instrument in detail; an inactive or unknown one is 404', async () => {
    const all = await t.db.select().from(tradeInInstruments);
    const active = all.find((i) => i.isActive)!;
    const inactive = all.find((i) => !i.isActive)!;
    const response = await t.request(`/ajax/cabinet/trade-in/${active.id}`);
    expect(response.status).toBe(200);
    const { instrument } = await answerOf(getTradeInInstrument, response);
    expect(instrument).toMatchObject({
      id: active.id,
      title: active.title,
      properties: active.properties,
      link: active.link,
      price_discount: active.priceDiscount,
    });
    expect(instrument.page_img).toBe(`/ajax/cabinet/files/${active.pageImageFileId}`);
    expect((await t.request(`/ajax/cabinet/trade-in/${inactive.id}`)).status).toBe(404);
    expect((await t.request('/ajax/cabinet/trade-in/4242')).status).toBe(404);
  });

  it('catalogue pictures are visible to any account; they are valid PNGs', async () => {
    const [gift] = await t.db.select().from(gifts);
    const [instrument] = await t.db.select().from(tradeInInstruments);
    for (const fileId of [gift!.imageFileId!, instrument!.listImageFileId!, instrument!.pageImageFileId!]) {
      expect(await canSeeFile(t.db, viewerWith(me.id, [], 'files'), fileId)).toBe(true);
    }
    expect(await canSeeFile(t.db, viewerWith(me.id, [], 'files'), 987_654)).toBe(false);
  });

  it('needs a session', async () => {
    t.cookies.clear();
    expect((await t.request('/ajax/cabinet/trade-in')).status).toBe(401);
    expect((await t.request('/ajax/cabinet/defects/1/loyalty')).status).toBe(401);
  });
});
