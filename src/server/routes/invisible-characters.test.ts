import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { withoutInvisible } from '#shared/validation/invisible-characters.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { repairRequests } from '#server/db/schema/repair-requests.ts';
import { instruments } from '#server/db/schema/tickets.ts';
import { safeFileName } from '#server/lib/content-disposition.ts';
import { encodePng } from '#server/lib/png.ts';
import { insertAccount, loginAs } from '../../../tests/setup/accounts.ts';
import { backOffice, instrument } from '../../../tests/setup/back-office.ts';
import { insertOffice } from '../../../tests/setup/cabinet-world.ts';
import { fullRepairRequest } from '../../../tests/setup/repair-request.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';

// Free texts lose bidi controls and invisible characters on the way in, by the one rule file names
// follow (#shared/validation/invisible-characters.ts): a company 'Улыбка\u202Eлтд' must not read
// backwards in the back office, nor 'SN\u200B-1' differ unseen from 'SN-1'.

/** Every character of the rule, around and inside a word. */
const HIDDEN = '\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff\u061c\u2060';
const planted = (text: string) => `${HIDDEN}${text.slice(0, 2)}\u202e${text.slice(2)}\u200b ${HIDDEN}`;

let t: TestApp;
let clientId: number;

beforeAll(async () => {
  // Wednesday 2026-03-04, 12:00 in Moscow: Thursday is a pickup day.
  t = await createTestApp({ now: '2026-03-04T09:00:00Z' });
  await insertOffice(t, 1);
  const account = await insertAccount(t);
  clientId = account.id;
  expect((await loginAs(t, account.email)).status).toBe(200);
});
afterAll(() => t.close());

describe('the shared rule', () => {
  it('strips every bidi and invisible character, keeps line breaks and letters, and is the file names’ rule too', () => {
    expect(withoutInvisible(planted('Клиника'))).toBe('Клиника ');
    expect(withoutInvisible('строка 1\nстрока 2\tё')).toBe('строка 1\nстрока 2\tё');
    expect(safeFileName(`счёт\u202Efdp.exe`)).toBe('счётfdp.exe');
    expect(safeFileName(planted('скан.pdf'))).toBe('скан.pdf');
  });
});

describe('a repair request', () => {
  it('is stored without them in its company, room, comment, serial numbers and descriptions', async () => {
    const request = fullRepairRequest();
    const response = await t.request('/ajax/repair-requests', {
      method: 'POST',
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
      json: {
        ...request,
        address: {
          ...request.address,
          company: planted('Клиника «Улыбка»'),
          room: planted('офис 12'),
          message: planted('Звонить заранее'),
        },
        instruments: request.instruments.map((item) => ({
          ...item,
          serial_number: planted(item.serial_number),
          description: planted(item.description),
          ...(item.name ? { name: planted(item.name) } : {}),
        })),
      },
    });
    expect(response.status).toBe(200);
    const { ticket_id } = (await response.json()) as { ticket_id: number };
    const [stored] = await t.db.select().from(repairRequests).where(eq(repairRequests.ticketId, ticket_id));
    expect(stored?.address).toMatchObject({ company: 'Клиника «Улыбка»', room: 'офис 12', message: 'Звонить заранее' });
    const rows = await t.db
      .select({ serial: instruments.serialNumber, description: instruments.description })
      .from(instruments)
      .where(eq(instruments.ticketId, ticket_id))
      .orderBy(instruments.id);
    expect(rows).toEqual([
      { serial: 'SN-100', description: 'Не вращается головка' },
      { serial: 'SN-200', description: 'Не включается' },
    ]);
  });

  it('is refused when a required text is nothing but invisible characters, and nothing is written', async () => {
    const before = await t.db.select({ id: repairRequests.ticketId }).from(repairRequests);
    const request = fullRepairRequest();
    const response = await t.request('/ajax/repair-requests', {
      method: 'POST',
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
      json: { ...request, address: { ...request.address, company: HIDDEN } },
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors['address.company']?.[0]).toMatch(
      /[а-я]/i,
    );
    expect(await t.db.select({ id: repairRequests.ticketId }).from(repairRequests)).toEqual(before);
  });
});

describe('an uploaded photo', () => {
  it('is named without them, cut to 200 characters and never inside an emoji', async () => {
    const tooth = '\u{1F9B7}';
    const form = new FormData();
    const png = encodePng(2, 2, new Uint8Array(12).fill(200), 3);
    form.set(
      'file',
      new Blob([png as Uint8Array<ArrayBuffer>]),
      `${HIDDEN}сни\u202eмок\u200b${'я'.repeat(192)}${tooth.repeat(3)}.png`,
    );
    const response = await t.request('/ajax/repair-requests/photos', { method: 'POST', body: form });
    expect(response.status).toBe(200);
    const { name } = (await response.json()) as { name: string };
    expect(name).toBe(`снимок${'я'.repeat(192)}${tooth.repeat(2)}.png`);
  });
});

describe('Настройки', () => {
  it('saves the organisation without them', async () => {
    const response = await t.request('/ajax/cabinet/profile/update', {
      method: 'POST',
      json: { surname: 'Петрова', name: 'Анна', patronymic: '', company: planted('Улыбка') },
    });
    expect(response.status).toBe(200);
    const [row] = await t.db.select({ company: clients.company }).from(clients).where(eq(clients.id, clientId));
    expect(row?.company).toBe('Улыбка');
  });
});

describe('the integration API', () => {
  it("stores a ticket's serial numbers and descriptions without them", async () => {
    const owner = (await backOffice.client(t)).id;
    const response = await t.integration('/tickets', {
      method: 'POST',
      json: {
        client_id: owner,
        status: 1,
        instruments: [instrument({ serial_number: planted('SN-777'), description: planted('Шумит') })],
      },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [row] = await t.db
      .select({ serial: instruments.serialNumber, description: instruments.description })
      .from(instruments)
      .where(eq(instruments.ticketId, id));
    expect(row).toEqual({ serial: 'SN-777', description: 'Шумит' });
  });
});
