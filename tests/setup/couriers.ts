// Couriers and stops as tests build them: the back office's calls (asserting success), a ticket made
// "from a portal request" by writing the request row the wizard writes (no geo service needed), and
// a courier logged in like any account.
import { expect } from 'vitest';
import { repairRequests } from '../../src/server/db/schema/repair-requests.ts';
import { loginAs, uniqueEmail } from './accounts.ts';
import { backOffice, instrument, integrationCall } from './back-office.ts';
import { CLINIC_ADDRESS } from './repair-request.ts';
import type { TestApp } from './test-app.ts';

export const COURIER_PASSWORD = 'courier-pass-2026';

export async function createCourier(t: TestApp, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('courier');
  const body = { email, name: 'Пётр', surname: 'Курьеров', phone: '+7 916 000-00-01', password: COURIER_PASSWORD };
  const { id } = await integrationCall<{ id: number }>(t, '/couriers', 'POST', { ...body, ...overrides }, 201);
  return { id, email, password: COURIER_PASSWORD };
}

export async function loginCourier(t: TestApp, courier: { email: string; password: string }): Promise<void> {
  t.cookies.clear();
  const response = await loginAs(t, courier.email, courier.password);
  expect(response.status).toBe(200);
}

/** What the wizard stores beside a portal ticket (services/repair-requests/repair-requests.ts): the clinic's address, checked on the map. */
export const PORTAL_ADDRESS = { ...CLINIC_ADDRESS, coordinates: '55.7649,37.6057', checked: true };

/** A ticket with two instruments, made as if from the clinic's portal request (address, contact, a photo). */
export async function portalTicket(t: TestApp, clientId: number) {
  const ticket = await backOffice.ticket(t, clientId, {
    instruments: [instrument({ serial_number: 'SN-100' }), instrument({ serial_number: 'SN-200', type: 2 })],
  });
  const photo = await backOffice.file(t);
  await t.db.insert(repairRequests).values({
    ticketId: ticket.id,
    contact: { name: 'Анна', surname: 'Смирнова', phone: '+7 (916) 123-45-67', email: 'anna@clinic.test' },
    address: PORTAL_ADDRESS,
    pickupDate: '2026-03-05',
    fileIds: [photo.id],
  });
  return { id: ticket.id, instrumentIds: ticket.instruments.map((row) => row.id), photoId: photo.id };
}

export async function createStop(t: TestApp, json: Record<string, unknown>): Promise<number> {
  return (await integrationCall<{ id: number }>(t, '/stops', 'POST', json, 201)).id;
}
