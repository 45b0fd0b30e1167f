import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import type { RepairRequestInput } from '#shared/screens/repair-requests.ts';
import { downloadPaths, type Ticket } from '#shared/api/tickets.ts';
import { encodePng } from '#server/lib/png.ts';
import { backOffice } from '../../../../tests/setup/back-office.ts';
import type { GeoFake } from '../../../../tests/setup/geo-fakes.ts';
import { geoClinicWorld, type GeoClinicWorld } from '../../../../tests/setup/geo-world.ts';
import { pdfText } from '../../../../tests/setup/pdf-text.ts';
import { CLINIC_ADDRESS, fullRepairRequest } from '../../../../tests/setup/repair-request.ts';
import type { TestApp } from '../../../../tests/setup/test-app.ts';

// The ticket shows what the clinic asked for (cabinet.md §2 Ticket page, portal.md §2.1–2.2): the
// pickup address with its point, the date, the contact, the clinic, each instrument with its
// warranty mark, and the photos — on the page's answer and in the PDF. The back office's tickets
// have no request: null, not an empty one.

let fake: GeoFake;
let t: TestApp;
let clientId: number;
const PNG = encodePng(2, 2, new Uint8Array(12).fill(200), 3);

let world: GeoClinicWorld;
beforeAll(async () => {
  world = await geoClinicWorld('2026-03-04T09:00:00Z', [1]);
  ({ t, fake, clientId } = world);
});
afterAll(() => world.close());

async function uploadPhoto(): Promise<number> {
  const form = new FormData();
  form.set('file', new Blob([PNG as Uint8Array<ArrayBuffer>]), 'ротор.png');
  const response = await t.request('/ajax/repair-requests/photos', { method: 'POST', body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { file_id: number }).file_id;
}

async function sendRequest(overrides: Partial<RepairRequestInput>): Promise<number> {
  // Typed short: the provider's check gives back the full address the ticket shows.
  const json = fullRepairRequest({
    address: { ...fullRepairRequest().address, address: 'Москва, Тверская 7' },
    ...overrides,
  });
  const response = await t.request('/ajax/repair-requests', {
    method: 'POST',
    json,
    headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { ticket_id: number }).ticket_id;
}

async function ticketOf(id: number): Promise<Ticket> {
  const response = await t.request(`/ajax/cabinet/tickets/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { ticket: Ticket }).ticket;
}

describe('the request on the ticket', () => {
  it('carries the address with its point, date, contact, clinic, warranty marks and photos', async () => {
    const photoId = await uploadPhoto();
    const id = await sendRequest({ file_ids: [photoId] });
    const ticket = await ticketOf(id);
    expect(ticket.request).toEqual({
      ...CLINIC_ADDRESS,
      pickup_date: '2026-03-05',
      coordinates: '55.757718,37.611347',
      checked: true,
      contact: { name: 'Анна', surname: 'Смирнова', phone: '79161234567', email: expect.stringContaining('@') },
      photos: [{ id: photoId, name: 'ротор.png', url: downloadPaths.file(photoId) }],
    });
    expect(ticket.instruments.map((item) => [item.serial_number, item.guarantee])).toEqual([
      ['SN-100', true],
      ['SN-200', false],
    ]);
    expect((await t.request(downloadPaths.file(photoId))).status).toBe(200);
  });

  it('an address the provider could not check has no point, so no map link can mislead', async () => {
    fake.failWith = 503;
    try {
      const typed = {
        company: 'Клиника',
        address: 'Санкт-Петербург, Невский 28',
        country: 'Россия',
        zip: '191186',
        room: '',
        message: '',
        pickup_date: '2026-03-05',
        office_id: 1,
      };
      const id = await sendRequest({ address: typed });
      const ticket = await ticketOf(id);
      expect(ticket.request).toMatchObject({ address: typed.address, checked: false, coordinates: null });
    } finally {
      fake.failWith = null;
    }
  });

  it("the back office's ticket has no request", async () => {
    const { id } = await backOffice.ticket(t, clientId);
    expect((await ticketOf(id)).request).toBeNull();
  });

  it('the PDF carries the same block', async () => {
    const id = await sendRequest({});
    const response = await t.request(downloadPaths.ticketPdf(id));
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    for (const line of [
      'Заявка клиники',
      'Россия, Москва, Тверская улица, 7',
      'офис 12',
      'Звонить заранее',
      '05.03.2026, четверг',
      'Анна Смирнова',
      '+7 (916) 123-45-67',
      'Клиника «Улыбка»',
      'На гарантии',
    ]) {
      expect(text).toContain(line);
    }
  });
});
