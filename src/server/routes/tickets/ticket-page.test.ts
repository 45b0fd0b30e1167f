import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import {
  createClinicWorld,
  insertHistory,
  insertStatement,
  insertTicket,
  type ClinicWorld,
} from '../../../../tests/setup/cabinet-world.ts';
import { pdfText } from '../../../../tests/setup/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { downloadPaths, type HistoryItem, type Ticket } from '#shared/api/tickets.ts';

let t: TestApp;
let world: ClinicWorld;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' });
  world = await createClinicWorld(t, 'clinic');
  expect((await loginAs(t, world.email)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function ticket(id: number): Promise<Ticket> {
  const response = await t.request(`/ajax/cabinet/tickets/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { ticket: Ticket }).ticket;
}

describe('GET /ajax/cabinet/tickets/:id', () => {
  it('answers the ticket with office, statements, photos, documents, instruments and waybill', async () => {
    const body = await ticket(world.ticketId);
    expect(body).toMatchObject({
      id: world.ticketId,
      status: 'Требует согласования',
      status_code: 5,
      hasDefects: true,
      finished: false,
      cost: '1235.00',
      pdf_url: downloadPaths.ticketPdf(world.ticketId),
      shippingOrder: {
        provider_order_id: world.providerOrderId,
        tracking_link: `https://tracking.test/${world.providerOrderId}`,
        waybill_url: downloadPaths.waybill(world.providerOrderId),
      },
      office: { id: 4, city: 'Казань', manager_phone: '+7 (843) 250-77-10' },
    });
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [first, second] = body.defective_lists;
    expect(first).toMatchObject({
      id: world.statementIds[0],
      sum: '1234.56',
      agreed: 0,
      download_link: downloadPaths.file(world.fileIds.document),
      photos: [
        {
          id: world.fileIds.photo,
          relativeUrl: downloadPaths.file(world.fileIds.photo),
          original_name: expect.stringMatching(/^Фото /),
        },
      ],
      version: 1,
    });
    expect(second).toMatchObject({ download_link: null, photos: [], sum: '0.44' });
    expect(body.instruments).toEqual([
      {
        id: world.instrumentId,
        serial_number: expect.any(String),
        status: 1,
        type: 1,
        description: 'Шумит',
        name: null,
        guarantee: false,
      },
    ]);
  });

  it('adds money in kopecks, never floats', async () => {
    const id = await insertTicket(t, world.clientId);
    for (const sum of ['0.10', '0.20', '9999999.99', '0.01']) await insertStatement(t, id, { sum });
    const body = await ticket(id);
    expect(body.cost).toBe('10000000.30');
    const empty = await ticket(await insertTicket(t, world.clientId));
    expect(empty).toMatchObject({
      cost: '0.00',
      hasDefects: false,
      shippingOrder: null,
      office: null,
      defective_lists: [],
    });
  });

  it('gives a shipping order without a waybill a null waybill_url', async () => {
    const id = await insertTicket(t, world.clientId, { providerOrderId: 'NO-WAYBILL' });
    expect((await ticket(id)).shippingOrder).toEqual({
      tracking_link: null,
      provider_order_id: 'NO-WAYBILL',
      waybill_url: null,
    });
    expect((await t.request(downloadPaths.waybill('NO-WAYBILL'))).status).toBe(404);
  });

  it('is 404 for an unknown id and for a malformed or out-of-range one, everywhere; 401 logged out', async () => {
    const unknown = await t.request('/ajax/cabinet/tickets/999999');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, message: 'Не найдено' });
    for (const bad of ['abc', '0', '-1', '1.5', '007', '2147483648', '99999999999']) {
      for (const path of [
        `/ajax/cabinet/tickets/${bad}`,
        `/ajax/cabinet/history/tickets/${bad}`,
        `/ajax/cabinet/tickets/${bad}/get-pdf`,
        `/ajax/cabinet/files/${bad}`,
        `/ajax/cabinet/bills/${bad}/download`,
        `/ajax/cabinet/defects/${bad}/loyalty`,
        `/ajax/cabinet/trade-in/${bad}`,
      ]) {
        const response = await t.request(path);
        expect(response.status, path).toBe(404);
        expect(await response.json(), path).toEqual({ success: false, message: 'Не найдено' });
      }
      expect((await t.integration(`/tickets/${bad}`, { method: 'PATCH', json: { status: 2 } })).status, bad).toBe(404);
    }
    expect((await t.request(`/ajax/cabinet/tickets/${world.ticketId}`, { cookies: false })).status).toBe(401);
    expect((await t.request(downloadPaths.file(world.fileIds.photo), { cookies: false })).status).toBe(401);
  });
});

describe('GET /ajax/cabinet/history/tickets/:id', () => {
  it("lists the ticket's history oldest first", async () => {
    const id = await insertTicket(t, world.clientId);
    await insertHistory(t, world.clientId, id, 'Вторая запись', new Date('2026-03-02T10:00:00Z'));
    await insertHistory(t, world.clientId, id, 'Первая запись', new Date('2026-03-01T10:00:00Z'));
    await insertHistory(t, world.clientId, world.ticketId, 'Запись другой заявки', new Date('2026-03-01T09:00:00Z'));
    const response = await t.request(`/ajax/cabinet/history/tickets/${id}`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: HistoryItem[] };
    expect(data).toEqual([
      {
        created_at: '2026-03-01 13:00:00',
        description: 'Первая запись',
        subject: { type: 'Ticket', id },
        ticket_id: id,
      },
      {
        created_at: '2026-03-02 13:00:00',
        description: 'Вторая запись',
        subject: { type: 'Ticket', id },
        ticket_id: id,
      },
    ]);
  });
});

describe('downloads', () => {
  it('serves a stored file with its type, an RFC 5987 name, nosniff and private caching', async () => {
    const response = await t.request(downloadPaths.file(world.fileIds.document));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toMatch(/^private/);
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[ -~]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^Ведомость clinic-secret-\d+\.pdf$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.headers.get('content-length')).toBe(String(bytes.length));

    const etag = response.headers.get('etag')!;
    const again = await t.request(downloadPaths.file(world.fileIds.document), { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves photos, the waybill and the bill document', async () => {
    const photo = await t.request(downloadPaths.file(world.fileIds.photo));
    expect(photo.headers.get('content-type')).toBe('image/png');
    const waybill = await t.request(downloadPaths.waybill(world.providerOrderId));
    expect(waybill.status).toBe(200);
    expect(Buffer.from(await waybill.arrayBuffer()).toString()).toContain('waybill clinic-secret');
    const bill = await t.request(downloadPaths.bill(world.billId));
    expect(bill.status).toBe(200);
    expect(decodeURIComponent(bill.headers.get('content-disposition')!.split("UTF-8''")[1]!)).toMatch(/^Счёт /);
  });

  it('is 404 for a file that exists but belongs to nothing', async () => {
    const loose = await t.request(downloadPaths.file(999_999));
    expect(loose.status).toBe(404);
    const bill = await t.request(downloadPaths.bill(999_999));
    expect(bill.status).toBe(404);
  });

  it('renders the ticket PDF on the server, with the number and Cyrillic text', async () => {
    const response = await t.request(downloadPaths.ticketPdf(world.ticketId));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; /);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-8).toString()).toContain('%%EOF');
    // The title in the metadata, as PDF writes non-ASCII: UTF-16BE.
    const title = Buffer.from(`Заявка на ремонт №${world.ticketId}`, 'utf16le').swap16();
    expect(pdf.includes(title)).toBe(true);

    const text = await pdfText(pdf);
    expect(text).toContain(`Заявка на ремонт №${world.ticketId}`);
    expect(text).toContain('Требует согласования');
    expect(text).toContain('Дефект: Дефект clinic-secret');
    expect(text).toMatch(/Итого стоимость работ: 1\s235,00\s₽/);
  });

  it('renders a ticket without office or statements too', async () => {
    const id = await insertTicket(t, world.clientId);
    const response = await t.request(downloadPaths.ticketPdf(id));
    expect(response.status).toBe(200);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
