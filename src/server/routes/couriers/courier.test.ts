// The courier's day (API.md §Added for the fourth wave): its own stops from yesterday to a week ahead, and 'Еду',
// 'Забрал' / 'Доставил' and 'Не застал' — each written once with its event, the clinic's history line
// and notification, however often the outbox replays it; refused with 409 once the back office
// cancelled the stop or gave it to another courier.
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { events } from '#server/db/schema/platform.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { historyEntries } from '#server/db/schema/tickets.ts';
import { stops } from '#server/db/schema/couriers.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { photosForm } from '../../../../tests/setup/photos-form.ts';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice, integrationCall, PNG_BYTES } from '../../../../tests/setup/back-office.ts';
import {
  createCourier,
  createStop,
  loginCourier,
  PORTAL_ADDRESS,
  portalTicket,
} from '../../../../tests/setup/couriers.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

let t: TestApp;
let clinic: { id: number; email: string; password: string };

// Wednesday 2026-03-04, 12:00 in Moscow.
const TODAY = '2026-03-04';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-04T09:00:00Z' });
  clinic = await backOffice.client(t, { company: 'Стоматология «Улыбка»' });
});
afterAll(async () => {
  await t?.close();
});

/** A courier with a portal ticket's pickup today, logged in. */
async function courierWithStop(kind: 'pickup' | 'return' = 'pickup') {
  const courier = await createCourier(t);
  const ticket = await portalTicket(t, clinic.id);
  const stopId = await createStop(t, {
    ticket_id: ticket.id,
    kind,
    courier_id: courier.id,
    date: TODAY,
    window: '10:00-13:00',
  });
  await loginCourier(t, courier);
  return { courier, ticket, stopId };
}

function act(path: string, json: unknown, key: string = randomUUID()) {
  return t.request(`/ajax/courier/stops/${path}`, { method: 'POST', json, headers: { [IDEMPOTENCY_HEADER]: key } });
}

async function eventsOf(type: string, stopId: number) {
  const rows = await t.db.select().from(events).where(eq(events.type, type));
  return rows.filter((row) => (row.payload as { stop_id: number }).stop_id === stopId);
}

async function clinicNotifications(ticketId: number) {
  return (
    await t.db
      .select({ description: notifications.description })
      .from(notifications)
      .where(and(eq(notifications.clientId, clinic.id), eq(notifications.ticketId, ticketId)))
  ).map((row) => row.description);
}

async function clinicTicket(ticketId: number) {
  t.cookies.clear();
  await loginAs(t, clinic.email, clinic.password);
  const body = (await (await t.request(`/ajax/cabinet/tickets/${ticketId}`)).json()) as {
    ticket: { courier_visits: Array<Record<string, unknown>> };
  };
  return body.ticket;
}

describe('GET /ajax/courier/stops', () => {
  it("lists today's own stops in the back office's order with what the visit needs", async () => {
    const { courier, ticket, stopId } = await courierWithStop();
    const other = await createStop(t, {
      ticket_id: ticket.id,
      kind: 'return',
      courier_id: courier.id,
      date: TODAY,
      position: 1,
      address: { address: 'Москва, Арбат, 10', room: 'каб. 3', comment: 'Вход со двора', coordinates: '55.75,37.59' },
      contact: { name: 'Ольга', phone: '+7 495 111-22-33' },
    });
    // Ties go by creation: the back office places the first one after it.
    await integrationCall(t, `/stops/${stopId}`, 'PATCH', { position: 2 });
    const cancelled = await createStop(t, {
      ticket_id: ticket.id,
      kind: 'pickup',
      courier_id: courier.id,
      date: TODAY,
    });
    await integrationCall(t, `/stops/${cancelled}`, 'PATCH', { cancelled: true });
    const response = await t.request('/ajax/courier/stops');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { date: string; stops: Array<Record<string, unknown>> };
    expect(body.date).toBe(TODAY);
    expect(body.stops.map((stop) => [stop.id, stop.number])).toEqual([
      [other, 1],
      [stopId, 2],
    ]);
    expect(body.stops[1]).toEqual({
      id: stopId,
      number: 2,
      ticket_id: ticket.id,
      kind: 'pickup',
      state: 'planned',
      date: TODAY,
      window: '10:00-13:00',
      clinic: { name: PORTAL_ADDRESS.company },
      address: {
        address: PORTAL_ADDRESS.address,
        room: 'офис 12',
        comment: 'Звонить заранее',
        coordinates: '55.7649,37.6057',
      },
      contact: { name: 'Анна Смирнова', phone: '+7 (916) 123-45-67' },
      comment: null,
      instruments: [
        expect.objectContaining({
          id: ticket.instrumentIds[0],
          serial_number: 'SN-100',
          type_name: 'Турбина',
          guarantee: false,
        }),
        expect.objectContaining({
          id: ticket.instrumentIds[1],
          serial_number: 'SN-200',
          type_name: 'Механический наконечник',
        }),
      ],
      photos: [{ id: ticket.photoId, url: `/ajax/courier/files/${ticket.photoId}` }],
      eta_at: null,
      finished_at: null,
      done: null,
      failed: null,
    });
    // No prices, quotes, bills or points anywhere in it.
    expect(JSON.stringify(body)).not.toMatch(/sum|bill|balls|defect/);
    // The request's photo is the courier's to open.
    expect((await t.request(`/ajax/courier/files/${ticket.photoId}`)).status).toBe(200);
    expect((await t.request(`/ajax/courier/stops/${stopId}`)).status).toBe(200);
  });

  it('shows yesterday to a week ahead and refuses other days', async () => {
    const { courier, ticket } = await courierWithStop();
    const tomorrow = await createStop(t, {
      ticket_id: ticket.id,
      kind: 'pickup',
      courier_id: courier.id,
      date: '2026-03-05',
    });
    const far = await createStop(t, {
      ticket_id: ticket.id,
      kind: 'pickup',
      courier_id: courier.id,
      date: '2026-03-12',
    });
    const body = (await (await t.request('/ajax/courier/stops?date=2026-03-05')).json()) as {
      stops: Array<{ id: number }>;
    };
    expect(body.stops.map((stop) => stop.id)).toEqual([tomorrow]);
    expect((await t.request('/ajax/courier/stops?date=2026-03-03')).status).toBe(200);
    for (const day of ['2026-03-02', '2026-03-12']) {
      const response = await t.request(`/ajax/courier/stops?date=${day}`);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({
        errors: { date: ['Маршрут доступен со вчерашнего дня и на неделю вперёд'] },
      });
    }
    expect((await t.request(`/ajax/courier/stops/${far}`)).status).toBe(404);
  });
});

describe("'Еду'", () => {
  it('tells the clinic when to expect the courier and writes stop.en_route once, however often it is replayed', async () => {
    const { courier, ticket, stopId } = await courierWithStop();
    const key = randomUUID();
    const first = await act('en-route', { stop_id: stopId, eta_minutes: 30 }, key);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { stop: Record<string, unknown> };
    expect(body.stop).toMatchObject({ id: stopId, state: 'en_route', eta_at: '2026-03-04 12:30:00' });
    for (let i = 0; i < 2; i += 1) {
      const replay = await act('en-route', { stop_id: stopId, eta_minutes: 30 }, key);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(await replay.json()).toEqual(body);
    }
    const written = await eventsOf('stop.en_route', stopId);
    expect(written.map((row) => row.payload)).toEqual([
      {
        stop_id: stopId,
        ticket_id: ticket.id,
        courier_id: courier.id,
        eta_minutes: 30,
        eta_at: '2026-03-04T09:30:00.000Z',
      },
    ]);
    expect(written[0]).toMatchObject({ clientId: clinic.id, ticketId: ticket.id });
    expect(await clinicNotifications(ticket.id)).toEqual(['Курьер выехал к вам, будет примерно в 12:30']);
    const page = await clinicTicket(ticket.id);
    expect(page.courier_visits).toEqual([
      expect.objectContaining({
        id: stopId,
        kind: 'pickup',
        state: 'en_route',
        text: 'Курьер выехал к вам, будет примерно в 12:30',
      }),
    ]);
  });

  it('refuses a choice other than 15, 30 or 60 minutes and a missing key, writing nothing', async () => {
    const { stopId } = await courierWithStop();
    const bad = await act('en-route', { stop_id: stopId, eta_minutes: 45 });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({
      errors: { eta_minutes: ['Выберите, когда вы будете на месте: через 15 мин, 30 мин или 1 час'] },
    });
    const keyless = await t.request('/ajax/courier/stops/en-route', {
      method: 'POST',
      json: { stop_id: stopId, eta_minutes: 15 },
    });
    expect(keyless.status).toBe(400);
    expect(await eventsOf('stop.en_route', stopId)).toEqual([]);
  });
});

describe("'Забрал' / 'Доставил'", () => {
  it('records the hand-over once, with the history line, notification, photo and the ticket page line', async () => {
    const { courier, ticket, stopId } = await courierWithStop();
    const form = new FormData();
    form.set('file', new File([PNG_BYTES as Uint8Array<ArrayBuffer>], 'handover.png', { type: 'image/png' }));
    const upload = await t.request('/ajax/courier/photos', { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const photoId = ((await upload.json()) as { file_id: number }).file_id;

    const key = randomUUID();
    const input = {
      stop_id: stopId,
      instruments: [
        { id: ticket.instrumentIds[1], collected: true },
        { id: ticket.instrumentIds[0], collected: false },
      ],
      person: 'Ольга Иванова',
      photo_file_ids: [photoId],
      at: '2026-03-04T08:40:00Z',
    };
    for (let i = 0; i < 3; i += 1) expect((await act('done', input, key)).status).toBe(200);

    const written = await eventsOf('stop.done', stopId);
    expect(written.map((row) => row.payload)).toEqual([
      {
        stop_id: stopId,
        kind: 'pickup',
        ticket_id: ticket.id,
        courier_id: courier.id,
        done_at: '2026-03-04T08:40:00.000Z',
        instruments: [
          { id: ticket.instrumentIds[0], collected: false },
          { id: ticket.instrumentIds[1], collected: true },
        ],
        person: 'Ольга Иванова',
        photo_file_ids: [photoId],
      },
    ]);
    const line = 'Курьер забрал инструменты 04.03 в 11:40 (1 из 2)';
    expect(await clinicNotifications(ticket.id)).toEqual([`${line}. Заявка №${ticket.id}`]);
    const history = await t.db.select().from(historyEntries).where(eq(historyEntries.ticketId, ticket.id));
    expect(history.map((row) => row.description).filter((text) => text.startsWith('Курьер'))).toEqual([line]);
    // A second tap (another key) finds the stop done.
    const again = await act('done', input);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'Остановка уже отмечена как выполненная или несостоявшаяся' });

    const page = await clinicTicket(ticket.id);
    expect(page.courier_visits).toEqual([
      expect.objectContaining({
        id: stopId,
        state: 'done',
        collected: 1,
        total: 2,
        person: 'Ольга Иванова',
        text: line,
      }),
    ]);
    // The hand-over photo is the clinic's to see too.
    expect((await t.request(`/ajax/cabinet/files/${photoId}`)).status).toBe(200);
  });

  it("says 'привёз' for a return, and refuses a checklist that is not the ticket's instruments", async () => {
    const { ticket, stopId } = await courierWithStop('return');
    const wrong = await act('done', {
      stop_id: stopId,
      instruments: [{ id: ticket.instrumentIds[0], collected: true }],
      person: 'Ольга',
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ errors: { instruments: ['Отметьте инструменты по списку заявки'] } });
    const noPerson = await act('done', { stop_id: stopId, instruments: [], person: ' ' });
    expect(noPerson.status).toBe(422);
    expect(Object.keys(((await noPerson.json()) as { errors: object }).errors)).toEqual(['instruments', 'person']);
    const foreignPhoto = await backOffice.file(t);
    const photo = await act('done', {
      stop_id: stopId,
      instruments: ticket.instrumentIds.map((id) => ({ id, collected: true })),
      person: 'Ольга',
      photo_file_ids: [foreignPhoto.id],
    });
    expect(photo.status).toBe(422);
    expect(await eventsOf('stop.done', stopId)).toEqual([]);

    const ok = await act('done', {
      stop_id: stopId,
      instruments: ticket.instrumentIds.map((id) => ({ id, collected: true })),
      person: 'Ольга',
    });
    expect(ok.status).toBe(200);
    expect((await clinicNotifications(ticket.id))[0]).toBe(
      `Курьер привёз инструменты 04.03 в 12:00 (2 из 2). Заявка №${ticket.id}`,
    );
  });

  it('refuses a hand-over with nothing ticked (JSON and with photos), changing nothing and writing no event', async () => {
    const { courier, ticket, stopId } = await courierWithStop();
    const input = {
      stop_id: stopId,
      instruments: ticket.instrumentIds.map((id) => ({ id, collected: false })),
      person: 'Ольга',
    };
    const message = 'Отметьте хотя бы один инструмент. Если не забрали ни одного — «Не застал»';
    const json = await act('done', input);
    expect(json.status).toBe(422);
    expect(await json.json()).toMatchObject({ message, errors: { instruments: [message] } });
    const multipart = await t.request('/ajax/courier/stops/done-with-photos', {
      method: 'POST',
      body: photosForm(input, [[PNG_BYTES, 'handover.png']]),
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(multipart.status).toBe(422);
    expect(await multipart.json()).toMatchObject({ errors: { instruments: [message] } });
    const [row] = await t.db.select().from(stops).where(eq(stops.id, stopId));
    expect(row).toMatchObject({ state: 'planned', finishedAt: null, outcome: null });
    expect(await eventsOf('stop.done', stopId)).toEqual([]);
    expect(await clinicNotifications(ticket.id)).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.ownerClientId, courier.id))).toEqual([]);
  });

  it("says 'отдали' for a return with nothing ticked", async () => {
    const { ticket, stopId } = await courierWithStop('return');
    const refused = await act('done', {
      stop_id: stopId,
      instruments: ticket.instrumentIds.map((id) => ({ id, collected: false })),
      person: 'Ольга',
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      message: 'Отметьте хотя бы один инструмент. Если не отдали ни одного — «Не застал»',
    });
  });
});

describe("'Забрал' with a photo taken offline (POST /ajax/courier/stops/done-with-photos, ADR 0051)", () => {
  const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
  const sendForm = (body: FormData, key: string = randomUUID()) =>
    t.request('/ajax/courier/stops/done-with-photos', { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } });
  const filesOf = async (ownerId: number) =>
    t.db.select({ id: files.id, name: files.originalName }).from(files).where(eq(files.ownerClientId, ownerId));

  it("stores the photo as the courier's file and names it in the event, once however often the outbox sends it", async () => {
    const { courier, ticket, stopId } = await courierWithStop();
    const input = {
      stop_id: stopId,
      instruments: ticket.instrumentIds.map((id) => ({ id, collected: true })),
      person: 'Ольга Иванова',
      at: '2026-03-04T08:40:00Z',
    };
    const key = randomUUID();
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await sendForm(photosForm(input, [[JPEG, 'handover.jpg']]), key));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.headers.get('idempotent-replayed'))).toEqual([null, 'true', 'true']);

    const stored = await filesOf(courier.id);
    expect(stored).toEqual([{ id: expect.any(Number), name: 'handover.jpg' }]);
    const written = await eventsOf('stop.done', stopId);
    expect(written.map((row) => (row.payload as { photo_file_ids: number[] }).photo_file_ids)).toEqual([
      [stored[0]!.id],
    ]);
    const body = (await answers[0]!.json()) as { stop: { done: { photos: Array<{ id: number }> } } };
    expect(body.stop.done.photos.map((photo) => photo.id)).toEqual([stored[0]!.id]);
    const bytes = await t.request(`/ajax/courier/files/${stored[0]!.id}`);
    expect(bytes.status).toBe(200);
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(JPEG);
    // The same key with another photo is another hand-over: refused, nothing written.
    const reused = await sendForm(photosForm(input, [[PNG_BYTES, 'other.png']]), key);
    expect(reused.status).toBe(422);
    expect(await filesOf(courier.id)).toHaveLength(1);
  });

  it('writes no photo when the hand-over is refused (a cancelled stop, too many photos, no request part)', async () => {
    const { courier, ticket, stopId } = await courierWithStop();
    const input = {
      stop_id: stopId,
      instruments: ticket.instrumentIds.map((id) => ({ id, collected: true })),
      person: 'Ольга',
    };
    const tooMany = await sendForm(
      photosForm(
        input,
        Array.from({ length: 6 }, (_, i): [Uint8Array, string] => [JPEG, `p${i}.jpg`]),
      ),
    );
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toMatchObject({ errors: { photo_file_ids: ['Не более 5 фото'] } });
    const noRequest = new FormData();
    noRequest.append('photo', new Blob([JPEG]), 'a.jpg');
    const missing = await sendForm(noRequest);
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({ errors: { request: ['Не передана отметка (поле request)'] } });

    await integrationCall(t, `/stops/${stopId}`, 'PATCH', { cancelled: true });
    const key = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const refused = await sendForm(photosForm(input, [[JPEG, 'handover.jpg']]), key);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ success: false, message: 'Остановка отменена сервисным центром' });
    }
    expect(await filesOf(courier.id)).toEqual([]);
    expect(await eventsOf('stop.done', stopId)).toEqual([]);
  });
});

describe("'Не застал'", () => {
  it('records the reason once, tells the clinic and shows it on the ticket', async () => {
    const { courier, ticket, stopId } = await courierWithStop();
    const key = randomUUID();
    const input = { stop_id: stopId, reason: 'other', comment: 'Охрана не пустила' };
    expect((await act('failed', input, key)).status).toBe(200);
    expect((await act('failed', input, key)).status).toBe(200);
    const written = await eventsOf('stop.failed', stopId);
    expect(written.map((row) => row.payload)).toEqual([
      {
        stop_id: stopId,
        kind: 'pickup',
        ticket_id: ticket.id,
        courier_id: courier.id,
        reason: 'other',
        comment: 'Охрана не пустила',
        at: '2026-03-04T09:00:00.000Z',
      },
    ]);
    const line = 'Курьер не застал вас 04.03 в 12:00: Другое (Охрана не пустила)';
    expect(await clinicNotifications(ticket.id)).toEqual([`${line}. Заявка №${ticket.id}`]);
    const page = await clinicTicket(ticket.id);
    expect(page.courier_visits).toEqual([
      expect.objectContaining({ state: 'failed', reason: 'other', comment: 'Охрана не пустила', text: line }),
    ]);
  });

  it("needs a comment for 'Другое' and a known reason", async () => {
    const { stopId } = await courierWithStop();
    const other = await act('failed', { stop_id: stopId, reason: 'other' });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ errors: { comment: ['Опишите причину'] } });
    const unknown = await act('failed', { stop_id: stopId, reason: 'rain' });
    expect(await unknown.json()).toMatchObject({ errors: { reason: ['Выберите причину'] } });
    expect(await eventsOf('stop.failed', stopId)).toEqual([]);
  });
});

describe("a stop is marked on its own date (Moscow), by the tap's time", () => {
  async function stopOn(date: string) {
    const { courier, ticket } = await courierWithStop();
    const stopId = await createStop(t, { ticket_id: ticket.id, kind: 'pickup', courier_id: courier.id, date });
    const done = {
      stop_id: stopId,
      instruments: ticket.instrumentIds.map((id) => ({ id, collected: true })),
      person: 'Ольга',
    };
    return { ticket, stopId, done };
  }

  async function expectUntouched(stopId: number, ticketId: number) {
    const [row] = await t.db.select().from(stops).where(eq(stops.id, stopId));
    expect(row).toMatchObject({ state: 'planned', etaAt: null, finishedAt: null });
    expect(await eventsOf('stop.en_route', stopId)).toEqual([]);
    expect(await eventsOf('stop.done', stopId)).toEqual([]);
    expect(await eventsOf('stop.failed', stopId)).toEqual([]);
    expect(await clinicNotifications(ticketId)).toEqual([]);
  }

  it("refuses 'Еду', 'Забрал' and 'Не застал' on tomorrow's stop with 409, changing nothing", async () => {
    const { ticket, stopId, done } = await stopOn('2026-03-05');
    const message = 'Остановка запланирована на 05.03: отметить её можно в этот день.';
    for (const [path, input] of [
      ['en-route', { stop_id: stopId, eta_minutes: 15 }],
      ['done', done],
      ['failed', { stop_id: stopId, reason: 'closed' }],
    ] as const) {
      const refused = await act(path, input);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ success: false, message });
    }
    await expectUntouched(stopId, ticket.id);
  });

  it("refuses yesterday's unfinished stop tapped today, saying the service centre sets a new date", async () => {
    const { ticket, stopId, done } = await stopOn('2026-03-03');
    const refused = await act('done', { ...done, at: '2026-03-04T08:59:00Z' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message:
        'Остановка была запланирована на 03.03: отметить её можно было только в этот день. Сервисный центр назначит новую дату.',
    });
    await expectUntouched(stopId, ticket.id);
  });

  it('refuses a tap time ahead of the clock by more than a drift with 422, and takes a slight drift as now', async () => {
    const { ticket, stopId } = await stopOn(TODAY);
    const ahead = await act('en-route', { stop_id: stopId, eta_minutes: 15, at: '2026-03-04T09:10:00Z' });
    expect(ahead.status).toBe(422);
    expect(await ahead.json()).toMatchObject({
      errors: { at: ['Часы телефона спешат: проверьте дату и время в настройках телефона и отметьте ещё раз'] },
    });
    await expectUntouched(stopId, ticket.id);
    const drift = await act('en-route', { stop_id: stopId, eta_minutes: 15, at: '2026-03-04T09:02:00Z' });
    expect(drift.status).toBe(200);
    expect(await drift.json()).toMatchObject({ stop: { eta_at: '2026-03-04 12:15:00' } });
  });

  it("accepts a tap made offline on the stop's day and replayed by the outbox the next morning, dated by the tap", async () => {
    const { stopId, done } = await stopOn(TODAY);
    const tapped = { ...done, at: '2026-03-04T20:50:00Z' }; // 23:50 in Moscow
    t.setNow('2026-03-05T06:00:00Z'); // 09:00 the next day
    try {
      const replayed = await act('done', tapped);
      expect(replayed.status).toBe(200);
      expect(await replayed.json()).toMatchObject({ stop: { state: 'done', finished_at: '2026-03-04 23:50:00' } });
      expect((await eventsOf('stop.done', stopId)).map((row) => (row.payload as { done_at: string }).done_at)).toEqual([
        '2026-03-04T20:50:00.000Z',
      ]);
      // The same day's stop tapped now (the next morning) is not.
      const { stopId: late, done: lateDone } = await stopOn(TODAY);
      expect((await act('done', lateDone)).status).toBe(409);
      expect(await eventsOf('stop.done', late)).toEqual([]);
    } finally {
      t.setNow('2026-03-04T09:00:00Z');
    }
  });
});

describe('actions queued while the back office changed the stop', () => {
  it('refuses an action on a cancelled stop with 409, the same on every replay, and writes nothing', async () => {
    const { ticket, stopId } = await courierWithStop();
    await integrationCall(t, `/stops/${stopId}`, 'PATCH', { cancelled: true });
    const key = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const response = await act('en-route', { stop_id: stopId, eta_minutes: 15 }, key);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ success: false, message: 'Остановка отменена сервисным центром' });
    }
    expect(await eventsOf('stop.en_route', stopId)).toEqual([]);
    expect(await clinicNotifications(ticket.id)).toEqual([]);
    const [row] = await t.db.select().from(stops).where(eq(stops.id, stopId));
    expect(row!.state).toBe('planned');
  });

  it('refuses an action on a stop given to another courier with 409, and the new courier acts on it', async () => {
    const { courier, ticket, stopId } = await courierWithStop();
    const next = await createCourier(t);
    expect((await act('en-route', { stop_id: stopId, eta_minutes: 60 })).status).toBe(200);
    await integrationCall(t, `/stops/${stopId}`, 'PATCH', { courier_id: next.id });
    const [moved] = await t.db.select().from(stops).where(eq(stops.id, stopId));
    expect(moved).toMatchObject({ state: 'planned', etaAt: null, courierId: next.id });
    const input = {
      stop_id: stopId,
      instruments: ticket.instrumentIds.map((id) => ({ id, collected: true })),
      person: 'Ольга',
    };
    const refused = await act('done', input);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: 'Остановка передана другому курьеру' });
    expect((await t.request(`/ajax/courier/stops/${stopId}`)).status).toBe(404);
    await loginCourier(t, next);
    expect((await act('done', input)).status).toBe(200);
    expect(
      (await eventsOf('stop.done', stopId)).map((row) => (row.payload as { courier_id: number }).courier_id),
    ).toEqual([next.id]);
    expect(courier.id).not.toBe(next.id);
  });

  it('hides the open stops of a switched-off courier from the clinic, and keeps its finished ones', async () => {
    const { courier, ticket, stopId } = await courierWithStop();
    const open = await createStop(t, {
      ticket_id: ticket.id,
      kind: 'return',
      courier_id: courier.id,
      date: '2026-03-06',
    });
    expect((await act('failed', { stop_id: stopId, reason: 'closed' })).status).toBe(200);
    await integrationCall(t, `/couriers/${courier.id}`, 'PATCH', { active: false });
    const page = await clinicTicket(ticket.id);
    expect(page.courier_visits.map((visit) => visit.id)).toEqual([stopId]);
    expect(page.courier_visits.map((visit) => visit.id)).not.toContain(open);
  });
});

describe('the events feed', () => {
  it('carries the stop events in order with the clinic and ticket', async () => {
    const { stopId } = await courierWithStop();
    await act('en-route', { stop_id: stopId, eta_minutes: 15 });
    await act('failed', { stop_id: stopId, reason: 'not_ready' });
    const feed = await integrationCall<{
      events: Array<{ type: string; client_id: number; payload: { stop_id?: number } }>;
    }>(t, '/events?limit=1000', 'GET');
    const mine = feed.events.filter((event) => event.type.startsWith('stop.') && event.payload.stop_id === stopId);
    expect(mine.map((event) => [event.type, event.client_id])).toEqual([
      ['stop.en_route', clinic.id],
      ['stop.failed', clinic.id],
    ]);
    expect(await t.db.select().from(events).where(like(events.type, 'stop.%'))).not.toHaveLength(0);
  });
});
