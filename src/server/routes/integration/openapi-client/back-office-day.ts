// A back office's day written the way an outside team would write it: openapi-fetch over the types
// openapi-typescript makes of GET /api/v1/openapi.json, no casts. openapi-client.test.ts generates
// those types into `generated-integration-api`, type-checks this file against them with tsc, then
// runs it against a real server (ADR 0050). Not in the project's tsconfig: its types exist only then.
import createClient from 'openapi-fetch';
import type { components, paths } from 'generated-integration-api';
import { sampleDefect } from './sample-defect.ts';

type Event = components['schemas']['Event'];

/** The answer's data, or the refusal's message as an error. */
function ok<T>(answer: { data?: T; error?: { message?: string }; response: Response }, what: string): T {
  if (answer.data === undefined) throw new Error(`${what}: ${answer.response.status} ${answer.error?.message ?? ''}`);
  return answer.data;
}

export interface DayOutcome {
  clientId: number;
  ticketId: number;
  defectVersion: number;
  billId: number;
  fileSize: number;
  downloaded: Uint8Array;
  balance: number;
  events: Event[];
  /** What the feed said of the bill and the statement, read through the typed payloads. */
  billAmountInFeed: string | null;
  statementSumsInFeed: string[];
  cursorStaysPut: boolean;
}

export async function backOfficeDay(baseUrl: string, token: string, document: Uint8Array): Promise<DayOutcome> {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

  ok(
    await api.PUT('/api/v1/offices/{id}', {
      params: { path: { id: 1 } },
      body: {
        name: 'Центральный офис',
        country_name: 'Россия',
        city: 'Екатеринбург',
        address: 'ул. Малышева, 5',
        manager_phone: '+7 343 000-00-00',
        email: 'ekb@service.test',
        region: 'Уральский',
        latitude: 56.84,
        longitude: 60.6,
        is_show_in_crimea: false,
      },
    }),
    'office',
  );
  const client = ok(
    await api.POST('/api/v1/clients', {
      body: { email: `day-${Date.now()}@clinic.test`, name: 'Ирина', surname: 'Волкова', company: 'Клиника «Улыбка»' },
    }),
    'client',
  );
  const ticket = ok(
    await api.POST('/api/v1/tickets', {
      body: {
        client_id: client.id,
        status: 1,
        office_id: 1,
        instruments: [{ serial_number: 'WH-TA98-0001', type: 1, status: 2, description: 'Шумит' }],
      },
    }),
    'ticket',
  );
  ok(
    await api.PATCH('/api/v1/tickets/{id}', {
      params: { path: { id: ticket.id } },
      body: { status: 5, shipping_order: { tracking_link: 'https://cdek.example/track/1', provider_order_id: 'CD-1' } },
    }),
    'ticket change',
  );

  const uploaded = ok(
    await api.POST('/api/v1/files', {
      body: { file: new Blob([document as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }) },
      bodySerializer: (body) => {
        const form = new FormData();
        form.set('file', body.file, 'ведомость.pdf');
        return form;
      },
    }),
    'upload',
  );
  const download = ok(
    await api.GET('/api/v1/files/{id}', { params: { path: { id: uploaded.id } }, parseAs: 'arrayBuffer' }),
    'download',
  );

  const statement = ok(
    await api.POST('/api/v1/tickets/{id}/defects', {
      params: { path: { id: ticket.id } },
      body: { ...sampleDefect, document_file_id: uploaded.id },
    }),
    'statement',
  );
  const repriced = ok(
    await api.PATCH('/api/v1/defects/{id}', { params: { path: { id: statement.id } }, body: { sum: '9800.50' } }),
    'statement change',
  );
  const bill = ok(
    await api.POST('/api/v1/bills', {
      body: {
        client_id: client.id,
        id_1c: 'СЧ-0001',
        date: '2026-03-02',
        amount_document: '9800.50',
        status: 'Не оплачен',
        defective_list_ids: [statement.id],
        document_file_id: uploaded.id,
      },
    }),
    'bill',
  );
  ok(
    await api.PATCH('/api/v1/bills/{id}', { params: { path: { id: bill.id } }, body: { status: 'Оплачено' } }),
    'bill paid',
  );
  ok(
    await api.POST('/api/v1/notifications', {
      body: { client_id: client.id, description: 'Инструмент готов к выдаче', ticket_id: ticket.id },
    }),
    'notification',
  );
  const points = ok(
    await api.POST('/api/v1/clients/{id}/points', {
      params: { path: { id: client.id } },
      body: { delta: 300, reason: 'Приветственные бонусы' },
    }),
    'points',
  );

  // The feed, page by page: `next` goes back as `after`, the same type both ways.
  const events: Event[] = [];
  let after = 0;
  let cursorStaysPut = false;
  for (;;) {
    const page = ok(await api.GET('/api/v1/events', { params: { query: { after, limit: 5 } } }), 'feed');
    events.push(...page.events);
    if (page.events.length === 0) {
      cursorStaysPut = page.next === after;
      break;
    }
    after = page.next;
  }

  let billAmountInFeed: string | null = null;
  const statementSumsInFeed: string[] = [];
  for (const event of events) {
    if (event.type === 'bill.created' && event.payload.bill_id === bill.id)
      billAmountInFeed = event.payload.amount_document;
    if (event.type === 'defect.created' && event.payload.defect_id === statement.id)
      statementSumsInFeed.push(event.payload.sum);
    if (event.type === 'defect.updated' && event.payload.defect_id === statement.id && event.payload.changed.sum)
      statementSumsInFeed.push(event.payload.changed.sum);
  }

  return {
    clientId: client.id,
    ticketId: ticket.id,
    defectVersion: repriced.version,
    billId: bill.id,
    fileSize: uploaded.size,
    downloaded: new Uint8Array(download),
    balance: points.balance,
    events,
    billAmountInFeed,
    statementSumsInFeed,
    cursorStaysPut,
  };
}
