import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guestMessages, type GuestRepairRequestInput } from '#shared/screens/guest-requests.ts';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { events } from '#server/db/schema/platform.ts';
import { files, repairRequests } from '#server/db/schema/repair-requests.ts';
import { historyEntries, tickets } from '#server/db/schema/tickets.ts';
import { encodePng } from '#server/lib/png.ts';
import { insertAccount, mailedCode, mailedPassword, primeCsrf, uniqueEmail } from '../../../../tests/setup/accounts.ts';
import { insertOffice } from '../../../../tests/setup/cabinet-world.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { GUEST_COOKIE } from './guest-requests.ts';
import { errorBody } from '../../../../tests/setup/json.ts';

// A guest's first repair request (portal.md §2.1; docs/api.md): a code confirms the e-mail in this browser, then one
// call makes the account and the ticket together, once per Idempotency-Key.

let t: TestApp;
// Wednesday 2026-03-04, 12:00 in Moscow: 2026-03-05 is an offered pickup day.
const NOW = '2026-03-04T09:00:00Z';
let ipCounter = 0;
/** Each test its own address (TRUST_PROXY), so the per-address limits of one test do not reach another. */
let ip = '';

beforeAll(async () => {
  t = await createTestApp({ now: NOW, config: { trustProxy: true } });
  await insertOffice(t, 1);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.setNow(Date.parse(NOW));
  t.cookies.clear();
  t.csrfToken = undefined;
  ip = `10.0.0.${++ipCounter}`;
  await primeCsrf(t);
});

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  t.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': ip, ...headers } });
const sendCode = (email: string) => post('/ajax/guest/send-code', { email });
const confirm = (email: string, code: string) => post('/ajax/guest/confirm', { email, code });
const sendRequest = (json: unknown, key: string = randomUUID()) =>
  post('/ajax/guest/repair-requests', json, { [IDEMPOTENCY_HEADER]: key });
const PNG = encodePng(2, 2, new Uint8Array(12).fill(200), 3);
function withPhotos(json: unknown, key: string = randomUUID()) {
  const form = new FormData();
  form.set('request', JSON.stringify(json));
  form.append('photo', new Blob([PNG as Uint8Array<ArrayBuffer>]), 'скан.png');
  return t.request('/ajax/guest/repair-requests/with-photos', {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': ip, [IDEMPOTENCY_HEADER]: key },
  });
}
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

function request(email: string, overrides: Partial<GuestRepairRequestInput> = {}): GuestRepairRequestInput {
  return {
    contact: { name: 'Анна', surname: 'Смирнова-Ким', phone: '+7 (916) 123-45-67', email },
    address: {
      company: 'Клиника «Улыбка»',
      address: 'Россия, Москва, Тверская улица, 7',
      country: 'Россия',
      zip: '125009',
      pickup_date: '2026-03-05',
      office_id: 1,
    },
    instruments: [{ serial_number: 'SN-100', type: 1, description: 'Не вращается головка' }],
    approval_policy: true,
    approval_loyalty: true,
    ...overrides,
  };
}

async function confirmedEmail(prefix = 'guest'): Promise<string> {
  const email = uniqueEmail(prefix);
  expect((await sendCode(email)).status).toBe(200);
  const confirmed = await confirm(email, await mailedCode(t, email));
  expect(confirmed.status).toBe(200);
  return email;
}

const accountsOf = (email: string) =>
  t.db
    .select()
    .from(clients)
    .where(sql`lower(${clients.email}) = ${email}`);
const ticketsOf = (clientId: number) => t.db.select().from(tickets).where(eq(tickets.clientId, clientId));

describe('POST /ajax/guest/repair-requests', () => {
  it('makes one account and one ticket, mails the password; the same key replays it', async () => {
    const email = await confirmedEmail();
    const key = randomUUID();
    const response = await sendRequest(request(email), key);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: true; ticket_id: number; email: string };
    expect(body).toEqual({ success: true, ticket_id: expect.any(Number), email });

    const [account, ...more] = await accountsOf(email);
    expect(more).toHaveLength(0);
    expect(account).toMatchObject({
      name: 'Анна',
      surname: 'Смирнова-Ким',
      phone: '79161234567',
      company: 'Клиника «Улыбка»',
    });
    expect(account!.emailConfirmedAt).toEqual(new Date(NOW));
    expect(account!.consentPolicyAt).toEqual(new Date(NOW));
    expect(account!.consentLoyaltyAt).toEqual(new Date(NOW));
    expect(account!.loyaltyParticipantSince).toEqual(new Date(NOW));
    const [ticket] = await ticketsOf(account!.id);
    expect(ticket!.id).toBe(body.ticket_id);
    const history = await t.db.select().from(historyEntries).where(eq(historyEntries.ticketId, body.ticket_id));
    expect(history.map((row) => row.description)).toEqual([`Создана заявка №${body.ticket_id}`]);
    const written = await t.db.select().from(events).where(eq(events.clientId, account!.id)).orderBy(events.id);
    expect(written.map((row) => row.type)).toEqual(['client.registered', 'client.created', 'ticket.created']);
    expect(written[1]!.payload).toMatchObject({
      client_id: account!.id,
      source: 'portal',
      email,
      company: 'Клиника «Улыбка»',
    });
    expect(written[2]!.payload).toMatchObject({
      source: 'portal',
      contact: { name: 'Анна', surname: 'Смирнова-Ким', phone: '79161234567', email },
    });

    const password = await mailedPassword(t, email);
    const again = await sendRequest(request(email), key);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(body);
    expect(await accountsOf(email)).toHaveLength(1);
    expect(await ticketsOf(account!.id)).toHaveLength(1);
    expect((await t.outbox.for(email)).filter((mail) => /Пароль:/.test(mail.text))).toHaveLength(1);

    // The mailed password logs in, and the ticket is the account's.
    expect((await t.request('/ajax/login', { method: 'POST', json: { email, password } })).status).toBe(200);
    const list = (await (await t.request('/ajax/cabinet/tickets')).json()) as { data: Array<{ id: number }> };
    expect(list.data.map((row) => row.id)).toContain(body.ticket_id);
  });

  it('two sends of one key at once make one account and one ticket (the second is the replay)', async () => {
    const email = await confirmedEmail('twice');
    const key = randomUUID();
    const [first, second] = await Promise.all([sendRequest(request(email), key), sendRequest(request(email), key)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const [a, b] = (await Promise.all([first.json(), second.json()])) as Array<{ ticket_id: number }>;
    expect(a!.ticket_id).toBe(b!.ticket_id);
    const [account, ...more] = await accountsOf(email);
    expect(more).toHaveLength(0);
    expect(await ticketsOf(account!.id)).toHaveLength(1);
    expect((await t.outbox.for(email)).filter((mail) => /Пароль:/.test(mail.text))).toHaveLength(1);
  });

  it("takes the photos in the same call, as the new account's files; refused, it keeps none", async () => {
    const before = (await t.db.select({ id: files.id }).from(files)).length;
    const refused = await withPhotos(request(uniqueEmail('photoless')));
    expect(refused.status).toBe(422);
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(before);

    const email = await confirmedEmail('photos');
    const key = randomUUID();
    const response = await withPhotos(request(email), key);
    expect(response.status).toBe(200);
    const { ticket_id: ticketId } = (await response.json()) as { ticket_id: number };
    const [account] = await accountsOf(email);
    const [sent] = await t.db.select().from(repairRequests).where(eq(repairRequests.ticketId, ticketId));
    expect(sent!.fileIds).toHaveLength(1);
    const [photo] = await t.db.select().from(files).where(eq(files.id, sent!.fileIds[0]!));
    expect(photo).toMatchObject({ ownerClientId: account!.id });

    const again = await withPhotos(request(email), key);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { ticket_id: number }).ticket_id).toBe(ticketId);
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(before + 1);
  });

  it('another key for an e-mail that has an account now is the 409, and attaches nothing', async () => {
    const email = await confirmedEmail();
    const key = randomUUID();
    expect((await sendRequest(request(email), key)).status).toBe(200);
    const second = await sendRequest(request(email));
    expect(second.status).toBe(409);
    expect((await errorBody(second)).message).toBe(guestMessages.emailRegistered);
    const [account] = await accountsOf(email);
    expect(await ticketsOf(account!.id)).toHaveLength(1);
    // The same key with another body is refused, as everywhere.
    const third = await sendRequest(request(email, { approval_policy: false }), key);
    expect(third.status).toBe(422);
    expect((await errorBody(third)).message).toBe('Ключ идемпотентности уже использован для другого запроса');
    expect(await ticketsOf(account!.id)).toHaveLength(1);
  });

  it('refuses a request whose e-mail no code confirmed in this browser, writing nothing', async () => {
    const email = uniqueEmail('unconfirmed');
    const response = await sendRequest(request(email));
    expect(response.status).toBe(422);
    expect((await errorBody(response)).message).toBe(guestMessages.emailNotConfirmed);
    expect(await accountsOf(email)).toHaveLength(0);

    // Confirmed in one browser, sent from another: refused too.
    const confirmed = await confirmedEmail();
    t.cookies.delete(GUEST_COOKIE);
    const elsewhere = await sendRequest(request(confirmed));
    expect(elsewhere.status).toBe(422);
    expect(await accountsOf(confirmed)).toHaveLength(0);
  });

  it('bad input writes nothing and leaves the code confirmed for the corrected request', async () => {
    const email = await confirmedEmail();
    const noPickup = await sendRequest(
      request(email, { address: { ...request(email).address, pickup_date: '2026-03-04' } }),
    );
    expect(noPickup.status).toBe(422);
    const photo = await sendRequest(request(email, { file_ids: [1] }));
    expect(photo.status).toBe(422);
    const malformed = await sendRequest({ ...request(email), instruments: [] });
    expect(malformed.status).toBe(422);
    // The name the guest typed: letters or hyphen (portal.md §5 Wizard step 1), as the page says.
    const digits = await sendRequest(request(email, { contact: { ...request(email).contact, surname: 'Смирнова2' } }));
    expect(digits.status).toBe(422);
    expect(((await digits.json()) as { errors: Record<string, string[]> }).errors['contact.surname']).toEqual([
      "Допустимы только буквы и символ '-'",
    ]);
    expect(await accountsOf(email)).toHaveLength(0);
    expect((await t.outbox.for(email)).filter((mail) => /Пароль:/.test(mail.text))).toHaveLength(0);
    expect((await sendRequest(request(email))).status).toBe(200);
  });

  it('answers 429 in Russian past the attempts per e-mail', async () => {
    const email = uniqueEmail('flood');
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await sendRequest(request(email))).status).toBe(422);
    const refused = await sendRequest(request(email));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await errorBody(refused)).message).toMatch(/^Слишком много попыток\. Попробуйте через \d+ мин\.$/);
  });
});

describe('the guest code', () => {
  it('is not mailed to an address that has an account (409 in Russian)', async () => {
    const { email } = await insertAccount(t);
    const response = await sendCode(email.toUpperCase());
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      message: guestMessages.emailRegistered,
      errors: { email: [guestMessages.emailRegistered] },
    });
    expect(await t.outbox.for(email)).toHaveLength(0);
  });

  it('refuses a wrong code, dies after 5 guesses and after 10 minutes', async () => {
    const email = uniqueEmail('wrong');
    expect((await sendCode(email)).status).toBe(200);
    const code = await mailedCode(t, email);
    const wrong = await confirm(email, otherCode(code));
    expect(wrong.status).toBe(422);
    expect((await errorBody(wrong)).errors).toEqual({ code: ['Неверный код'] });
    for (let guess = 0; guess < 4; guess += 1) await confirm(email, otherCode(code));
    const spent = await confirm(email, code);
    expect((await errorBody(spent)).errors).toEqual({ code: ['Код больше не действует, запросите новый'] });

    const late = uniqueEmail('late');
    expect((await sendCode(late)).status).toBe(200);
    t.advance(10 * 60 * 1000 + 1);
    const expired = await confirm(late, await mailedCode(t, late));
    expect(expired.status).toBe(422);
    expect((await errorBody(expired)).errors).toEqual({ code: ['Код больше не действует, запросите новый'] });
    expect((await sendRequest(request(late))).status).toBe(422);
  });

  it('works only in the browser that asked for it', async () => {
    const email = uniqueEmail('browser');
    expect((await sendCode(email)).status).toBe(200);
    const asked = t.cookies.get(GUEST_COOKIE);
    expect(asked).toBeTruthy();
    t.cookies.delete(GUEST_COOKIE);
    const elsewhere = await confirm(email, await mailedCode(t, email));
    expect(elsewhere.status).toBe(422);
    expect((await errorBody(elsewhere)).errors).toEqual({ code: [guestMessages.otherBrowser] });
    // No guess was spent there: the browser that asked still has its 5.
    t.cookies.set(GUEST_COOKIE, asked!);
    expect((await confirm(email, await mailedCode(t, email))).status).toBe(200);
  });

  it('answers 429 in Russian past the mails per e-mail', async () => {
    const email = uniqueEmail('bomb');
    for (let mail = 0; mail < 5; mail += 1) {
      expect((await sendCode(email)).status).toBe(200);
      t.advance(31_000);
    }
    const refused = await sendCode(email);
    expect(refused.status).toBe(429);
    expect((await errorBody(refused)).message).toMatch(/^Слишком много попыток\. Попробуйте через \d+ мин\.$/);
    expect(await t.outbox.for(email)).toHaveLength(5);
  });

  it('answers 429 past the mails per address, whatever the e-mails', async () => {
    for (let mail = 0; mail < 20; mail += 1) expect((await sendCode(uniqueEmail('spread'))).status).toBe(200);
    const refused = await sendCode(uniqueEmail('spread'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
  });
});
