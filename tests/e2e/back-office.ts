// The service centre's back office as the e2e tests drive it: the integration API of the RUNNING
// server (/work/shared/API.md, docs/api.md), over HTTP with the bearer token the global setup
// configured. Each helper checks the status and hands back the answer, so a test builds its world
// in a few lines and then looks at it as the clinic, in the browser.
import { expect, inject } from 'vitest';
import type { FeedEvent as BackOfficeEvent } from '../../src/shared/api/integration.ts';
import { baseURL, uniqueEmail } from './support.ts';

export type { FeedEvent as BackOfficeEvent } from '../../src/shared/api/integration.ts';

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  json?: unknown;
  body?: FormData;
  /** The status the call must answer with. */
  status?: number;
}

/** One call of /api/v1 with the integration token; fails the test on any other status than `status`. */
export async function integration<T>(
  path: string,
  { method = 'GET', json, body, status = 200 }: CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${inject('integrationToken')}` };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseURL()}/api/v1${path}`, {
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  expect(response.status, `${method} /api/v1${path}: ${text}`).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A small but real PDF (one empty page): what the back office attaches to statements and bills. */
export const PDF_BYTES = new TextEncoder().encode(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
);

/** A valid 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export interface Instrument {
  serial_number: string;
  type: number;
  description?: string;
  status: number;
}

export interface Defect {
  series: string;
  type: number;
  name: string;
  defect: string;
  conclusion?: string | null;
  sum: string;
  status: number;
  trade_is_enabled?: boolean;
  id_1c?: string | null;
  departure?: string | null;
  photo_file_ids?: number[];
  document_file_id?: number | null;
}

export const backOffice = {
  /** POST /clients with a known password: the clinic can log in at once. */
  async client(
    password: string,
    overrides: Record<string, unknown> = {},
  ): Promise<{ id: number; email: string; password: string }> {
    const email = uniqueEmail('cabinet');
    const { id } = await integration<{ id: number }>('/clients', {
      method: 'POST',
      status: 201,
      json: {
        email,
        name: 'Ольга',
        surname: 'Кузнецова',
        phone: '79161234567',
        company: 'Клиника «Дентал Плюс»',
        password,
        ...overrides,
      },
    });
    return { id, email, password };
  },

  /** `more`: a `ticket_id` and the `topic` that tells the clinic's colleagues too (ADR 0054). */
  async notification(clientId: number, description: string, more: { ticket_id?: number; topic?: string } = {}) {
    return integration<{ id: number }>('/notifications', {
      method: 'POST',
      status: 201,
      json: { client_id: clientId, description, ...more },
    });
  },

  async ticket(input: {
    client_id: number;
    status: number;
    created_at?: string;
    office_id?: number | null;
    instruments: Instrument[];
  }) {
    return integration<{ id: number; instruments: { id: number }[] }>('/tickets', {
      method: 'POST',
      status: 201,
      json: input,
    });
  },

  async patchTicket(id: number, patch: Record<string, unknown>) {
    return integration<{ id: number; changed: string[] }>(`/tickets/${id}`, { method: 'PATCH', json: patch });
  },

  async defect(ticketId: number, input: Defect) {
    return integration<{ id: number; version: number }>(`/tickets/${ticketId}/defects`, {
      method: 'POST',
      status: 201,
      json: input,
    });
  },

  async patchDefect(id: number, patch: Record<string, unknown>) {
    return integration<{ id: number; version: number; changed: string[] }>(`/defects/${id}`, {
      method: 'PATCH',
      json: patch,
    });
  },

  /** POST /files, multipart field `file`. */
  async file(bytes: Uint8Array, name: string) {
    const form = new FormData();
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
    return integration<{ id: number; mime_type: string; size: number; sha256: string }>('/files', {
      method: 'POST',
      status: 201,
      body: form,
    });
  },

  /** POST /clients/{id}/points (extension): one ledger entry; answers the balance after it. */
  async points(clientId: number, delta: number, reason: string) {
    return integration<{ id: number; balance: number }>(`/clients/${clientId}/points`, {
      method: 'POST',
      status: 201,
      json: { delta, reason },
    });
  },

  /** PUT /gifts/{id} (extension): create or replace. */
  async gift(id: number, input: { name: string; cost: number; is_available: boolean; image_file_id?: number | null }) {
    return integration<{ id: number; created: boolean }>(`/gifts/${id}`, { method: 'PUT', json: input });
  },

  /** PUT /trade-in-instruments/{id} (extension): create or replace. */
  async tradeInInstrument(
    id: number,
    input: {
      title: string;
      properties: string[];
      link: string;
      price_discount: string;
      is_active: boolean;
      list_image_file_id?: number | null;
      page_image_file_id?: number | null;
    },
  ) {
    return integration<{ id: number; created: boolean }>(`/trade-in-instruments/${id}`, { method: 'PUT', json: input });
  },

  async bill(input: {
    client_id: number;
    id_1c: string;
    date: string;
    amount_document: string;
    status: string | null;
    defective_list_ids?: number[];
    document_file_id?: number | null;
    purpose?: string | null;
    vat?: string | null;
  }) {
    return integration<{ id: number }>('/bills', { method: 'POST', status: 201, json: input });
  },

  /** PATCH /bills/{id}; `paidAt` (ISO) dates a payment: the points' activation counts from it. */
  async patchBill(id: number, status: string | null, paidAt?: string) {
    return integration<{ id: number; changed: string[] }>(`/bills/${id}`, {
      method: 'PATCH',
      json: { status, ...(paidAt ? { paid_at: paidAt } : {}) },
    });
  },

  /** POST /couriers with a known password: the courier can log in at once. */
  async courier(password: string): Promise<{ id: number; email: string; password: string }> {
    const email = uniqueEmail('courier');
    const { id } = await integration<{ id: number }>('/couriers', {
      method: 'POST',
      status: 201,
      json: { email, name: 'Иван', surname: 'Курьеров', phone: '79160000000', password },
    });
    return { id, email, password };
  },

  /** POST /stops: a stop on a courier's day (a back-office ticket needs the address and contact given). */
  async stop(input: {
    ticket_id: number;
    kind: 'pickup' | 'return';
    courier_id: number;
    date: string;
    position?: number;
    window?: string | null;
    address?: { address: string; room?: string; comment?: string; coordinates?: string | null };
    contact?: { name: string; phone: string };
    comment?: string;
  }) {
    return integration<{ id: number }>('/stops', { method: 'POST', status: 201, json: input });
  },

  /** PATCH /stops/{id} (another day, courier or position; `cancelled`). */
  async patchStop(id: number, patch: Record<string, unknown>) {
    return integration<{ id: number; changed: string[] }>(`/stops/${id}`, { method: 'PATCH', json: patch });
  },

  /** A stored file's bytes as the back office downloads them (GET /files/{id}). */
  async fileBytes(id: number): Promise<Uint8Array> {
    const response = await fetch(`${baseURL()}/api/v1/files/${id}`, {
      headers: { authorization: `Bearer ${inject('integrationToken')}` },
      signal: AbortSignal.timeout(15_000),
    });
    expect(response.status, `GET /api/v1/files/${id}`).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  },

  /** The whole event feed after `after`, page by page (GET /events?after=&limit=). */
  async events(after = 0): Promise<{ events: BackOfficeEvent[]; next: number }> {
    const events: BackOfficeEvent[] = [];
    let next = after;
    for (;;) {
      const page = await integration<{ events: BackOfficeEvent[]; next: number }>(`/events?after=${next}&limit=1000`);
      events.push(...page.events);
      if (page.events.length === 0) return { events, next: page.next };
      next = page.next;
    }
  },
};
