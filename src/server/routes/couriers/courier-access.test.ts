// THE COURIER'S ACCESS WALK (API.md §Added for the fourth wave): a courier reaches its own calls and the shell's
// few (middleware/account-kind.ts) and gets 403 from every other call of src/shared — the cabinet's
// tickets, bills, statements and files included, even of a ticket it has a stop for; another
// courier's stop is a 404 like an unknown one; and a clinic's answers carry nothing of a courier.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { downloadPaths } from '#shared/api/tickets.ts';
import { events } from '#server/db/schema/platform.ts';
import { isCourierCall, NOT_FOR_COURIERS_MESSAGE } from '#server/middleware/account-kind.ts';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { createClinicWorld, type ClinicWorld } from '../../../../tests/setup/cabinet-world.ts';
import { contractEndpoints } from '../../../../tests/setup/contract-endpoints.ts';
import { backOffice } from '../../../../tests/setup/back-office.ts';
import { createCourier, createStop, loginCourier, portalTicket } from '../../../../tests/setup/couriers.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

let t: TestApp;
let clinic: ClinicWorld;
let mine: { id: number; email: string; password: string };
let other: { id: number; email: string; password: string };
let myStop: number;
let otherStop: number;
let otherPhoto: number;

const TODAY = '2026-03-15';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T09:00:00Z' });
  clinic = await createClinicWorld(t, 'clinicB');
  mine = await createCourier(t, { name: 'Пётр', surname: 'Курьеров' });
  other = await createCourier(t, { name: 'Олег', surname: 'Другой' });
  // The courier has a stop for the clinic's very ticket: it still reads nothing of it but the stop.
  myStop = await createStop(t, {
    ticket_id: clinic.ticketId,
    kind: 'pickup',
    courier_id: mine.id,
    date: TODAY,
    address: { address: 'Москва, Арбат, 10' },
    contact: { name: 'Ольга', phone: '+7 495 111-22-33' },
  });
  const client = await backOffice.client(t);
  const ticket = await portalTicket(t, client.id);
  otherPhoto = ticket.photoId;
  otherStop = await createStop(t, { ticket_id: ticket.id, kind: 'pickup', courier_id: other.id, date: TODAY });
});
afterAll(async () => {
  await t?.close();
});

/** A path of the contract with the clinic's ids in it. */
function withIds(path: string): string {
  return path
    .replace(':provider_order_id', encodeURIComponent(clinic.providerOrderId))
    .replace(':id', String(clinic.ticketId));
}

describe("a courier's session", () => {
  it('gets 403 from every call of src/shared that is not a courier’s, and from every download', async () => {
    await loginCourier(t, mine);
    const endpoints = (await contractEndpoints()).filter((endpoint) => !isCourierCall(endpoint.method, endpoint.path));
    expect(endpoints.length).toBeGreaterThan(40);
    const paths = [
      ...endpoints.map((endpoint) => ({ method: endpoint.method, path: withIds(endpoint.path) })),
      ...[
        downloadPaths.ticketPdf(clinic.ticketId),
        downloadPaths.waybill(clinic.providerOrderId),
        downloadPaths.bill(clinic.billId),
        ...Object.values(clinic.fileIds).map((id) => downloadPaths.file(id)),
      ].map((path) => ({ method: 'GET', path })),
    ];
    for (const { method, path } of paths) {
      const response = await t.request(path, {
        method,
        ...(method === 'GET' ? {} : { json: {}, headers: { [IDEMPOTENCY_HEADER]: randomUUID() } }),
      });
      const text = await response.text();
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(JSON.parse(text), `${method} ${path}`).toEqual({ success: false, message: NOT_FOR_COURIERS_MESSAGE });
      for (const marker of clinic.markers) expect(text).not.toContain(marker);
    }
    // Still logged in, and its own calls answer.
    expect((await t.request('/ajax/courier/stops')).status).toBe(200);
    expect((await t.request('/ajax/cabinet/notifications')).status).toBe(200);
  });

  it("finds another courier's stop and photos as unknown, and can act on none of them", async () => {
    await loginCourier(t, mine);
    const day = (await (await t.request('/ajax/courier/stops')).json()) as { stops: Array<{ id: number }> };
    expect(day.stops.map((stop) => stop.id)).toEqual([myStop]);
    expect((await t.request(`/ajax/courier/stops/${otherStop}`)).status).toBe(404);
    expect((await t.request(`/ajax/courier/files/${otherPhoto}`)).status).toBe(404);
    for (const id of Object.values(clinic.fileIds))
      expect((await t.request(`/ajax/courier/files/${id}`)).status).toBe(404);
    const action = await t.request('/ajax/courier/stops/failed', {
      method: 'POST',
      json: { stop_id: otherStop, reason: 'closed' },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(action.status).toBe(404);
    expect(await t.db.select().from(events).where(eq(events.type, 'stop.failed'))).toEqual([]);
  });

  it("shows the courier none of the clinic's prices, statements or bills in its stop", async () => {
    await loginCourier(t, mine);
    const text = await (await t.request(`/ajax/courier/stops/${myStop}`)).text();
    // The instruments' serial numbers are the courier's to check; the statements, bill, history,
    // e-mail and shipping order are not.
    const secret = clinic.markers[0]!;
    expect(text).toContain(`SN-${secret}`);
    for (const marker of [
      `Дефект ${secret}`,
      `ДВ-${secret}`,
      `СЧ-${secret}`,
      `Заявка создана`,
      clinic.email,
      clinic.providerOrderId,
    ])
      expect(text).not.toContain(marker);
    expect(text).not.toMatch(/"sum"|defect|bill|balls/);
  });
});

describe("a clinic's session", () => {
  it('gets nothing of a courier: no courier calls, no courier in its ticket, no courier as a colleague', async () => {
    t.cookies.clear();
    await loginAs(t, clinic.email, clinic.password);
    expect((await t.request('/ajax/courier/stops')).status).toBe(403);
    expect((await t.request(`/ajax/courier/files/${otherPhoto}`)).status).toBe(403);
    const page = await (await t.request(`/ajax/cabinet/tickets/${clinic.ticketId}`)).text();
    expect(JSON.parse(page)).toMatchObject({ ticket: { courier_visits: [{ id: myStop, state: 'planned' }] } });
    for (const secret of [mine.email, 'Курьеров', 'Пётр', '+7 916 000-00-01']) expect(page).not.toContain(secret);
    const grant = await t.request('/ajax/cabinet/link-account', { method: 'POST', json: { email: mine.email } });
    expect(grant.status).toBe(422);
    expect(await grant.json()).toMatchObject({
      errors: { email: ['Пользователь с таким e-mail не найден. Попросите коллегу зарегистрироваться на портале.'] },
    });
  });
});
