import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import type { RepairRequestInput } from '#shared/screens/repair-requests.ts';
import { ADDRESS_CHECK_MESSAGES } from '#shared/screens/geo/address-check.ts';
import { addresses, geoCache } from '#server/db/schema/places.ts';
import { events } from '#server/db/schema/platform.ts';
import { repairRequests } from '#server/db/schema/repair-requests.ts';
import { tickets } from '#server/db/schema/tickets.ts';
import type { GeoFake } from '../../../../tests/setup/geo-fakes.ts';
import { geoClinicWorld, type GeoClinicWorld } from '../../../../tests/setup/geo-world.ts';
import type { TestApp } from '../../../../tests/setup/test-app.ts';

// The server checks every repair request's pickup address with the geo provider (cabinet.md §8,
// portal.md §5), whatever the page did: an address no courier can find is a 422 on the field and
// nothing is written; a found house's point and formatted text go with the request; a provider that
// is down or slow never loses the request: it is accepted and marked `checked: false`.

let fake: GeoFake;
let t: TestApp;
let clientId: number;
const NOW = '2026-03-04T09:00:00Z';

let world: GeoClinicWorld;
beforeAll(async () => {
  world = await geoClinicWorld(NOW, [1]);
  ({ t, fake, clientId } = world);
});
afterAll(() => world.close());
beforeEach(async () => {
  fake.failWith = null;
  fake.delayMs = 0;
  await t.db.delete(geoCache);
});

function request(address: string, coordinates: string | null = null): RepairRequestInput {
  return {
    contact: { name: 'Анна', surname: 'Смирнова', phone: '+7 (916) 123-45-67' },
    address: {
      company: 'Клиника «Улыбка»',
      address,
      country: 'Россия',
      zip: '125009',
      room: 'офис 12',
      message: '',
      pickup_date: '2026-03-05',
      office_id: 1,
      coordinates,
    },
    instruments: [{ serial_number: 'SN-100', type: 1, description: 'Не вращается головка', guarantee: false }],
    approval_policy: true,
    approval_loyalty: true,
  };
}

const send = (json: unknown) =>
  t.request('/ajax/repair-requests', { method: 'POST', json, headers: { [IDEMPOTENCY_HEADER]: randomUUID() } });
const ticketCount = async () =>
  (await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.clientId, clientId))).length;

async function stored(ticketId: number) {
  const [row] = await t.db.select().from(repairRequests).where(eq(repairRequests.ticketId, ticketId));
  const [event] = await t.db.select().from(events).where(eq(events.ticketId, ticketId));
  return {
    address: row!.address as Record<string, unknown>,
    eventAddress: (event!.payload as { address: Record<string, unknown> }).address,
  };
}

describe('the pickup address of a repair request, checked by the server', () => {
  it("a found house: the provider's text and point are stored and sent, whatever the page sent", async () => {
    const response = await send(request('москва тверская 7', '10.5,20.5'));
    expect(response.status).toBe(200);
    const { ticket_id: ticketId } = (await response.json()) as { ticket_id: number };
    const { address, eventAddress } = await stored(ticketId);
    const expected = {
      address: 'Россия, Москва, Тверская улица, 7',
      coordinates: '55.757718,37.611347',
      checked: true,
    };
    expect(address).toMatchObject(expected);
    expect(eventAddress).toMatchObject(expected);
  });

  const refused = [
    {
      what: 'a street without a house',
      address: 'Москва, Тверская улица',
      message: ADDRESS_CHECK_MESSAGES.approximate,
    },
    {
      what: 'an address the provider cannot find',
      address: 'Нигдеград, улица Несуществующая, 99',
      message: ADDRESS_CHECK_MESSAGES.notFound,
    },
    {
      what: 'an address outside the served countries',
      address: 'Минск, проспект Независимости, 4',
      message: ADDRESS_CHECK_MESSAGES.region,
    },
    { what: 'a city alone', address: 'Казахстан, Алматы', message: ADDRESS_CHECK_MESSAGES.incomplete },
  ];
  for (const { what, address, message } of refused) {
    it(`${what}: 422 on the address field, nothing written`, async () => {
      const before = await ticketCount();
      const response = await send(request(address));
      expect(response.status).toBe(422);
      const body = (await response.json()) as { errors: Record<string, string[]> };
      expect(body.errors['address.address']).toEqual([message]);
      expect(await ticketCount()).toBe(before);
    });
  }

  it('a provider that is down: the request is accepted as typed and marked unchecked', async () => {
    fake.failWith = 503;
    const response = await send(request('Москва, Тверская улица, 7', '55.75,37.61'));
    expect(response.status).toBe(200);
    const { address, eventAddress } = await stored(((await response.json()) as { ticket_id: number }).ticket_id);
    const expected = { address: 'Москва, Тверская улица, 7', coordinates: '55.75,37.61', checked: false };
    expect(address).toMatchObject(expected);
    expect(eventAddress).toMatchObject(expected);
  });

  it('a provider slower than 3 s: accepted unchecked, not held up', async () => {
    fake.delayMs = 3_500;
    const response = await send(request('Санкт-Петербург, Невский проспект, 28'));
    expect(response.status).toBe(200);
    const { eventAddress } = await stored(((await response.json()) as { ticket_id: number }).ticket_id);
    expect(eventAddress).toMatchObject({ address: 'Санкт-Петербург, Невский проспект, 28', checked: false });
  });
});

describe('saved addresses while the provider is down', () => {
  const saveAddress = (address: string) =>
    t.request('/ajax/cabinet/addresses/save', {
      method: 'POST',
      json: { id: null, name: 'Склад', address, apartment: 'офис 1', coordinates: null },
    });
  const row = async (id: number) => (await t.db.select().from(addresses).where(eq(addresses.id, id)))[0]!;

  it('are saved as typed and marked unchecked, then checked when next used in a request', async () => {
    fake.failWith = 503;
    const saved = await saveAddress('москва тверская 7');
    expect(saved.status).toBe(200);
    const { address_id: id, address } = (await saved.json()) as {
      address_id: number;
      address: { checked: boolean; address: string };
    };
    expect(address).toMatchObject({ checked: false, address: 'москва тверская 7' });
    expect(await row(id)).toMatchObject({ checked: false, latitude: null });

    fake.failWith = null;
    expect((await send(request('москва тверская 7'))).status).toBe(200);
    expect(await row(id)).toMatchObject({
      checked: true,
      address: 'Россия, Москва, Тверская улица, 7',
      latitude: 55.757718,
    });
  });

  it('an address the provider answers about and the rules refuse is still refused', async () => {
    const response = await saveAddress('Москва, Тверская улица');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors.address).toEqual([
      ADDRESS_CHECK_MESSAGES.approximate,
    ]);
  });
});
