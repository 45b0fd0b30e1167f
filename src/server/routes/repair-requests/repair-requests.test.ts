import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { downloadPaths } from '#shared/api/tickets.ts';
import { PHOTO_MAX_BYTES, type RepairRequestInput } from '#shared/screens/repair-requests.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { events } from '#server/db/schema/platform.ts';
import { files, repairRequests } from '#server/db/schema/repair-requests.ts';
import { historyEntries, instruments, tickets } from '#server/db/schema/tickets.ts';
import { encodePng } from '#server/lib/png.ts';
import { photosForm } from '../../../../tests/setup/photos-form.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { insertOffice } from '../../../../tests/setup/cabinet-world.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { answerOf } from '../../../../tests/setup/json.ts';
import { CLINIC_ADDRESS, fullRepairRequest } from '../../../../tests/setup/repair-request.ts';
import { getUserData } from '#shared/api/account.ts';

// A repair request made in the portal: the ticket, its instruments, photos, consents, history and
// one ticket.created with the whole request — in one transaction, once per Idempotency-Key.

let t: TestApp;
let clientId: number;
// Wednesday 2026-03-04, 12:00 in Moscow.
const NOW = '2026-03-04T09:00:00Z';
const PNG = encodePng(2, 2, new Uint8Array(12).fill(200), 3);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertOffice(t, 1);
  await insertOffice(t, 4);
  const account = await insertAccount(t);
  clientId = account.id;
  expect((await loginAs(t, account.email)).status).toBe(200);
});
afterAll(() => t.close());

const send = (json: unknown, key: string = randomUUID()) =>
  t.request('/ajax/repair-requests', { method: 'POST', json, headers: { [IDEMPOTENCY_HEADER]: key } });

async function uploadPhoto(bytes: Uint8Array, name = 'photo.png'): Promise<Response> {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return t.request('/ajax/repair-requests/photos', { method: 'POST', body: form });
}

const ticketCount = async () =>
  (await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.clientId, clientId))).length;
const createdEvents = () => t.db.select().from(events).where(eq(events.type, 'ticket.created')).orderBy(events.id);

describe('POST /ajax/repair-requests/photos', () => {
  it("stores a photo as the clinic's own file, by its bytes", async () => {
    const response = await uploadPhoto(PNG, 'скан.jpg');
    const body = (await response.json()) as { file_id: number; name: string; size: number };
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ name: 'скан.jpg.png', size: PNG.byteLength });
    const [row] = await t.db
      .select({ owner: files.ownerClientId, mime: files.mimeType })
      .from(files)
      .where(eq(files.id, body.file_id));
    expect(row).toEqual({ owner: clientId, mime: 'image/png' });
    // Its owner may download it; nobody else.
    expect((await t.request(downloadPaths.file(body.file_id))).status).toBe(200);
    expect((await t.request(downloadPaths.file(body.file_id), { cookies: false })).status).not.toBe(200);
  });

  it("refuses another format, an empty part and a file over 10 MB with the spec's texts", async () => {
    const pdf = await uploadPhoto(new TextEncoder().encode('%PDF-1.4 not a photo'), 'scan.png');
    expect(pdf.status).toBe(422);
    expect(await pdf.json()).toMatchObject({ errors: { file: ['Файл недопустимого формата'] } });
    const empty = await uploadPhoto(new Uint8Array(0));
    expect(await empty.json()).toMatchObject({ errors: { file: ['Файл не был загружен'] } });
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(PNG);
    const tooBig = await uploadPhoto(big);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ message: 'Файл должен быть меньше 10 Мб' });
  });
});

describe('POST /ajax/repair-requests', () => {
  it('creates the ticket, its instruments, photos, consents, a history line and one ticket.created with the whole request', async () => {
    const photo = ((await (await uploadPhoto(PNG)).json()) as { file_id: number }).file_id;
    const before = (await createdEvents()).length;
    const response = await send(fullRepairRequest({ file_ids: [photo] }));
    const body = (await response.json()) as { ticket_id: number };
    expect(response.status, JSON.stringify(body)).toBe(200);
    const ticketId = body.ticket_id;

    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket).toMatchObject({ clientId, authorId: clientId, status: 1, officeId: 1 });
    const rows = await t.db
      .select()
      .from(instruments)
      .where(eq(instruments.ticketId, ticketId))
      .orderBy(instruments.id);
    expect(rows.map((row) => [row.serialNumber, row.type, row.name, row.guarantee, row.status])).toEqual([
      ['SN-100', 1, null, true, 1],
      ['SN-200', 12, 'Апекслокатор', false, 1],
    ]);
    const [saved] = await t.db.select().from(repairRequests).where(eq(repairRequests.ticketId, ticketId));
    expect(saved).toMatchObject({ pickupDate: '2026-03-05', fileIds: [photo] });
    expect(
      (await t.db.select().from(historyEntries).where(eq(historyEntries.ticketId, ticketId))).map((h) => h.description),
    ).toEqual([`Создана заявка №${ticketId}`]);
    const [consents] = await t.db
      .select({ policy: clients.consentPolicyAt, loyalty: clients.consentLoyaltyAt })
      .from(clients)
      .where(eq(clients.id, clientId));
    expect(consents).toEqual({ policy: new Date(NOW), loyalty: new Date(NOW) });
    // The page learns it need not ask again.
    expect(
      ((await answerOf(getUserData, await t.request('/ajax/user/data'))) as { user: { consents_given: boolean } }).user
        .consents_given,
    ).toBe(true);

    const created = (await createdEvents()).slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]!.payload).toMatchObject({
      ticket_id: ticketId,
      source: 'portal',
      office_id: 1,
      pickup_date: '2026-03-05',
      contact: { name: 'Анна', surname: 'Смирнова', phone: '79161234567', email: expect.stringContaining('@') },
      address: CLINIC_ADDRESS,
      instruments: [
        {
          id: rows[0]!.id,
          serial_number: 'SN-100',
          type: 1,
          name: null,
          description: 'Не вращается головка',
          guarantee: true,
        },
        {
          id: rows[1]!.id,
          serial_number: 'SN-200',
          type: 12,
          name: 'Апекслокатор',
          description: 'Не включается',
          guarantee: false,
        },
      ],
      file_ids: [photo],
    });

    // The back office reads the photo; the list shows the new ticket first.
    const file = await t.integration(`/files/${photo}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const list = (await (await t.request('/ajax/cabinet/tickets')).json()) as { data: Array<{ id: number }> };
    expect(list.data[0]!.id).toBe(ticketId);
  });

  it('writes one ticket for one key, however often it is sent, even at once', async () => {
    const key = randomUUID();
    const before = await ticketCount();
    const answers = await Promise.all([
      send(fullRepairRequest(), key),
      send(fullRepairRequest(), key),
      send(fullRepairRequest(), key),
    ]);
    const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ ticket_id: number }>));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies.map((body) => body.ticket_id)).size).toBe(1);
    expect(await ticketCount()).toBe(before + 1);
    expect(answers.filter((answer) => answer.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(2);
    // The same key with another request is refused.
    expect(
      (await send(fullRepairRequest({ contact: { name: 'Борис', surname: 'Смирнов', phone: '79161234567' } }), key))
        .status,
    ).toBe(422);
  });

  it.each<[string, Partial<RepairRequestInput>, string, string]>([
    [
      'a Saturday',
      { address: { ...fullRepairRequest().address, pickup_date: '2026-03-07' } },
      'address.pickup_date',
      'Выберите рабочий день в ближайшие 7 дней',
    ],
    [
      'yesterday',
      { address: { ...fullRepairRequest().address, pickup_date: '2026-03-03' } },
      'address.pickup_date',
      'Выберите рабочий день в ближайшие 7 дней',
    ],
    [
      'an unknown centre',
      { address: { ...fullRepairRequest().address, office_id: 99 } },
      'address.office_id',
      'Сервисный центр не найден',
    ],
    [
      'a zip with spaces',
      { address: { ...fullRepairRequest().address, zip: '125 009' } },
      'address.zip',
      'Индекс: только буквы и цифры',
    ],
    [
      'a long comment',
      { address: { ...fullRepairRequest().address, message: 'к'.repeat(31) } },
      'address.message',
      'Не более 30 символов',
    ],
    ['no instruments', { instruments: [] }, 'instruments', 'Добавьте хотя бы один инструмент'],
    [
      'a custom instrument with no name',
      { instruments: [{ serial_number: 'X', type: 12, description: 'Сломан' }] },
      'instruments',
      'Это поле обязательно',
    ],
    [
      'an empty serial number',
      { instruments: [{ serial_number: ' ', type: 1, description: 'Сломан' }] },
      'instruments.0.serial_number',
      'Это поле обязательно',
    ],
    ["another clinic's photo or none", { file_ids: [999_999] }, 'file_ids', 'Фото не найдено: загрузите его ещё раз'],
  ])('refuses %s with a Russian message and writes nothing', async (_, overrides, field, message) => {
    const before = await ticketCount();
    const response = await send(fullRepairRequest(overrides));
    const body = (await response.json()) as { errors?: Record<string, string[]> };
    expect(response.status).toBe(422);
    expect(body.errors?.[field]).toEqual([message]);
    expect(await ticketCount()).toBe(before);
  });

  it('asks for the consents once: a clinic that gave them need not tick them again, a new one must', async () => {
    expect((await send(fullRepairRequest({ approval_policy: false, approval_loyalty: false }))).status).toBe(200);
    const newcomer = await insertAccount(t);
    const cookies = t.cookies;
    cookies.clear();
    expect((await loginAs(t, newcomer.email)).status).toBe(200);
    expect(
      ((await answerOf(getUserData, await t.request('/ajax/user/data'))) as { user: { consents_given: boolean } }).user
        .consents_given,
    ).toBe(false);
    const refused = await send(fullRepairRequest({ approval_policy: true, approval_loyalty: false }));
    expect(await refused.json()).toMatchObject({
      errors: { approval_loyalty: ['Согласие с правилами программы лояльности обязательно'] },
    });
    expect(
      (await t.db.select({ policy: clients.consentPolicyAt }).from(clients).where(eq(clients.id, newcomer.id)))[0]!
        .policy,
    ).toBeNull();
  });

  it('is refused without a session or an Idempotency-Key', async () => {
    expect(
      (await t.request('/ajax/repair-requests', { method: 'POST', json: fullRepairRequest(), headers: {} })).status,
    ).toBe(400);
    const before = await ticketCount();
    // Without a session the CSRF check refuses it first (403), or the session check (401).
    expect([401, 403]).toContain(
      (
        await t.request('/ajax/repair-requests', {
          method: 'POST',
          json: fullRepairRequest(),
          cookies: false,
          headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
        })
      ).status,
    );
    expect(await ticketCount()).toBe(before);
  });
});

describe('POST /ajax/repair-requests/with-photos (photos not uploaded first: the offline outbox)', () => {
  let ownerId: number;
  beforeAll(async () => {
    const account = await insertAccount(t);
    ownerId = account.id;
    t.cookies.clear();
    expect((await loginAs(t, account.email)).status).toBe(200);
  });

  const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
  const sendForm = (body: FormData | string, key: string = randomUUID(), headers: Record<string, string> = {}) =>
    t.request('/ajax/repair-requests/with-photos', {
      method: 'POST',
      body,
      headers: { [IDEMPOTENCY_HEADER]: key, ...headers },
    });
  const ownFiles = async () =>
    (await t.db.select({ id: files.id }).from(files).where(eq(files.ownerClientId, ownerId))).length;
  const ownTickets = async () =>
    (await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.clientId, ownerId))).length;

  it("stores the photos as the clinic's files and names them, with any uploaded before, in the ticket and its event", async () => {
    const uploaded = (await (await uploadPhoto(PNG, 'before.png')).json()) as { file_id: number };
    const response = await sendForm(
      photosForm(fullRepairRequest({ file_ids: [uploaded.file_id] }), [
        [PNG, 'a.png'],
        [JPEG, 'b.jpg'],
      ]),
    );
    const body = (await response.json()) as { ticket_id: number };
    expect(response.status).toBe(200);
    const [row] = await t.db
      .select({ fileIds: repairRequests.fileIds })
      .from(repairRequests)
      .where(eq(repairRequests.ticketId, body.ticket_id));
    expect(row!.fileIds).toHaveLength(3);
    expect(row!.fileIds[0]).toBe(uploaded.file_id);
    const stored = await t.db
      .select({ id: files.id, owner: files.ownerClientId, mime: files.mimeType, name: files.originalName })
      .from(files);
    const named = row!.fileIds.map((id) => stored.find((file) => file.id === id));
    expect(named.map((file) => [file?.owner, file?.mime, file?.name])).toEqual([
      [ownerId, 'image/png', 'before.png'],
      [ownerId, 'image/png', 'a.png'],
      [ownerId, 'image/jpeg', 'b.jpg'],
    ]);
    const event = (await createdEvents()).find(
      (candidate) => (candidate.payload as { ticket_id: number }).ticket_id === body.ticket_id,
    );
    expect((event!.payload as { file_ids: number[] }).file_ids).toEqual(row!.fileIds);
  });

  it('writes one ticket and one copy of each photo for one key, however often the outbox sends it', async () => {
    const key = randomUUID();
    const [ticketsBefore, filesBefore] = [await ownTickets(), await ownFiles()];
    // Two at once (an account's most, ADR 0025), then a third after them.
    const answers = await Promise.all(
      [1, 2].map(() => sendForm(photosForm(fullRepairRequest(), [[PNG, 'a.png']]), key)),
    );
    answers.push(await sendForm(photosForm(fullRepairRequest(), [[PNG, 'a.png']]), key));
    const ids = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { ticket_id: number }).ticket_id),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(ids).size).toBe(1);
    expect(await ownTickets()).toBe(ticketsBefore + 1);
    expect(await ownFiles()).toBe(filesBefore + 1);
    // The same key with another photo is another request: refused, nothing written.
    const reused = await sendForm(photosForm(fullRepairRequest(), [[JPEG, 'b.jpg']]), key);
    expect(reused.status).toBe(422);
    expect(await ownFiles()).toBe(filesBefore + 1);
  });

  it.each([
    [
      'a photo of another format',
      () =>
        photosForm(fullRepairRequest(), [
          [PNG, 'a.png'],
          [new TextEncoder().encode('%PDF-1.4'), 'c.png'],
        ]),
      422,
      'Файл недопустимого формата',
    ],
    [
      'an empty photo',
      () => photosForm(fullRepairRequest(), [[new Uint8Array(), 'a.png']]),
      422,
      'Файл не был загружен',
    ],
    [
      'a request with a field wrong',
      () =>
        photosForm(fullRepairRequest({ address: { ...fullRepairRequest().address, zip: '12-34' } }), [[PNG, 'a.png']]),
      422,
      'Индекс: только буквы и цифры',
    ],
    [
      'no request part',
      () => {
        const body = new FormData();
        body.append('photo', new Blob([PNG as Uint8Array<ArrayBuffer>]), 'a.png');
        return body;
      },
      422,
      'Не передана заявка (поле request)',
    ],
    [
      'too many photos',
      () =>
        photosForm(
          fullRepairRequest(),
          Array.from({ length: 11 }, (): [Uint8Array, string] => [PNG, 'a.png']),
        ),
      422,
      'Не более 10 фото',
    ],
    [
      'photos over 20 MB together',
      () =>
        photosForm(
          fullRepairRequest(),
          [0, 1, 2].map((): [Uint8Array, string] => [new Uint8Array(8 * 1024 * 1024).fill(0xff), 'big.jpg']),
        ),
      413,
      'Без связи к заявке можно приложить фото общим размером до 20 Мб. Уберите часть фото или отправьте заявку, когда появится связь.',
    ],
  ])('refuses %s in Russian and writes nothing', async (_, body, status, message) => {
    const [ticketsBefore, filesBefore] = [await ownTickets(), await ownFiles()];
    const response = await sendForm(body());
    expect(response.status).toBe(status);
    expect(JSON.stringify(await response.json())).toContain(message);
    expect([await ownTickets(), await ownFiles()]).toEqual([ticketsBefore, filesBefore]);
  });

  it('refuses a body that is not multipart, and a request without a key', async () => {
    expect(
      (await sendForm('request=1', randomUUID(), { 'Content-Type': 'application/x-www-form-urlencoded' })).status,
    ).toBe(400);
    expect(
      (
        await t.request('/ajax/repair-requests/with-photos', {
          method: 'POST',
          body: photosForm(fullRepairRequest(), []),
        })
      ).status,
    ).toBe(400);
  });
});
