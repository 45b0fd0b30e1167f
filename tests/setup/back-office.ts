// The back office as tests drive it: thin wrappers over the integration API that assert success
// and hand back ids, so a test can build a world in a few lines and then look at it as the clinic.
import { expect } from 'vitest';
import { sampleDefect } from '../../src/server/routes/integration/openapi-client/sample-defect.ts';
import { uniqueEmail } from './accounts.ts';
import type { TestApp } from './test-app.ts';

async function ok<T>(response: Promise<Response>, status = 201): Promise<T> {
  const answer = await response;
  const body = await answer.json();
  expect(answer.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

/** One integration API call; asserts the answer's status (200 unless said) and hands back its body. */
export async function integrationCall<T = Record<string, unknown>>(
  t: TestApp,
  path: string,
  method: string,
  json?: unknown,
  status = 200,
): Promise<T> {
  const response = await t.integration(path, { method, ...(json === undefined ? {} : { json }) });
  const body = await response.json();
  expect(response.status, `${method} ${path}: ${JSON.stringify(body)}`).toBe(status);
  return body as T;
}

export function office(overrides: Record<string, unknown> = {}) {
  return {
    name: 'СЦ Москва',
    country_name: 'Россия',
    city: 'Москва',
    address: 'ул. Тверская, 1',
    manager_phone: '+7 495 000-00-00',
    email: 'msk@service.test',
    region: 'Центральный',
    latitude: 55.76,
    longitude: 37.64,
    is_show_in_crimea: false,
    ...overrides,
  };
}

export const instrument = (overrides: Record<string, unknown> = {}) => ({
  serial_number: 'SN-001',
  type: 1,
  description: 'Шумит',
  status: 1,
  ...overrides,
});

export const defect = (overrides: Record<string, unknown> = {}) => ({ ...sampleDefect, ...overrides });

export const backOffice = {
  async client(
    t: TestApp,
    overrides: Record<string, unknown> = {},
  ): Promise<{ id: number; email: string; password: string }> {
    const email = uniqueEmail('bo');
    const password = 'back-office-pass-1';
    const { id } = await ok<{ id: number }>(
      t.integration('/clients', {
        method: 'POST',
        json: { email, name: 'Анна', surname: 'Смирнова', password, ...overrides },
      }),
    );
    return { id, email, password };
  },
  async office(t: TestApp, id: number, overrides: Record<string, unknown> = {}) {
    return ok<{ id: number; created: boolean }>(
      t.integration(`/offices/${id}`, { method: 'PUT', json: office(overrides) }),
      200,
    );
  },
  async ticket(t: TestApp, clientId: number, overrides: Record<string, unknown> = {}) {
    return ok<{ id: number; instruments: { id: number }[] }>(
      t.integration('/tickets', {
        method: 'POST',
        json: { client_id: clientId, status: 1, instruments: [instrument()], ...overrides },
      }),
    );
  },
  async defect(t: TestApp, ticketId: number, overrides: Record<string, unknown> = {}) {
    return ok<{ id: number; version: number }>(
      t.integration(`/tickets/${ticketId}/defects`, { method: 'POST', json: defect(overrides) }),
    );
  },
  async bill(t: TestApp, clientId: number, overrides: Record<string, unknown> = {}) {
    return ok<{ id: number }>(
      t.integration('/bills', {
        method: 'POST',
        json: {
          client_id: clientId,
          id_1c: `СЧ-${Math.random().toString(36).slice(2, 8)}`,
          date: '2026-03-01',
          amount_document: '1500.00',
          status: 'Не оплачен',
          ...overrides,
        },
      }),
    );
  },
  async file(t: TestApp, bytes: Uint8Array = PNG_BYTES, name = 'photo.png') {
    const form = new FormData();
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
    return ok<{ id: number; mime_type: string; size: number; sha256: string }>(
      t.integration('/files', { method: 'POST', body: form }),
    );
  },
};

/** A valid 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const JPEG_BYTES = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
]);
export const WEBP_BYTES = Uint8Array.from([
  ...Buffer.from('RIFF'),
  0x1a,
  0,
  0,
  0,
  ...Buffer.from('WEBPVP8 '),
  0,
  0,
  0,
  0,
]);
